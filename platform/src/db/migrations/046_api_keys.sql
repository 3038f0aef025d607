-- Community API keys (issue 26): an admin issues a key to a CRM or a script. Only the SHA-256 of
-- the secret is kept (the secret has 256 random bits, so a fast hash is enough); `prefix` is the
-- first characters, shown in the console so a key can be told apart. A key acts as the admin who
-- made it, within its scopes, and only while that admin is still an admin of the community.
create table api_keys (
  community_id  text not null references communities(id) on delete cascade,
  id            uuid not null default gen_random_uuid(),
  name          text not null check (length(name) between 1 and 100),
  prefix        text not null,
  key_hash      text not null unique,
  scopes        text[] not null,
  -- Scopes the key has used at least once: the first use of each is written to the audit log.
  used_scopes   text[] not null default '{}',
  created_by    uuid references users(id) on delete set null,
  created_at    timestamptz not null default now(),
  expires_at    timestamptz,
  revoked_at    timestamptz,
  last_used_at  timestamptz,
  last_used_ip  text,
  primary key (community_id, id)
);
create unique index api_keys_id on api_keys (id);

-- Idempotency-Key on key-authenticated POSTs that create things: the first answer is kept for a
-- day and given again to a retry with the same key and body.
create table api_idempotency (
  community_id     text not null references communities(id) on delete cascade,
  key_id           uuid not null references api_keys(id) on delete cascade,
  idempotency_key  text not null,
  request_hash     text not null,
  status           integer,
  body             jsonb,
  created_at       timestamptz not null default now(),
  primary key (community_id, key_id, idempotency_key)
);
create index api_idempotency_created on api_idempotency (created_at);
