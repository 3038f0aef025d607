-- Matching: weekly runs, pair matches (a pair never repeats), per-member results with intros and
-- meeting feedback, relations (like / not interested), bookmarks, intro requests, admin pair
-- scores, credit spending, and members' pause / skip choices.

alter table participants
  -- No weekly match until this day (inclusive); null = active.
  add column matching_paused_until date,
  -- The week (its Tuesday) the member chose to skip.
  add column matching_skip_week date;

-- One weekly run per community and week. `week` is the Tuesday (in the community's time zone)
-- the matches are delivered on.
create table matching_runs (
  community_id  text not null references communities(id) on delete cascade,
  week          date not null,
  seed          bigint not null,
  status        text not null default 'paired' check (status in ('paired', 'mailed')),
  stats         jsonb not null default '{}'::jsonb,
  created_at    timestamptz not null default now(),
  mailed_at     timestamptz,
  primary key (community_id, week)
);

-- A pair of members put together. Stored with participant_low < participant_high so the unique
-- key makes "never the same pair twice" a database guarantee, whatever the source.
create table matches (
  id                uuid primary key default gen_random_uuid(),
  community_id      text not null references communities(id) on delete cascade,
  week              date,                 -- null for on-demand recommendations
  source            text not null check (source in ('WEEKLY', 'ODD_OUT', 'INSTANT', 'ADMIN')),
  participant_low   uuid not null,
  participant_high  uuid not null,
  score             real not null check (score >= 0 and score <= 1),
  breakdown         jsonb not null default '{}'::jsonb,
  reasons           jsonb not null default '[]'::jsonb,
  created_at        timestamptz not null default now(),
  check (participant_low < participant_high),
  unique (community_id, participant_low, participant_high),
  unique (community_id, id),
  foreign key (community_id, participant_low) references participants (community_id, id) on delete cascade,
  foreign key (community_id, participant_high) references participants (community_id, id) on delete cascade
);
create index matches_week on matches (community_id, week);
create index matches_high on matches (community_id, participant_high);

-- What one member sees of a match: the spec's matchingResultId. An odd-member-out
-- recommendation has a result for the recommended member only.
create table matching_results (
  id              uuid primary key default gen_random_uuid(),
  community_id    text not null,
  match_id        uuid not null,
  participant_id  uuid not null,
  subject_id      uuid not null,
  status          text not null default 'NEW' check (status in ('NEW', 'SEEN', 'CONNECTED', 'DISMISSED')),
  intro_message   text,
  intro_sent_at   timestamptz,
  -- Meeting feedback: 1..5, or no_meeting when they never met.
  meeting_score   smallint check (meeting_score between 1 and 5),
  meeting_notes   text,
  no_meeting      boolean not null default false,
  feedback_at     timestamptz,
  -- The member's private note about this contact.
  note            text,
  followup_sent_at timestamptz,
  created_at      timestamptz not null default now(),
  unique (community_id, match_id, participant_id),
  unique (community_id, id),
  foreign key (community_id, match_id) references matches (community_id, id) on delete cascade,
  foreign key (community_id, participant_id) references participants (community_id, id) on delete cascade,
  foreign key (community_id, subject_id) references participants (community_id, id) on delete cascade
);
create index matching_results_member on matching_results (community_id, participant_id, created_at desc);
create index matching_results_pending_feedback on matching_results (community_id, created_at)
  where feedback_at is null and no_meeting = false;

create table relations (
  community_id    text not null,
  participant_id  uuid not null,
  subject_id      uuid not null,
  relation_type   text not null check (relation_type in ('LIKE', 'DISLIKE')),
  reason          text check (reason in ('NOT_INTERESTED', 'ALREADY_KNOW', 'OTHER')),
  note            text,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  primary key (community_id, participant_id, subject_id),
  check (participant_id <> subject_id),
  foreign key (community_id, participant_id) references participants (community_id, id) on delete cascade,
  foreign key (community_id, subject_id) references participants (community_id, id) on delete cascade
);
create index relations_subject on relations (community_id, subject_id);

create table bookmarks (
  community_id    text not null,
  participant_id  uuid not null,
  subject_id      uuid not null,
  created_at      timestamptz not null default now(),
  primary key (community_id, participant_id, subject_id),
  check (participant_id <> subject_id),
  foreign key (community_id, participant_id) references participants (community_id, id) on delete cascade,
  foreign key (community_id, subject_id) references participants (community_id, id) on delete cascade
);

-- "Connect": an intro message from one member to another (the Requests tab). When the recipient
-- hides their contacts, the request goes through the community's moderators.
create table intro_requests (
  id                  uuid primary key default gen_random_uuid(),
  community_id        text not null,
  from_participant_id uuid not null,
  to_participant_id   uuid not null,
  matching_result_id  uuid,
  message             text not null,
  via_moderator       boolean not null default false,
  status              text not null default 'PENDING' check (status in ('PENDING', 'ACCEPTED', 'DECLINED')),
  answer              text,
  created_at          timestamptz not null default now(),
  answered_at         timestamptz,
  unique (community_id, from_participant_id, to_participant_id),
  unique (community_id, id),
  check (from_participant_id <> to_participant_id),
  foreign key (community_id, from_participant_id) references participants (community_id, id) on delete cascade,
  foreign key (community_id, to_participant_id) references participants (community_id, id) on delete cascade,
  foreign key (community_id, matching_result_id) references matching_results (community_id, id) on delete set null (matching_result_id)
);
create index intro_requests_to on intro_requests (community_id, to_participant_id, created_at desc);

-- The admin's pair score (internalAdminScore, 0..10 as on the admin "score match" page): an
-- override / strong prior in relevance.
create table admin_pair_scores (
  community_id      text not null,
  participant_low   uuid not null,
  participant_high  uuid not null,
  score             real not null check (score >= 0 and score <= 10),
  set_by            uuid references users(id) on delete set null,
  updated_at        timestamptz not null default now(),
  primary key (community_id, participant_low, participant_high),
  check (participant_low < participant_high),
  foreign key (community_id, participant_low) references participants (community_id, id) on delete cascade,
  foreign key (community_id, participant_high) references participants (community_id, id) on delete cascade
);

-- Credits spent (INTERESTED_CLICK costs 10). The balance is the weekly allowance minus what was
-- spent since the current period began; it refills at the next period.
create table credit_spends (
  id              uuid primary key default gen_random_uuid(),
  community_id    text not null,
  participant_id  uuid not null,
  kind            text not null,
  cost            int not null check (cost > 0),
  created_at      timestamptz not null default now(),
  foreign key (community_id, participant_id) references participants (community_id, id) on delete cascade
);
create index credit_spends_member on credit_spends (community_id, participant_id, created_at desc);
