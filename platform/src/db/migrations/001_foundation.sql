-- Foundation: communities (tenants), users, sessions, participants, auth tokens, rate limits, mail.
create extension if not exists citext;
create extension if not exists pg_trgm;

create table communities (
  id          text primary key check (id ~ '^[a-z0-9][a-z0-9-]{1,62}$'),
  domain      text not null unique,
  config      jsonb not null,
  landing     jsonb not null default '{}'::jsonb,  -- suffix -> landing document
  navigation  jsonb,
  version     int not null,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);

-- Every host name a tenant answers on: its domain plus aliases.
create table community_domains (
  domain        text primary key,
  community_id  text not null references communities(id) on delete cascade
);
create index community_domains_community on community_domains (community_id);

create table users (
  id                 uuid primary key default gen_random_uuid(),
  email              citext unique,              -- null once the account is deleted
  password_hash      text,
  email_verified_at  timestamptz,
  policy_agreed_at   timestamptz,
  home_community_id  text not null references communities(id),
  preferred_lang     text not null default 'en' check (preferred_lang in ('en', 'ru')),
  is_operator        boolean not null default false,
  enabled            boolean not null default true,
  invited_by         uuid,                       -- participant id of the inviter
  last_login_at      timestamptz,
  deleted_at         timestamptz,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now()
);

-- External identities (Google, OIDC providers), keyed by issuer + subject, never by e-mail.
create table user_identities (
  issuer      text not null,
  subject     text not null,
  user_id     uuid not null references users(id) on delete cascade,
  email       citext,
  created_at  timestamptz not null default now(),
  primary key (issuer, subject)
);
create index user_identities_user on user_identities (user_id);

create table sessions (
  id                text primary key,
  secret_hash       bytea not null,
  user_id           uuid not null references users(id) on delete cascade,
  community_id      text not null references communities(id) on delete cascade,
  auth_method       text not null,
  created_at        timestamptz not null default now(),
  last_verified_at  timestamptz not null default now()
);
create index sessions_user on sessions (user_id);

create table participants (
  id                 uuid primary key default gen_random_uuid(),
  community_id       text not null references communities(id) on delete cascade,
  user_id            uuid not null references users(id) on delete cascade,
  role               text not null default 'member' check (role in ('member', 'moderator', 'admin')),
  moderation_status  text not null default 'pending' check (moderation_status in ('pending', 'confirmed', 'rejected')),
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now(),
  unique (community_id, user_id),
  unique (community_id, id)
);
create index participants_user on participants (user_id);

-- One-time secrets: e-mail codes, magic links, recovery and confirmation links, transfer codes,
-- OAuth2 state. Only a SHA-256 of the secret is stored; consumption is an atomic UPDATE.
create table auth_tokens (
  id            uuid primary key default gen_random_uuid(),
  community_id  text not null references communities(id) on delete cascade,
  kind          text not null check (kind in ('otp', 'magic', 'recovery', 'email_confirm', 'transfer', 'oauth_state')),
  email         citext,
  user_id       uuid references users(id) on delete cascade,
  token_hash    bytea not null,
  data          jsonb not null default '{}'::jsonb,
  attempts      int not null default 0,
  expires_at    timestamptz not null,
  consumed_at   timestamptz,
  created_at    timestamptz not null default now()
);
create unique index auth_tokens_hash on auth_tokens (kind, token_hash);
create index auth_tokens_open on auth_tokens (community_id, kind, email) where consumed_at is null;

-- Fixed-window counters for rate limits, shared by every server instance.
create table rate_limits (
  key           text primary key,
  window_start  timestamptz not null,
  hits          int not null
);

-- Every mail the platform sends. Without SMTP_URL this table is the dev outbox.
create table mail_outbox (
  id            uuid primary key default gen_random_uuid(),
  community_id  text not null references communities(id) on delete cascade,
  dedupe_key    text unique,
  to_email      text not null,
  from_email    text not null,
  template      text not null,
  lang          text not null,
  subject       text not null,
  html          text not null,
  text          text not null,
  status        text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
  attempts      int not null default 0,
  transport     text,
  message_id    text,
  error         text,
  created_at    timestamptz not null default now(),
  sent_at       timestamptz
);
create index mail_outbox_community on mail_outbox (community_id, created_at desc);
create index mail_outbox_to on mail_outbox (to_email, created_at desc);
