-- Chats: one-to-one and group chats between participants of one community, their messages, each
-- member's read marker, and which server process holds a member's open sockets (presence).

create table chats (
  id               uuid primary key default gen_random_uuid(),
  community_id     text not null references communities(id) on delete cascade,
  kind             text not null check (kind in ('DIRECT', 'GROUP')),
  name             text,
  created_by       uuid references participants(id) on delete set null,
  -- A one-to-one chat names its pair low < high, so the unique key makes "one chat per pair" a
  -- database guarantee; both are null for a group.
  direct_low       uuid,
  direct_high      uuid,
  -- No "last activity" column: every message would update this one row, and concurrent senders
  -- of a chat would queue on its lock until each commit. The list orders by the newest message.
  created_at       timestamptz not null default now(),
  check ((kind = 'DIRECT') = (direct_low is not null and direct_high is not null)),
  check (direct_low is null or direct_low < direct_high),
  unique (community_id, id),
  unique (community_id, direct_low, direct_high)
);

create table chat_members (
  community_id   text not null,
  chat_id        uuid not null,
  participant_id uuid not null,
  joined_at      timestamptz not null default now(),
  -- The seq of the newest message this member has read (0: none).
  last_read_seq  bigint not null default 0,
  primary key (community_id, chat_id, participant_id),
  foreign key (community_id, chat_id) references chats (community_id, id) on delete cascade,
  foreign key (community_id, participant_id) references participants (community_id, id) on delete cascade
);
create index chat_members_participant on chat_members (community_id, participant_id);

create table chat_messages (
  id           uuid primary key default gen_random_uuid(),
  -- Order of messages (the history's cursor); identity values only grow.
  seq          bigint generated always as identity,
  community_id text not null,
  chat_id      uuid not null,
  -- Null once the sender's participant is gone; the message stays for the others.
  sender_id    uuid references participants(id) on delete set null,
  text         text not null,
  created_at   timestamptz not null default now(),
  unique (community_id, chat_id, seq),
  foreign key (community_id, chat_id) references chats (community_id, id) on delete cascade
);
create index chat_messages_sender on chat_messages (sender_id) where sender_id is not null;

-- Open STOMP sockets per server process and member: a member is online while any live process
-- holds a row. `node` is a process's random id; `seen_at` is refreshed by that process, so rows of
-- a process that died are recognised as stale and swept.
create table presence_nodes (
  community_id   text not null references communities(id) on delete cascade,
  participant_id uuid not null,
  node           uuid not null,
  seen_at        timestamptz not null default now(),
  primary key (community_id, participant_id, node),
  foreign key (community_id, participant_id) references participants (community_id, id) on delete cascade
);
create index presence_nodes_node on presence_nodes (node);

-- A member's notifications in one community, fed by domain events (an intro received or
-- accepted, a chat message while offline, ...). `data` holds the ids the app needs to render and
-- link it; the text is the app's, by type and language. `dedupe_key` makes a rerun of the
-- event's producer (a retried job) insert nothing twice.
create table notifications (
  id             uuid primary key default gen_random_uuid(),
  -- Order of notifications (GET /notifications/{id}/newer); identity values only grow.
  seq            bigint generated always as identity,
  community_id   text not null,
  participant_id uuid not null,
  type           text not null check (type in ('INTRO_RECEIVED', 'INTRO_ACCEPTED', 'MATCH_OF_THE_WEEK', 'EVENT_APPROVED', 'EVENT_REMINDER', 'CHAT_MESSAGE')),
  data           jsonb not null default '{}'::jsonb,
  dedupe_key     text,
  created_at     timestamptz not null default now(),
  seen_at        timestamptz,
  dismissed_at   timestamptz,
  -- Handled by the e-mail digest (mailed, or the member turned e-mail off): never mailed again.
  digested_at    timestamptz,
  unique (community_id, participant_id, dedupe_key),
  foreign key (community_id, participant_id) references participants (community_id, id) on delete cascade
);
create index notifications_member on notifications (community_id, participant_id, seq desc) where dismissed_at is null;
-- What the digest job scans for: unread, undismissed, not yet handled, oldest first.
create index notifications_digest on notifications (created_at) where seen_at is null and dismissed_at is null and digested_at is null;

-- Which channels a member turned off for notifications (spec: Notification preference, contactType
-- and disable). No row: on.
create table notification_preferences (
  community_id   text not null,
  participant_id uuid not null,
  contact_type   text not null check (contact_type in ('EMAIL', 'TELEGRAM')),
  disable        boolean not null,
  updated_at     timestamptz not null default now(),
  primary key (community_id, participant_id, contact_type),
  foreign key (community_id, participant_id) references participants (community_id, id) on delete cascade
);
