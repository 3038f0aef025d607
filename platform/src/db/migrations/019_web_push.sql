-- Web-push subscriptions a member's browser registered (POST /api/current-user/web-push). Web
-- push is off in this build (spec 9): they are only validated and stored, nothing is sent.
-- One row per browser endpoint and community; a browser registering again replaces its keys.

create table web_push_subscriptions (
  id               uuid primary key default gen_random_uuid(),
  community_id     text not null references communities(id) on delete cascade,
  user_id          uuid not null references users(id) on delete cascade,
  endpoint         text not null,
  p256dh           text not null,
  auth             text not null,
  expiration_time  timestamptz,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  unique (community_id, endpoint)
);

create index web_push_subscriptions_user on web_push_subscriptions (user_id);
