-- Questionnaires have an owner: the community itself (event_id null) or one of its events
-- (event_id set; its foreign key (community_id, event_id) -> events comes with the events table).
-- Question keys stay unique per owner, so `tenant apply` keeps matching community questions by key.
-- Existing rows are all community-owned: nothing to move.
alter table community_questions add column event_id uuid;

alter table community_questions drop constraint community_questions_community_id_key_key;
create unique index community_questions_community_key on community_questions (community_id, key) where event_id is null;
create unique index community_questions_event_key on community_questions (community_id, event_id, key) where event_id is not null;

drop index community_questions_order;
create index community_questions_order on community_questions (community_id, event_id, position);

-- Translations are {language: text} for any supported language.
update community_questions set translations = '{}'::jsonb where jsonb_typeof(translations) <> 'object';
update community_question_options set translations = '{}'::jsonb where jsonb_typeof(translations) <> 'object';
alter table community_questions
  add constraint community_questions_translations_object check (jsonb_typeof(translations) = 'object');
alter table community_question_options
  add constraint community_question_options_translations_object check (jsonb_typeof(translations) = 'object');
