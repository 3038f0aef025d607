-- Community mailings (POST /api/community/{id}/participants/notify): one row per mailing with its
-- content per language and audience, one row per recipient (unique per mailing and participant, so
-- a rerun after a crash never queues anyone twice), and the members who unsubscribed.

-- Extra headers of an outbox mail (List-Unsubscribe, List-Unsubscribe-Post: RFC 8058).
alter table mail_outbox add column headers jsonb not null default '{}'::jsonb;

create table mailings (
  id             uuid primary key default gen_random_uuid(),
  community_id   text not null references communities(id) on delete cascade,
  kind           text not null default 'email' check (kind in ('email')),
  -- {"en": {"subject": "...", "body": "..."}, "ru": {...}}: at least the community's language.
  content        jsonb not null,
  -- The audience filter as sent: {"statuses": [...], "roles": [...], "langs": [...], "participantIds": [...]}.
  audience       jsonb not null,
  status         text not null default 'queued' check (status in ('queued', 'sending', 'done')),
  total          int not null default 0,
  created_by     uuid references users(id) on delete set null,
  created_at     timestamptz not null default now(),
  finished_at    timestamptz,
  unique (community_id, id)
);
create index mailings_community_time on mailings (community_id, created_at desc);

create table mailing_recipients (
  community_id    text not null,
  mailing_id      uuid not null,
  participant_id  uuid not null,
  user_id         uuid not null references users(id) on delete cascade,
  email           text not null,
  lang            text not null check (lang in ('en', 'ru')),
  -- pending: not yet in the outbox; queued: its outbox row exists (sent or not); skipped: unsubscribed meanwhile.
  status          text not null default 'pending' check (status in ('pending', 'queued', 'skipped')),
  outbox_id       uuid references mail_outbox(id) on delete set null,
  -- SHA-256 (hex) of the recipient's one-click unsubscribe token, set when the mail is queued.
  unsubscribe_hash text unique,
  primary key (mailing_id, participant_id),
  foreign key (community_id, mailing_id) references mailings (community_id, id) on delete cascade
);
create index mailing_recipients_pending on mailing_recipients (mailing_id) where status = 'pending';

create table mail_unsubscribes (
  community_id  text not null references communities(id) on delete cascade,
  user_id       uuid not null references users(id) on delete cascade,
  created_at    timestamptz not null default now(),
  primary key (community_id, user_id)
);
