-- Audit log: every admin, moderator, operator (and organizer) write records one row, in the same
-- transaction as the change, so a rolled-back change leaves no trace and a committed one always has one.
create table audit_events (
  id             bigint generated always as identity primary key,
  community_id   text not null references communities(id) on delete cascade,
  -- 'user' (a signed-in admin, moderator or operator), 'operator' (the CLI) or 'system' (a job, the server's start-up).
  actor_kind     text not null check (actor_kind in ('user', 'operator', 'system')),
  actor_user_id  uuid references users(id) on delete set null,
  -- The job's name for 'system'; the e-mail for a user, kept when the account is deleted.
  actor_label    text,
  action         text not null check (action ~ '^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$'),
  target_type    text not null,
  target_id      text,
  before         jsonb,
  after          jsonb,
  request_id     text,
  created_at     timestamptz not null default now()
);

create index audit_events_community_time on audit_events (community_id, created_at desc, id desc);
create index audit_events_community_action on audit_events (community_id, action, created_at desc);
create index audit_events_community_target on audit_events (community_id, target_type, target_id);
create index audit_events_actor on audit_events (actor_user_id) where actor_user_id is not null;
