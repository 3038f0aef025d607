/**
 * The webhook event types and their payloads (documented in openapi.json's `webhooks`), and
 * `emitWebhook`, which other modules call inside the transaction of the change. Payloads carry ids
 * and what any member of the community may see (names, statuses, an event's public fields), never
 * contacts: an integrator reads more through the API with a key, under the API's privacy rules.
 */
import { z } from "@hono/zod-openapi";
import type { Ctx } from "../context.ts";
import { insertDeliveries, insertDeliveriesMany } from "./queries.ts";
import { WebhookDeliverQueue } from "./jobs/deliver-queue.ts";

export const WEBHOOK_EVENT_TYPES = [
  "member.joined",
  "member.approved",
  "member.rejected",
  "member.left",
  "event.created",
  "event.updated",
  "event.cancelled",
  "event.participation.updated",
  "intro.sent",
  "intro.accepted",
  "match.created",
  "meeting.feedback",
  "mailing.finished",
  "webhook.test",
  "meeting.scheduled",
  "meeting.cancelled",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The payload's version: a change that breaks a field gets a new version (docs/integrators.md). */
export const WEBHOOK_PAYLOAD_VERSION = "2026-11-28";

const MemberData = z
  .object({ participantId: z.string().uuid(), userId: z.string().uuid(), firstName: z.string().nullable(), lastName: z.string().nullable(), status: z.enum(["pending", "confirmed", "rejected", "left"]) })
  .openapi("WebhookMember");
const EventData = z
  .object({ eventId: z.string().uuid(), title: z.string(), startsAt: z.string().nullable(), timeZone: z.string().nullable(), status: z.enum(["scheduled", "cancelled"]) })
  .openapi("WebhookEvent");
const ParticipationData = z.object({ eventId: z.string().uuid(), participantId: z.string().uuid(), status: z.string() }).openapi("WebhookParticipation");
// An intro's message is the sender's words to one member: never in a payload.
const IntroData = z
  .object({
    introId: z.string().uuid(),
    fromParticipantId: z.string().uuid(),
    toParticipantId: z.string().uuid(),
    matchingResultId: z.string().uuid().nullable(),
    status: z.enum(["PENDING", "ACCEPTED"]),
  })
  .openapi("WebhookIntro");
const MatchData = z
  .object({
    matchId: z.string().uuid(),
    week: z.string().describe("The Tuesday of the weekly run, YYYY-MM-DD"),
    source: z.enum(["WEEKLY", "ODD_OUT"]).describe("WEEKLY: a pair of the week, both are told; ODD_OUT: a recommendation shown to the member left without a pair"),
    participantIds: z.array(z.string().uuid()).length(2),
    shownTo: z.array(z.string().uuid()).min(1).max(2).describe("The members who get this match in their weekly mail"),
  })
  .openapi("WebhookMatch");
// A member's notes on the meeting stay theirs: only the rating (or "we did not meet") is sent.
const FeedbackData = z
  .object({
    matchId: z.string().uuid(),
    matchingResultId: z.string().uuid(),
    participantId: z.string().uuid().describe("Who gave the feedback"),
    subjectId: z.string().uuid().describe("Whom they met (or did not)"),
    score: z.number().int().min(1).max(5).nullable(),
    noMeeting: z.boolean(),
  })
  .openapi("WebhookFeedback");
const MailingData = z.object({ mailingId: z.string(), status: z.string(), sent: z.number().int(), failed: z.number().int() }).openapi("WebhookMailing");
const MeetingData = z
  .object({
    meetingId: z.string().uuid(),
    kind: z.enum(["pair", "event"]).openapi({ description: "pair: a weekly match's or an accepted intro's meeting; event: a 1:1 at an event" }),
    eventId: z.string().uuid().nullable(),
    participantIds: z.array(z.string().uuid()).length(2),
    startsAt: z.string().openapi({ format: "date-time" }),
    endsAt: z.string().openapi({ format: "date-time" }),
    table: z.string().nullable().openapi({ description: "An event 1:1's table or room" }),
    sequence: z.number().int().openapi({ description: "The calendar invitation's SEQUENCE (a rescheduled meeting is scheduled again with a higher one)" }),
  })
  .openapi("WebhookMeeting");
const TestData = z.object({ endpointId: z.string().uuid(), message: z.string() }).openapi("WebhookTest");

export const WEBHOOK_DATA = {
  "member.joined": MemberData,
  "member.approved": MemberData,
  "member.rejected": MemberData,
  "member.left": MemberData,
  "event.created": EventData,
  "event.updated": EventData,
  "event.cancelled": EventData,
  "event.participation.updated": ParticipationData,
  "intro.sent": IntroData,
  "intro.accepted": IntroData,
  "match.created": MatchData,
  "meeting.feedback": FeedbackData,
  "mailing.finished": MailingData,
  "webhook.test": TestData,
  "meeting.scheduled": MeetingData,
  "meeting.cancelled": MeetingData,
} as const satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookData<T extends WebhookEventType> = z.infer<(typeof WEBHOOK_DATA)[T]>;

/** The envelope every delivery's body is. */
export function envelopeSchema(type: WebhookEventType) {
  return z
    .object({
      type: z.literal(type),
      timestamp: z.string().datetime(),
      version: z.literal(WEBHOOK_PAYLOAD_VERSION),
      communityId: z.string(),
      data: WEBHOOK_DATA[type],
    })
    .openapi(`Webhook_${type.replace(/\./g, "_")}`);
}

/** What emitting needs: the transaction, and the community (a job or a request's ctx, or one built for another community). */
export type EmitCtx = Pick<Ctx, "db" | "deps"> & { tenant: Pick<Ctx["tenant"], "id"> };

/** One event as its deliveries carry it: a message id of its own and the versioned payload. */
function webhookMessage<T extends WebhookEventType>(ctx: EmitCtx, type: T, data: WebhookData<T>, timestamp: string) {
  return { messageId: `msg_${crypto.randomUUID().replace(/-/g, "")}`, payload: { type, timestamp, version: WEBHOOK_PAYLOAD_VERSION, communityId: ctx.tenant.id, data } };
}

/**
 * Queues `type` for every enabled endpoint of the community that takes it, through `ctx.db`, which
 * must be the transaction of the change: the event exists only if the change commits. Deliveries
 * with the same `orderingKey` (a participant id, an event id) reach an endpoint in this order.
 */
export async function emitWebhook<T extends WebhookEventType>(ctx: EmitCtx, type: T, data: WebhookData<T>, orderingKey: string, opts: { endpointId?: string } = {}): Promise<number> {
  // Most events have no endpoint: answered from the process's subscription cache, no query.
  if (opts.endpointId === undefined && !(await ctx.deps.webhookSubscriptions.wants(ctx.db, ctx.tenant.id, type))) return 0;
  const { messageId, payload } = webhookMessage(ctx, type, data, new Date().toISOString());
  const endpoints = await insertDeliveries(ctx.db, ctx.tenant.id, { messageId, type, orderingKey, payload, endpointId: opts.endpointId });
  for (const endpointId of endpoints) await ctx.deps.jobs.send(WebhookDeliverQueue, { communityId: ctx.tenant.id, endpointId, orderingKey }, { db: ctx.db });
  return endpoints.length;
}

/** Events a statement of emitWebhooks inserts. */
const EVENTS_PER_STATEMENT = 2_000;

/**
 * emitWebhook for many events of one type (a weekly run's tens of thousands of matches), through
 * `ctx.db`, the change's transaction: one subscription check, then 2,000 events a statement and
 * their delivery jobs in one statement each, not a round trip per event. Returns the deliveries.
 */
export async function emitWebhooks<T extends WebhookEventType>(ctx: EmitCtx, type: T, events: readonly { data: WebhookData<T>; orderingKey: string }[]): Promise<number> {
  if (events.length === 0 || !(await ctx.deps.webhookSubscriptions.wants(ctx.db, ctx.tenant.id, type))) return 0;
  const timestamp = new Date().toISOString();
  let deliveries = 0;
  for (let i = 0; i < events.length; i += EVENTS_PER_STATEMENT) {
    const batch = events.slice(i, i + EVENTS_PER_STATEMENT).map((e) => ({ ...webhookMessage(ctx, type, e.data, timestamp), orderingKey: e.orderingKey }));
    const queued = await insertDeliveriesMany(ctx.db, ctx.tenant.id, type, batch);
    const jobs = queued.map((q) => ({ communityId: ctx.tenant.id, endpointId: q.endpointId, orderingKey: q.orderingKey }));
    await ctx.deps.jobs.sendMany(WebhookDeliverQueue, jobs, { db: ctx.db });
    deliveries += queued.length;
  }
  return deliveries;
}
