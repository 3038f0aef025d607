-- Outgoing webhooks (issue 26): endpoints an admin registers, and one delivery row per event and
-- endpoint, inserted in the transaction of the change. Deliveries of one endpoint that share an
-- ordering key (the member, or the event) are sent one after another in `seq` order; a delivery
-- being sent holds a lease, so two workers never send it at once and a dead worker's lease runs out.
create table webhook_endpoints (
  community_id           text not null references communities(id) on delete cascade,
  id                     uuid not null default gen_random_uuid(),
  url                    text not null,
  description            text not null default '',
  events                 text[] not null,
  -- Standard Webhooks secret, `whsec_` + base64 of 32 random bytes.
  secret                 text not null,
  -- After a rotation the old secret also signs, for 24 hours, so receivers can switch.
  previous_secret        text,
  previous_secret_until  timestamptz,
  enabled                boolean not null default true,
  disabled_reason        text,
  created_at             timestamptz not null default now(),
  updated_at             timestamptz not null default now(),
  primary key (community_id, id)
);
create unique index webhook_endpoints_id on webhook_endpoints (id);

create table webhook_deliveries (
  community_id     text not null,
  id               uuid not null default gen_random_uuid(),
  seq              bigint generated always as identity,
  endpoint_id      uuid not null,
  -- The event's id (`webhook-id`), the same for every endpoint that receives it.
  message_id       text not null,
  event_type       text not null,
  ordering_key     text not null,
  payload          jsonb not null,
  status           text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  attempts         integer not null default 0,
  next_attempt_at  timestamptz not null default now(),
  lease_until      timestamptz,
  last_status_code integer,
  last_latency_ms  integer,
  last_error       text,
  created_at       timestamptz not null default now(),
  finished_at      timestamptz,
  primary key (community_id, id),
  foreign key (community_id, endpoint_id) references webhook_endpoints (community_id, id) on delete cascade
);
create index webhook_deliveries_queue on webhook_deliveries (community_id, endpoint_id, ordering_key, seq) where status = 'pending';
create index webhook_deliveries_list on webhook_deliveries (community_id, endpoint_id, seq desc);
