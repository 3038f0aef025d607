-- Members: the participant profile, contacts and privacy, preferences, the directory's search
-- document, and community onboarding questions with members' answers.
create extension if not exists btree_gin;

alter table participants
  add column slug                  text,
  add column first_name            text not null default '',
  add column last_name             text not null default '',
  add column phone                 text,
  add column company               text,
  add column position              text,
  add column about                 text,
  add column looking_for           text[] not null default '{}'
    check (looking_for <@ array['LOOKING_FOR', 'CAN_HELP_WITH', 'NEED_HELP_WITH', 'MEET_NEW_PEOPLE', 'OPEN_TO_ANY', 'OTHER']),
  add column looking_for_text      text,
  add column can_help_with_text    text,
  add column goal                  text,
  add column city                  text,
  add column share_location        boolean not null default false,
  add column latitude              double precision check (latitude between -90 and 90),
  add column longitude             double precision check (longitude between -180 and 180),
  -- {TYPE: normalised value}; types are the spec's contact types.
  add column contacts              jsonb not null default '{}'::jsonb check (jsonb_typeof(contacts) = 'object'),
  add column privacy               text not null default 'NONE' check (privacy in ('NONE', 'PRIVATE', 'CUSTOM')),
  add column hidden_contacts       text[] not null default '{}',
  add column tags                  text[] not null default '{}',
  -- Preferred language in this community; null means the user's or the community's.
  add column language              text check (language in ('en', 'ru')),
  add column networking_enabled    boolean not null default true,
  -- Admin toggle: a disabled profile is hidden from other members.
  add column profile_enabled       boolean not null default true,
  add column tutorial_seen         boolean not null default false,
  -- {CONTACT_TYPE: true} for notification channels the member turned off.
  add column notification_prefs    jsonb not null default '{}'::jsonb check (jsonb_typeof(notification_prefs) = 'object'),
  add column invited_by            uuid references participants(id) on delete set null,
  add column profile_completed_at  timestamptz;

-- Rows inserted without a slug (admin tooling, seeds, tests) still get a unique one; the service
-- generates readable slugs from the name.
update participants set slug = replace(id::text, '-', '') where slug is null;
alter table participants alter column slug set not null;
alter table participants add constraint participants_slug_format check (slug ~ '^[a-z0-9][a-z0-9-]{0,79}$');
alter table participants add constraint participants_community_slug unique (community_id, slug);

create function participants_default_slug() returns trigger language plpgsql as $$
begin
  if new.slug is null then
    new.slug := replace(new.id::text, '-', '');
  end if;
  return new;
end $$;
create trigger participants_default_slug before insert on participants
  for each row execute function participants_default_slug();

-- array_to_string is only STABLE in general, but for text[] it is immutable, which a generated
-- column needs.
create function participant_search_document(
  first_name text, last_name text, company text, "position" text, tags text[],
  about text, looking_for_text text, can_help_with_text text
) returns tsvector language sql immutable parallel safe as $$
  select setweight(to_tsvector('simple'::regconfig, coalesce(first_name, '') || ' ' || coalesce(last_name, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, coalesce(company, '') || ' ' || coalesce("position", '') || ' '
           || coalesce(array_to_string(tags, ' '), '')), 'B')
      || setweight(to_tsvector('simple'::regconfig, coalesce(about, '') || ' ' || coalesce(looking_for_text, '') || ' '
           || coalesce(can_help_with_text, '')), 'C')
$$;

alter table participants
  add column full_name text generated always as (btrim(first_name || ' ' || last_name)) stored,
  add column search_document tsvector generated always as (
    participant_search_document(first_name, last_name, company, "position", tags, about, looking_for_text, can_help_with_text)
  ) stored;

create index participants_search on participants using gin (community_id, search_document);
create index participants_full_name_trgm on participants using gin (community_id, full_name gin_trgm_ops);
create index participants_tags on participants using gin (community_id, tags);
create index participants_community_created on participants (community_id, created_at desc);

-- Onboarding questions of a community. `key` is stable across `tenant apply` runs.
create table community_questions (
  id               uuid primary key default gen_random_uuid(),
  community_id     text not null references communities(id) on delete cascade,
  key              text not null,
  text             text not null,
  position         int not null default 0,
  type             text not null check (type in ('TEXT', 'RADIO', 'CHECKBOX')),
  visible          boolean not null default true,
  required         boolean not null default false,
  translation_key  text not null default gen_random_uuid()::text,
  translations     jsonb not null default '{}'::jsonb,   -- {en?: text, ru?: text}
  max_choices      int check (max_choices is null or max_choices >= 1),
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  unique (community_id, key),
  unique (community_id, id),
  unique (community_id, translation_key)
);
create index community_questions_order on community_questions (community_id, position);

create table community_question_options (
  id            uuid primary key default gen_random_uuid(),
  community_id  text not null,
  question_id   uuid not null,
  key           text not null,
  text          text not null,
  position      int not null default 0,
  visible       boolean not null default true,
  active        boolean not null default true,
  "group"       text,
  category      text,
  type          text not null default 'PREDEFINED' check (type in ('PREDEFINED', 'FREE_TEXT')),
  translations  jsonb not null default '{}'::jsonb,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now(),
  foreign key (community_id, question_id) references community_questions (community_id, id) on delete cascade,
  unique (community_id, question_id, key),
  unique (community_id, id)
);
create index community_question_options_order on community_question_options (community_id, question_id, position);

create table participant_answers (
  community_id    text not null,
  participant_id  uuid not null,
  question_id     uuid not null,
  option_ids      uuid[] not null default '{}',
  text            text check (char_length(text) < 256),
  answered_at     timestamptz not null default now(),
  primary key (community_id, participant_id, question_id),
  foreign key (community_id, participant_id) references participants (community_id, id) on delete cascade,
  foreign key (community_id, question_id) references community_questions (community_id, id) on delete cascade
);
create index participant_answers_question on participant_answers (community_id, question_id);
