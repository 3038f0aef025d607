-- Session cache invalidation (auth/session-cache.ts): every change that makes a cached session
-- lookup wrong is announced on the bus channel `auth.sessions` by the database itself, so no
-- writer (a service, the CLI, a hand-run UPDATE) can forget it, and PostgreSQL delivers it only
-- once the change commits. The payload is the bus envelope {"d": {...}}. Users without a session
-- are not announced, so bulk loads (the demo seed) stay silent.

create function sessions_notify_deleted() returns trigger language plpgsql as $$
begin
  perform pg_notify('auth.sessions', json_build_object('d', json_build_object('sessionId', old.id))::text);
  return null;
end $$;

create trigger sessions_notify_deleted after delete on sessions
  for each row execute function sessions_notify_deleted();

create function sessions_notify_user(uid uuid) returns void language plpgsql as $$
begin
  if exists (select 1 from sessions where user_id = uid) then
    perform pg_notify('auth.sessions', json_build_object('d', json_build_object('userId', uid))::text);
  end if;
end $$;

create function users_notify_sessions() returns trigger language plpgsql as $$
begin
  perform sessions_notify_user(new.id);
  return null;
end $$;

create function participants_notify_sessions() returns trigger language plpgsql as $$
begin
  perform sessions_notify_user(case when tg_op = 'DELETE' then old.user_id else new.user_id end);
  return null;
end $$;

-- What a session lookup reads of the user: enabled, deleted, operator, e-mail.
create trigger users_notify_sessions after update of is_operator, enabled, deleted_at, email on users
  for each row
  when (old.is_operator is distinct from new.is_operator or old.enabled is distinct from new.enabled
        or old.deleted_at is distinct from new.deleted_at or old.email is distinct from new.email)
  execute function users_notify_sessions();

-- And of the participant in the session's community: whether there is one, its role, moderation
-- status and profile completion.
create trigger participants_notify_sessions after insert or delete on participants
  for each row execute function participants_notify_sessions();

create trigger participants_notify_sessions_update after update of role, moderation_status, profile_completed_at on participants
  for each row
  when (old.role is distinct from new.role or old.moderation_status is distinct from new.moderation_status
        or (old.profile_completed_at is null) <> (new.profile_completed_at is null))
  execute function participants_notify_sessions();
