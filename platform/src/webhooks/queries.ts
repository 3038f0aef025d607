import type { Db } from "../db/client.ts";

export type EndpointRow = {
  id: string;
  url: string;
  description: string;
  events: string[];
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
  enabled: boolean;
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const ENDPOINT = `id, url, description, events, secret, previous_secret as "previousSecret", previous_secret_until as "previousSecretUntil",
  enabled, disabled_reason as "disabledReason", created_at as "createdAt", updated_at as "updatedAt"`;

export async function insertEndpoint(db: Db, communityId: string, e: { url: string; description: string; events: string[]; secret: string }): Promise<EndpointRow> {
  const [row] = await db<EndpointRow[]>`
    insert into webhook_endpoints (community_id, url, description, events, secret) values (${communityId}, ${e.url}, ${e.description}, ${e.events}, ${e.secret})
    returning ${db.unsafe(ENDPOINT)}`;
  if (!row) throw new Error("insert webhook_endpoints returned no row");
  return row;
}

export function listEndpoints(db: Db, communityId: string): Promise<EndpointRow[]> {
  return db<EndpointRow[]>`select ${db.unsafe(ENDPOINT)} from webhook_endpoints where community_id = ${communityId} order by created_at desc, id`;
}

export async function findEndpoint(db: Db, communityId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<EndpointRow | undefined> {
  const [row] = opts.forUpdate
    ? await db<EndpointRow[]>`select ${db.unsafe(ENDPOINT)} from webhook_endpoints where community_id = ${communityId} and id = ${id} for update`
    : await db<EndpointRow[]>`select ${db.unsafe(ENDPOINT)} from webhook_endpoints where community_id = ${communityId} and id = ${id}`;
  return row;
}

export async function updateEndpoint(
  db: Db,
  communityId: string,
  id: string,
  p: { url?: string | undefined; description?: string | undefined; events?: string[] | undefined; enabled?: boolean | undefined },
): Promise<EndpointRow | undefined> {
  const [row] = await db<EndpointRow[]>`
    update webhook_endpoints set
      url = coalesce(${p.url ?? null}, url),
      description = coalesce(${p.description ?? null}, description),
      events = coalesce(${p.events ?? null}::text[], events),
      enabled = coalesce(${p.enabled ?? null}::boolean, enabled),
      disabled_reason = case when ${p.enabled ?? null}::boolean then null else disabled_reason end,
      updated_at = now()
    where community_id = ${communityId} and id = ${id}
    returning ${db.unsafe(ENDPOINT)}`;
  return row;
}

export async function rotateEndpointSecret(db: Db, communityId: string, id: string, secret: string, keepOldHours: number): Promise<EndpointRow | undefined> {
  const [row] = await db<EndpointRow[]>`
    update webhook_endpoints set previous_secret = secret, previous_secret_until = now() + make_interval(hours => ${keepOldHours}), secret = ${secret}, updated_at = now()
    where community_id = ${communityId} and id = ${id}
    returning ${db.unsafe(ENDPOINT)}`;
  return row;
}

export async function deleteEndpoint(db: Db, communityId: string, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db<EndpointRow[]>`delete from webhook_endpoints where community_id = ${communityId} and id = ${id} returning ${db.unsafe(ENDPOINT)}`;
  return row;
}

export async function disableEndpoint(db: Db, communityId: string, id: string, reason: string): Promise<boolean> {
  const rows = await db`update webhook_endpoints set enabled = false, disabled_reason = ${reason}, updated_at = now() where community_id = ${communityId} and id = ${id} and enabled returning id`;
  return rows.length > 0;
}

/**
 * insertDeliveries for many events of one type in one statement: a delivery per event and enabled
 * endpoint that takes `type`, in the events' order (their `seq`); returns each (endpoint, ordering key).
 */
export async function insertDeliveriesMany(
  db: Db,
  communityId: string,
  type: string,
  events: readonly { messageId: string; orderingKey: string; payload: unknown }[],
): Promise<{ endpointId: string; orderingKey: string }[]> {
  return db<{ endpointId: string; orderingKey: string }[]>`
    insert into webhook_deliveries (community_id, endpoint_id, message_id, event_type, ordering_key, payload)
    select e.community_id, e.id, x.message_id, ${type}, x.ordering_key, x.payload
    from unnest(${db.array(events.map((m) => m.messageId))}::text[], ${db.array(events.map((m) => m.orderingKey))}::text[],
                ${db.array(events.map((m) => JSON.stringify(m.payload)))}::jsonb[]) with ordinality as x(message_id, ordering_key, payload, n)
    cross join webhook_endpoints e
    where e.community_id = ${communityId} and e.enabled and ${type}::text = any(e.events)
    order by x.n, e.id
    returning endpoint_id as "endpointId", ordering_key as "orderingKey"`;
}

/** One delivery per enabled endpoint of the community that takes `type` (or the one endpoint named); returns the endpoints. */
export async function insertDeliveries(
  db: Db,
  communityId: string,
  m: { messageId: string; type: string; orderingKey: string; payload: unknown; endpointId?: string | undefined },
): Promise<string[]> {
  const rows = await db<{ endpointId: string }[]>`
    insert into webhook_deliveries (community_id, endpoint_id, message_id, event_type, ordering_key, payload)
    select community_id, id, ${m.messageId}, ${m.type}, ${m.orderingKey}, ${db.json(m.payload as never)}
    from webhook_endpoints
    where community_id = ${communityId} and enabled
      and ${m.endpointId === undefined ? db`${m.type}::text = any(events)` : db`id = ${m.endpointId}`}
    returning endpoint_id as "endpointId"`;
  return rows.map((r) => r.endpointId);
}

export type DeliveryRow = {
  id: string;
  seq: string;
  endpointId: string;
  messageId: string;
  eventType: string;
  orderingKey: string;
  payload: unknown;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  nextAttemptAt: Date;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  lastError: string | null;
  createdAt: Date;
  finishedAt: Date | null;
};

const DELIVERY = `id, seq::text, endpoint_id as "endpointId", message_id as "messageId", event_type as "eventType", ordering_key as "orderingKey",
  payload, status, attempts, next_attempt_at as "nextAttemptAt", last_status_code as "lastStatusCode", last_latency_ms as "lastLatencyMs",
  last_error as "lastError", created_at as "createdAt", finished_at as "finishedAt"`;

/** The oldest unfinished delivery of an endpoint and ordering key: the only one that may be sent. */
export async function headDelivery(db: Db, communityId: string, endpointId: string, orderingKey: string): Promise<(DeliveryRow & { due: boolean; waitSeconds: number }) | undefined> {
  const [row] = await db<(DeliveryRow & { due: boolean; waitSeconds: number })[]>`
    select ${db.unsafe(DELIVERY)}, next_attempt_at <= now() and (lease_until is null or lease_until < now()) as due,
           greatest(extract(epoch from (greatest(next_attempt_at, coalesce(lease_until, next_attempt_at)) - now())), 0)::float8 as "waitSeconds"
    from webhook_deliveries
    where community_id = ${communityId} and endpoint_id = ${endpointId} and ordering_key = ${orderingKey} and status = 'pending'
    order by seq limit 1`;
  return row;
}

/** Takes the delivery for one attempt (a lease); false when another worker holds it or it is done. */
export async function leaseDelivery(db: Db, communityId: string, id: string, seconds: number): Promise<boolean> {
  const rows = await db`
    update webhook_deliveries set lease_until = now() + make_interval(secs => ${seconds})
    where community_id = ${communityId} and id = ${id} and status = 'pending' and next_attempt_at <= now() and (lease_until is null or lease_until < now())
    returning id`;
  return rows.length > 0;
}

export async function recordAttempt(
  db: Db,
  communityId: string,
  id: string,
  r: { status: "pending" | "succeeded" | "failed"; code: number | null; latencyMs: number; error: string | null; retryInSeconds: number },
): Promise<void> {
  await db`
    update webhook_deliveries set attempts = attempts + 1, status = ${r.status}, lease_until = null,
      last_status_code = ${r.code}, last_latency_ms = ${r.latencyMs}, last_error = ${r.error},
      next_attempt_at = now() + make_interval(secs => ${r.retryInSeconds}),
      finished_at = case when ${r.status} = 'pending' then null else now() end
    where community_id = ${communityId} and id = ${id}`;
}

export function listDeliveries(db: Db, communityId: string, endpointId: string, limit: number): Promise<DeliveryRow[]> {
  return db<DeliveryRow[]>`
    select ${db.unsafe(DELIVERY)} from webhook_deliveries where community_id = ${communityId} and endpoint_id = ${endpointId} order by seq desc limit ${limit}`;
}

export async function findDelivery(db: Db, communityId: string, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db<DeliveryRow[]>`
    select ${db.unsafe(DELIVERY)} from webhook_deliveries where community_id = ${communityId} and endpoint_id = ${endpointId} and id = ${id}`;
  return row;
}

/** A replay is a new delivery of the same message (same webhook-id, so receivers can recognise it). */
export async function insertReplay(db: Db, communityId: string, d: DeliveryRow): Promise<DeliveryRow> {
  const [row] = await db<DeliveryRow[]>`
    insert into webhook_deliveries (community_id, endpoint_id, message_id, event_type, ordering_key, payload)
    values (${communityId}, ${d.endpointId}, ${d.messageId}, ${d.eventType}, ${d.orderingKey}, ${db.json(d.payload as never)})
    returning ${db.unsafe(DELIVERY)}`;
  if (!row) throw new Error("insert webhook_deliveries returned no row");
  return row;
}

/** Every (endpoint, ordering key) with unfinished deliveries, for the sweep at start-up. */
export function pendingQueues(db: Db): Promise<{ communityId: string; endpointId: string; orderingKey: string }[]> {
  return db`
    select distinct d.community_id as "communityId", d.endpoint_id as "endpointId", d.ordering_key as "orderingKey"
    from webhook_deliveries d join webhook_endpoints e on e.community_id = d.community_id and e.id = d.endpoint_id
    where d.status = 'pending' and e.enabled`;
}

/** The community's admins with an e-mail, in their language (the notice of a disabled endpoint). */
export function communityAdmins(db: Db, communityId: string): Promise<{ email: string; lang: "en" | "ru" }[]> {
  return db<{ email: string; lang: "en" | "ru" }[]>`
    select u.email, u.preferred_lang as lang
    from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and p.role = 'admin' and u.email is not null`;
}
