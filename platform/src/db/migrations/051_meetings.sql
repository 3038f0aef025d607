-- Meetings: from a weekly match or an accepted intro to a booked 30-minute meeting. Members'
-- weekly availability, the meeting of a pair with its proposed slots, and the notification types
-- the meetings send (docs/meetings.md).

-- A member's weekly availability in one community. No row: the community's defaults
-- (tenant.json `meetings`). `windows`: [{day: 1..7 (Monday = 1), from: "HH:MM", to: "HH:MM"}] in
-- `time_zone`; `formats`: the ways the member likes to meet, first preferred.
create table meeting_availability (
  community_id    text not null,
  participant_id  uuid not null,
  time_zone       text not null,
  windows         jsonb not null default '[]'::jsonb,
  formats         text[] not null default '{VIDEO}',
  city            text,
  updated_at      timestamptz not null default now(),
  primary key (community_id, participant_id),
  foreign key (community_id, participant_id) references participants (community_id, id) on delete cascade
);

-- One meeting of a pair (participant_low < participant_high). PROPOSED: `slots` offered to both;
-- PICKED: `picked_by` chose `starts_at`, the other confirms; CONFIRMED: booked (invitations sent,
-- `sequence` is the iCalendar SEQUENCE of the last one); CANCELLED. At most one open meeting per
-- pair: the partial unique index makes a second proposal for the same pair a no-op.
create table meetings (
  id                uuid primary key default gen_random_uuid(),
  community_id      text not null references communities(id) on delete cascade,
  source            text not null check (source in ('WEEKLY', 'INTRO')),
  match_id          uuid,
  intro_id          uuid,
  participant_low   uuid not null,
  participant_high  uuid not null,
  status            text not null default 'PROPOSED' check (status in ('PROPOSED', 'PICKED', 'CONFIRMED', 'CANCELLED')),
  slots             jsonb not null default '[]'::jsonb,
  proposed_by       uuid,
  picked_by         uuid,
  starts_at         timestamptz,
  ends_at           timestamptz,
  format            text not null default 'VIDEO' check (format in ('VIDEO', 'PHONE', 'IN_PERSON')),
  location          text,
  sequence          int not null default 0,
  invited           boolean not null default false,
  note              text,
  cancelled_by      uuid,
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now(),
  confirmed_at      timestamptz,
  cancelled_at      timestamptz,
  check (participant_low < participant_high),
  check (status not in ('PICKED', 'CONFIRMED') or (starts_at is not null and ends_at is not null)),
  unique (community_id, id),
  foreign key (community_id, participant_low) references participants (community_id, id) on delete cascade,
  foreign key (community_id, participant_high) references participants (community_id, id) on delete cascade
);
create unique index meetings_open_pair on meetings (community_id, participant_low, participant_high) where status <> 'CANCELLED';
create index meetings_low on meetings (community_id, participant_low, starts_at);
create index meetings_high on meetings (community_id, participant_high, starts_at);
create index meetings_week on meetings (community_id, created_at);

alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in (
  'INTRO_RECEIVED', 'INTRO_ACCEPTED', 'MATCH_OF_THE_WEEK', 'EVENT_APPROVED', 'EVENT_REMINDER', 'CHAT_MESSAGE',
  'MEETING_PROPOSED', 'MEETING_PICKED', 'MEETING_CONFIRMED', 'MEETING_CANCELLED', 'MEETING_REMINDER'));
