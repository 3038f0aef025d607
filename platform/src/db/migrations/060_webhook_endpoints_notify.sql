-- Webhook subscription cache invalidation (webhooks/subscriptions.ts): every change of which event
-- types a community's enabled endpoints take is announced on the bus channel `webhooks.endpoints`
-- by the database itself, after commit, whoever made it (a service, the CLI, a hand-run UPDATE).
-- The payload is the bus envelope {"d": {"communityId": ...}}.

create function webhook_endpoints_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('webhooks.endpoints',
    json_build_object('d', json_build_object('communityId', case when tg_op = 'DELETE' then old.community_id else new.community_id end))::text);
  return null;
end $$;

create trigger webhook_endpoints_notify after insert or delete on webhook_endpoints
  for each row execute function webhook_endpoints_notify();

create trigger webhook_endpoints_notify_update after update of events, enabled on webhook_endpoints
  for each row
  when (old.events is distinct from new.events or old.enabled is distinct from new.enabled)
  execute function webhook_endpoints_notify();
