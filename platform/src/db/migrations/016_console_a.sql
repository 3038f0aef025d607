-- Console part A: moderation decisions with a reason the member sees, admin notes of the members
-- CRM, and e-mail invitations.

-- Why a profile was rejected (shown in the member's rejection banner); cleared by any later decision.
alter table participants
  add column moderation_reason  text check (char_length(moderation_reason) <= 500),
  add column moderated_at       timestamptz;

-- Private notes of the community's staff about a member (the CRM timeline).
create table participant_admin_notes (
  id              uuid primary key default gen_random_uuid(),
  community_id    text not null,
  participant_id  uuid not null,
  author_user_id  uuid references users(id) on delete set null,
  text            text not null check (char_length(text) between 1 and 2000),
  created_at      timestamptz not null default now(),
  unique (community_id, id),
  foreign key (community_id, participant_id) references participants (community_id, id) on delete cascade
);
create index participant_admin_notes_member on participant_admin_notes (community_id, participant_id, created_at desc);

-- Invitations by e-mail. `invited_by` is the inviting admin's participant (the invitedBy value the
-- sign-up carries); whether the invitee joined is read from participants, not stored twice.
create table invitations (
  id              uuid primary key default gen_random_uuid(),
  community_id    text not null references communities(id) on delete cascade,
  email           citext not null,
  invited_by      uuid,
  sends           int not null default 1,
  created_at      timestamptz not null default now(),
  last_sent_at    timestamptz not null default now(),
  unique (community_id, email),
  unique (community_id, id),
  foreign key (community_id, invited_by) references participants (community_id, id) on delete set null (invited_by)
);
create index invitations_recent on invitations (community_id, last_sent_at desc);
