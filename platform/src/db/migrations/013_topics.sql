-- A community's taxonomy of needs and offers ("topics"): tenant.json `topics`, edited in the console.
-- Members pick from it what they need help with and what they can help with (participants.need_topics,
-- offer_topics, by key). A topic is never deleted, only archived: members' picks of an archived topic
-- stay stored (so bringing the topic back restores them) but are neither offered nor matched on.
create table community_topics (
  community_id  text not null references communities(id) on delete cascade,
  key           text not null check (key ~ '^[a-z][a-z0-9_]{0,39}$'),
  labels        jsonb not null default '{}'::jsonb check (jsonb_typeof(labels) = 'object'),
  position      int not null default 0,
  archived_at   timestamptz,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now(),
  primary key (community_id, key)
);
create index community_topics_order on community_topics (community_id, position) where archived_at is null;

alter table participants
  add column need_topics text[] not null default '{}',
  add column offer_topics text[] not null default '{}';
