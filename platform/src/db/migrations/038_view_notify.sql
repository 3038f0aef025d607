-- Member view cache invalidation (auth/view-cache.ts): the signed-in member's current-user and own
-- profile answers are kept in process, and every change that would alter them is announced on the
-- bus channel `account.views` by the database itself after commit, however it is written (a
-- verb, the CLI, a hand-run UPDATE). The payload is the bus envelope {"d": {...}}. As with
-- `auth.sessions` (010), users without a session are not announced (nothing of theirs is cached),
-- so bulk loads stay silent; PostgreSQL folds identical notices of one transaction into one.

create function views_notify_user(uid uuid) returns void language plpgsql as $$
begin
  if exists (select 1 from sessions where user_id = uid) then
    perform pg_notify('account.views', json_build_object('d', json_build_object('userId', uid))::text);
  end if;
end $$;

create function users_notify_views() returns trigger language plpgsql as $$
begin
  perform views_notify_user(new.id);
  return null;
end $$;

create function participants_notify_views() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform views_notify_user(old.user_id);
  else
    perform views_notify_user(new.user_id);
    -- A participant handed to another user (not done today) changes both users' views.
    if tg_op = 'UPDATE' and old.user_id is distinct from new.user_id then
      perform views_notify_user(old.user_id);
    end if;
  end if;
  return null;
end $$;

-- Every column GET /api/current-user shows of the user (last_login_at, password_hash and the
-- like are not shown and stay silent).
create trigger users_notify_views after update of email, email_verified_at, policy_agreed_at, home_community_id,
    preferred_lang, is_operator, enabled, deleted_at on users
  for each row
  when (old.email is distinct from new.email or old.email_verified_at is distinct from new.email_verified_at
        or old.policy_agreed_at is distinct from new.policy_agreed_at or old.home_community_id is distinct from new.home_community_id
        or old.preferred_lang is distinct from new.preferred_lang or old.is_operator is distinct from new.is_operator
        or old.enabled is distinct from new.enabled or old.deleted_at is distinct from new.deleted_at)
  execute function users_notify_views();

-- Any change of a participant row: the profile shows nearly every column, current-user lists the
-- user's participants in every community.
create trigger participants_notify_views after insert or delete on participants
  for each row execute function participants_notify_views();

create trigger participants_notify_views_update after update on participants
  for each row when (old.* is distinct from new.*) execute function participants_notify_views();

-- The profile lists only the community's active topics among its picks: a topic archived,
-- restored or removed changes every cached profile of the community.
create function community_topics_notify_views() returns trigger language plpgsql as $$
begin
  perform pg_notify('account.views', json_build_object('d', json_build_object('communityId',
    case when tg_op = 'DELETE' then old.community_id else new.community_id end))::text);
  return null;
end $$;

create trigger community_topics_notify_views after insert or update or delete on community_topics
  for each row execute function community_topics_notify_views();
