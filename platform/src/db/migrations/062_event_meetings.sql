-- Event 1:1 meetings (issue 28 item 5): for an event with attendee matchmaking on, the organizers
-- define meeting slots and optional tables (or rooms); a confirmed attendee requests a 1:1 with
-- another; the other accepts or declines; an accepted meeting gets a slot and a table
-- (docs/meetings.md "At events").

create table event_meeting_slots (
  id            uuid primary key default gen_random_uuid(),
  community_id  text not null,
  event_id      uuid not null,
  starts_at     timestamptz not null,
  ends_at       timestamptz not null,
  check (starts_at < ends_at),
  unique (community_id, id),
  unique (community_id, event_id, starts_at),
  foreign key (community_id, event_id) references events (community_id, id) on delete cascade
);

create table event_meeting_tables (
  id            uuid primary key default gen_random_uuid(),
  community_id  text not null,
  event_id      uuid not null,
  name          text not null,
  position      int not null default 0,
  unique (community_id, id),
  unique (community_id, event_id, name),
  foreign key (community_id, event_id) references events (community_id, id) on delete cascade
);

-- REQUESTED by `requester_id` of `invitee_id`; ACCEPTED (then `slot_id`, and `table_id` when the
-- event has tables); DECLINED; CANCELLED. One open request per pair and event.
create table event_meetings (
  id                uuid primary key default gen_random_uuid(),
  community_id      text not null,
  event_id          uuid not null,
  requester_id      uuid not null,
  invitee_id        uuid not null,
  participant_low   uuid not null generated always as (least(requester_id, invitee_id)) stored,
  participant_high  uuid not null generated always as (greatest(requester_id, invitee_id)) stored,
  status            text not null default 'REQUESTED' check (status in ('REQUESTED', 'ACCEPTED', 'DECLINED', 'CANCELLED')),
  message           text,
  slot_id           uuid,
  table_id          uuid,
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now(),
  check (requester_id <> invitee_id),
  check (status <> 'ACCEPTED' or slot_id is not null),
  unique (community_id, id),
  foreign key (community_id, event_id) references events (community_id, id) on delete cascade,
  foreign key (community_id, requester_id) references participants (community_id, id) on delete cascade,
  foreign key (community_id, invitee_id) references participants (community_id, id) on delete cascade,
  foreign key (community_id, slot_id) references event_meeting_slots (community_id, id),
  foreign key (community_id, table_id) references event_meeting_tables (community_id, id)
);
create unique index event_meetings_open_pair on event_meetings (community_id, event_id, participant_low, participant_high)
  where status in ('REQUESTED', 'ACCEPTED');
-- No table holds two meetings in one slot.
create unique index event_meetings_table_slot on event_meetings (community_id, slot_id, table_id)
  where status = 'ACCEPTED' and table_id is not null;
create index event_meetings_event on event_meetings (community_id, event_id, status);

-- Who sits where in which slot: one row per attendee of an accepted meeting, so no attendee is in
-- two meetings in one slot (the primary key), whatever the order of concurrent accepts.
create table event_meeting_seats (
  community_id    text not null,
  slot_id         uuid not null,
  participant_id  uuid not null,
  meeting_id      uuid not null,
  primary key (community_id, slot_id, participant_id),
  foreign key (community_id, slot_id) references event_meeting_slots (community_id, id) on delete cascade,
  foreign key (community_id, meeting_id) references event_meetings (community_id, id) on delete cascade
);
create index event_meeting_seats_meeting on event_meeting_seats (community_id, meeting_id);
