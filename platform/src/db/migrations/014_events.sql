-- Events: a community's events, their organizers (event responsibles), members' participations
-- and event onboarding completions. Event questionnaires live in community_questions (event_id,
-- migration 012), whose foreign key to events comes here.

create table events (
  id                   uuid not null default gen_random_uuid(),
  community_id         text not null references communities(id) on delete cascade,
  created_by           uuid references users(id) on delete set null,
  -- Letters (any script), digits and hyphens: checked by the service, whose notion of a letter is Unicode's.
  slug                 text not null check (char_length(slug) between 1 and 80 and slug !~ '[[:space:]/?#%]'),
  title                text not null,
  description          text not null,
  -- {language: {title?, description?}} for the community's languages.
  translations         jsonb not null default '{}'::jsonb check (jsonb_typeof(translations) = 'object'),
  event_date           date not null,
  start_time           time not null,
  end_time             time,
  time_zone            text not null,
  -- The start and the end as instants, computed from date, times and time zone when written:
  -- "upcoming" and "past" compare ends_at with now().
  starts_at            timestamptz not null,
  ends_at              timestamptz not null,
  address              text,
  latitude             double precision check (latitude between -90 and 90),
  longitude            double precision check (longitude between -180 and 180),
  maps_link            text,
  country              text not null,
  region               text,
  city                 text not null,
  postal_code          text,
  location_visibility  text not null default 'FULL' check (location_visibility in
    ('FULL', 'WITHOUT_STREET', 'COUNTRY_CITY', 'CITY_ONLY', 'COUNTRY_ONLY', 'STREET_ONLY', 'REGION_CITY', 'POSTAL_CITY', 'NONE', 'PUBLIC', 'PRIVATE')),
  type                 text not null check (type in ('ONLINE', 'OFFLINE')),
  online_link          text,
  paid                 boolean not null default false,
  price                numeric(12, 2) check (price is null or price >= 0),
  payment_link         text,
  visibility           text not null default 'PUBLIC' check (visibility in ('PUBLIC', 'PRIVATE')),
  approval_required    boolean not null default false,
  onboarding_enabled   boolean not null default false,
  max_participants     int check (max_participants is null or max_participants >= 1),
  organizer_contact    text not null,
  -- {id, sizes: {"108", "256", "512"}} of a media object (images module).
  image                jsonb,
  created_at           timestamptz not null default now(),
  updated_at           timestamptz not null default now(),
  primary key (id),
  unique (community_id, id),
  check (ends_at >= starts_at),
  check (not paid or (price > 0 and payment_link is not null)),
  check (type <> 'ONLINE' or online_link is not null)
);
create unique index events_community_slug on events (community_id, lower(slug));
create index events_community_ends on events (community_id, ends_at);
create index events_community_starts on events (community_id, starts_at);

alter table community_questions
  add constraint community_questions_event foreign key (community_id, event_id) references events (community_id, id) on delete cascade;

-- Event responsibles: users (participants of the event's community) who run the event.
create table event_responsibles (
  community_id  text not null,
  event_id      uuid not null,
  user_id       uuid not null references users(id) on delete cascade,
  created_at    timestamptz not null default now(),
  primary key (community_id, event_id, user_id),
  foreign key (community_id, event_id) references events (community_id, id) on delete cascade
);
create index event_responsibles_user on event_responsibles (community_id, user_id);

-- One row per member and event; its status follows the state machine of spec 4.5 (events/participation.ts).
create table event_participations (
  community_id       text not null,
  event_id           uuid not null,
  participant_id     uuid not null,
  status             text not null check (status in ('CONFIRMED', 'PENDING', 'REJECTED', 'CANCELLED')),
  -- Why a participation is PENDING: the organizers approve it, the payment is not confirmed yet,
  -- or the event is full (the waitlist, served first come first served by waitlisted_at).
  pending_reason     text check (pending_reason in ('APPROVAL', 'PAYMENT', 'WAITLIST')),
  payment_status     text not null default 'NONE' check (payment_status in ('NONE', 'AWAITING', 'PAID')),
  waitlisted_at      timestamptz,
  joined_at          timestamptz not null default now(),
  status_changed_at  timestamptz not null default now(),
  primary key (community_id, event_id, participant_id),
  foreign key (community_id, event_id) references events (community_id, id) on delete cascade,
  foreign key (community_id, participant_id) references participants (community_id, id) on delete cascade,
  check ((status = 'PENDING') = (pending_reason is not null))
);
create index event_participations_status on event_participations (community_id, event_id, status, status_changed_at);
create index event_participations_waitlist on event_participations (community_id, event_id, waitlisted_at)
  where status = 'PENDING' and pending_reason = 'WAITLIST';
create index event_participations_participant on event_participations (community_id, participant_id);

-- A member finished an event's onboarding (every required question answered at that moment).
create table event_onboarding_completions (
  community_id    text not null,
  event_id        uuid not null,
  participant_id  uuid not null,
  completed_at    timestamptz not null default now(),
  primary key (community_id, event_id, participant_id),
  foreign key (community_id, event_id) references events (community_id, id) on delete cascade,
  foreign key (community_id, participant_id) references participants (community_id, id) on delete cascade
);

-- Mail can carry small text files (the event confirmation carries its .ics).
alter table mail_outbox add column attachments jsonb check (attachments is null or jsonb_typeof(attachments) = 'array');
