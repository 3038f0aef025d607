/**
 * Event participation (spec 4.5). A member asks to join: PENDING when the organizers approve
 * participants (or a paid event's payment awaits confirmation), else CONFIRMED while a place is
 * free, else PENDING on the waitlist. Organizers approve (CONFIRMED while a place is free, else
 * PENDING on the waitlist, ordered by approval time) or reject (REJECTED); the member
 * cancels (CANCELLED) and may join again. Every change runs under the event's row lock, so the
 * confirmed count read before a change is the count the change sees: maxParticipants holds under
 * concurrent joins, and a freed place goes to the first on the waitlist in the same transaction.
 */
import { type AuditAction, recordAudit } from "../audit/index.ts";
import { emitWebhook } from "../webhooks/index.ts";
import { isOrganizer, requireMember, requireOrganizer } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { AppError, accessDenied, ErrorCode, notFound } from "../lib/errors.ts";
import { notify } from "../notifications/index.ts";
import { findParticipant } from "../participant/queries.ts";
import {
  countAwaitingPayment,
  countConfirmed,
  type EventRow,
  findParticipation,
  nextOnWaitlist,
  type ParticipationChange,
  type ParticipationRow,
  saveParticipation,
  waitlistPosition,
} from "./queries.ts";
import { mailParticipant, type ParticipationMail } from "./mail.ts";
import { planReminders } from "./reminders.ts";
import type { Participation, ParticipationStatus } from "./schemas.ts";
import { hasEnded, requireEvent, requireVisible } from "./view.ts";

export const TRANSITION_MESSAGES = {
  ended: "The event has ended",
  alreadyIn: (s: ParticipationStatus) => `You already take part in this event (${s})`,
  rejected: "The organizers declined your participation in this event",
  notIn: "You do not take part in this event",
  alreadyCancelled: "Your participation is already cancelled",
  alreadyConfirmed: "This participation is already confirmed",
  alreadyRejected: "This participation is already rejected",
  alreadyPending: "This participation is already pending",
  memberCancelled: "The member cancelled their participation; they can join again themselves",
  full: "The event is full",
  notPaid: "This event is free: there is no payment to confirm",
  alreadyPaid: "The payment is already confirmed",
  noParticipation: "This member has not asked to join this event",
  sameStatus: (s: ParticipationStatus) => `The participation is already ${s}`,
} as const;

const illegal = (msg: string) => new AppError(ErrorCode.ILLEGAL_TRANSITION, msg);

type Current = ParticipationRow | undefined;

/** A place is free: no limit, or fewer confirmed than the limit. */
async function hasPlace(ctx: Ctx, event: EventRow): Promise<boolean> {
  if (event.maxParticipants === null) return true;
  return (await countConfirmed(ctx.db, ctx.tenant.id, event.id)) < event.maxParticipants;
}

/** Where a member goes once nothing but approval and places stand between them and the event. */
async function admit(ctx: Ctx, event: EventRow, paymentStatus: ParticipationChange["paymentStatus"]): Promise<ParticipationChange> {
  if (event.approvalRequired) return { status: "PENDING", pendingReason: "APPROVAL", paymentStatus };
  if (await hasPlace(ctx, event)) return { status: "CONFIRMED", pendingReason: null, paymentStatus };
  return { status: "PENDING", pendingReason: "WAITLIST", paymentStatus };
}

/**
 * Places of a paid event that are taken or offered: confirmed participants and the members asked to
 * pay (each was offered a place). A full paid event asks no one to pay: the waitlist comes first.
 */
async function placesHeld(ctx: Ctx, event: EventRow): Promise<number> {
  const confirmed = await countConfirmed(ctx.db, ctx.tenant.id, event.id);
  return event.paid ? confirmed + (await countAwaitingPayment(ctx.db, ctx.tenant.id, event.id)) : confirmed;
}

/** Ask to join / join again. */
async function joinChange(ctx: Ctx, event: EventRow, current: Current): Promise<ParticipationChange> {
  if (hasEnded(event)) throw illegal(TRANSITION_MESSAGES.ended);
  if (current?.status === "CONFIRMED" || current?.status === "PENDING") throw illegal(TRANSITION_MESSAGES.alreadyIn(current.status));
  if (current?.status === "REJECTED") throw illegal(TRANSITION_MESSAGES.rejected);
  const paid = current?.paymentStatus === "PAID";
  if (event.paid && !paid) {
    // Full: onto the waitlist with nothing to pay yet; the payment is asked when a place is offered.
    if (event.maxParticipants !== null && (await placesHeld(ctx, event)) >= event.maxParticipants) {
      return { status: "PENDING", pendingReason: "WAITLIST", paymentStatus: "NONE" };
    }
    return { status: "PENDING", pendingReason: "PAYMENT", paymentStatus: "AWAITING" };
  }
  return admit(ctx, event, event.paid ? "PAID" : "NONE");
}

function cancelChange(event: EventRow, current: Current, byMember: boolean): ParticipationChange {
  if (byMember && hasEnded(event)) throw illegal(TRANSITION_MESSAGES.ended);
  if (!current) throw byMember ? illegal(TRANSITION_MESSAGES.notIn) : notFound(TRANSITION_MESSAGES.noParticipation);
  if (current.status === "CANCELLED") throw illegal(byMember ? TRANSITION_MESSAGES.alreadyCancelled : TRANSITION_MESSAGES.sameStatus("CANCELLED"));
  if (current.status === "REJECTED") throw illegal(byMember ? TRANSITION_MESSAGES.notIn : TRANSITION_MESSAGES.alreadyRejected);
  return { status: "CANCELLED", pendingReason: null, paymentStatus: current.paymentStatus };
}

async function approveChange(ctx: Ctx, event: EventRow, current: Current): Promise<ParticipationChange> {
  if (!current) throw notFound(TRANSITION_MESSAGES.noParticipation);
  if (current.status === "CONFIRMED") throw illegal(TRANSITION_MESSAGES.alreadyConfirmed);
  if (current.status === "CANCELLED") throw illegal(TRANSITION_MESSAGES.memberCancelled);
  if (await hasPlace(ctx, event)) return { status: "CONFIRMED", pendingReason: null, paymentStatus: current.paymentStatus };
  // Full: an approved request waits on the waitlist and moves up when a place frees; one that is
  // on the waitlist already cannot be pushed past the limit.
  if (current.status === "PENDING" && current.pendingReason === "WAITLIST") throw new AppError(ErrorCode.EVENT_FULL, TRANSITION_MESSAGES.full);
  return { status: "PENDING", pendingReason: "WAITLIST", paymentStatus: current.paymentStatus };
}

function rejectChange(current: Current): ParticipationChange {
  if (!current) throw notFound(TRANSITION_MESSAGES.noParticipation);
  if (current.status === "REJECTED") throw illegal(TRANSITION_MESSAGES.alreadyRejected);
  if (current.status === "CANCELLED") throw illegal(TRANSITION_MESSAGES.memberCancelled);
  return { status: "REJECTED", pendingReason: null, paymentStatus: current.paymentStatus };
}

/** Back to PENDING (the organizers reconsider): from CONFIRMED or REJECTED, awaiting approval again. */
function pendingChange(current: Current): ParticipationChange {
  if (!current) throw notFound(TRANSITION_MESSAGES.noParticipation);
  if (current.status === "PENDING") throw illegal(TRANSITION_MESSAGES.alreadyPending);
  if (current.status === "CANCELLED") throw illegal(TRANSITION_MESSAGES.memberCancelled);
  return { status: "PENDING", pendingReason: "APPROVAL", paymentStatus: current.paymentStatus };
}

async function confirmPaymentChange(ctx: Ctx, event: EventRow, current: Current): Promise<ParticipationChange> {
  if (!event.paid) throw illegal(TRANSITION_MESSAGES.notPaid);
  if (!current) throw notFound(TRANSITION_MESSAGES.noParticipation);
  if (current.paymentStatus === "PAID") throw illegal(TRANSITION_MESSAGES.alreadyPaid);
  if (current.status === "PENDING" && current.pendingReason === "PAYMENT") return admit(ctx, event, "PAID");
  return { status: current.status, pendingReason: current.pendingReason, paymentStatus: "PAID" };
}

/**
 * Gives free places to the waitlist, first come first served. `ctx.db` is the transaction that
 * holds the event's row lock.
 */
export async function promoteFromWaitlist(ctx: Ctx, event: EventRow): Promise<string[]> {
  const held = await placesHeld(ctx, event);
  const free = event.maxParticipants === null ? 100_000 : event.maxParticipants - held;
  const ids = await nextOnWaitlist(ctx.db, ctx.tenant.id, event.id, free);
  for (const id of ids) {
    const current = await findParticipation(ctx.db, ctx.tenant.id, event.id, id);
    // A paid event's place is offered to one who has not paid yet: they are asked to pay now.
    const offer = event.paid && current?.paymentStatus !== "PAID";
    const next: ParticipationChange = offer
      ? { status: "PENDING", pendingReason: "PAYMENT", paymentStatus: "AWAITING" }
      : { status: "CONFIRMED", pendingReason: null, paymentStatus: current?.paymentStatus ?? "NONE" };
    const row = await saveParticipation(ctx.db, ctx.tenant.id, event.id, id, next);
    await afterChange(ctx, event, current, row, offer ? "payment" : "promoted", null);
  }
  if (ids.length) ctx.log.info({ eventId: event.id, promoted: ids.length }, "waitlist moved up");
  return ids;
}

export async function toParticipation(ctx: Ctx, event: EventRow, participantId: string, row: Current): Promise<Participation> {
  if (!row) {
    return {
      eventId: event.id,
      participantId,
      status: "NOT_PARTICIPATING",
      pendingReason: null,
      paymentStatus: "NONE",
      paymentLink: null,
      waitlistPosition: null,
      joinedAt: null,
      statusChangedAt: null,
    };
  }
  const waitlisted = row.status === "PENDING" && row.pendingReason === "WAITLIST" && row.waitlistedAt;
  return {
    eventId: event.id,
    participantId,
    status: row.status,
    pendingReason: row.pendingReason,
    paymentStatus: row.paymentStatus,
    paymentLink: event.paid && row.paymentStatus === "AWAITING" ? event.paymentLink : null,
    waitlistPosition: waitlisted ? await waitlistPosition(ctx.db, ctx.tenant.id, event.id, participantId) : null,
    joinedAt: row.joinedAt.toISOString(),
    statusChangedAt: row.statusChangedAt.toISOString(),
  };
}

type Change = (txCtx: Ctx, event: EventRow, current: Current) => Promise<ParticipationChange> | ParticipationChange;

/** Which mail a change sends the member, if any. */
function mailFor(current: Current, row: ParticipationRow, byOrganizer: boolean): ParticipationMail | null {
  if (row.status === "CONFIRMED" && current?.status !== "CONFIRMED") return byOrganizer ? "approved" : "confirmed";
  if (row.status === "REJECTED" && current?.status !== "REJECTED") return "rejected";
  if (row.status === "PENDING" && (current?.status !== "PENDING" || current.pendingReason !== row.pendingReason)) {
    return row.pendingReason === "PAYMENT" ? "payment" : row.pendingReason === "WAITLIST" ? "waitlist" : "pending";
  }
  return null;
}

/** The member's mail and, once confirmed, the reminder for the day before; in the change's transaction. */
async function afterChange(ctx: Ctx, event: EventRow, current: Current, row: ParticipationRow, kind: ParticipationMail | null, position: number | null): Promise<void> {
  if (kind) {
    const dedupeKey = `event:${event.id}:${row.participantId}:${kind}:${row.statusChangedAt.getTime()}`;
    await mailParticipant(ctx, event, row, kind, { dedupeKey, position });
    // An organizer's approval is also an in-app notification (stored, live on the member's topic on commit).
    if (kind === "approved") {
      await notify(ctx.db, ctx.deps.bus, { communityId: ctx.tenant.id, participantId: row.participantId, type: "EVENT_APPROVED", data: { eventId: event.id, title: event.title }, dedupeKey });
    }
  }
  if (row.status === "CONFIRMED" && current?.status !== "CONFIRMED") await planReminders(ctx, event, [row.participantId]);
}

/** Applies one change to one participation under the event's row lock; a freed place goes to the waitlist. */
async function change(
  ctx: Ctx,
  eventId: string,
  participantId: string,
  fn: Change,
  audit?: { action: AuditAction },
): Promise<Participation> {
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const event = await requireEvent(txCtx, eventId, { lock: true });
    const current = await findParticipation(tx, ctx.tenant.id, event.id, participantId);
    const next = await fn(txCtx, event, current);
    const row = await saveParticipation(tx, ctx.tenant.id, event.id, participantId, next);
    if (audit) {
      await recordAudit(txCtx, {
        action: audit.action,
        target: { type: "event_participation", id: `${event.id}:${participantId}` },
        before: current ? { status: current.status, pendingReason: current.pendingReason, paymentStatus: current.paymentStatus } : null,
        after: { status: row.status, pendingReason: row.pendingReason, paymentStatus: row.paymentStatus },
      });
    }
    if (current?.status !== row.status) {
      // Ordered per member: a member's changes reach an endpoint in the order they were made.
      await emitWebhook(txCtx, "event.participation.updated", { eventId: event.id, participantId, status: row.status }, participantId);
    }
    const participation = await toParticipation(txCtx, event, participantId, row);
    await afterChange(txCtx, event, current, row, mailFor(current, row, audit !== undefined), participation.waitlistPosition);
    // A freed place (a confirmed one, or a paid event's offer to pay) goes to the waitlist.
    const heldBefore = current?.status === "CONFIRMED" || (event.paid && current?.status === "PENDING" && current.pendingReason === "PAYMENT");
    const heldAfter = row.status === "CONFIRMED" || (event.paid && row.status === "PENDING" && row.pendingReason === "PAYMENT");
    if (heldBefore && !heldAfter) await promoteFromWaitlist(txCtx, event);
    return participation;
  });
}

/** POST /event/{id}/confirm-participation: the signed-in member asks to join (or joins again). */
export async function confirmParticipation(ctx: Ctx, idOrSlug: string): Promise<Participation> {
  const { participant } = await requireMember(ctx);
  const event = await requireEvent(ctx, idOrSlug);
  await requireVisible(ctx, event);
  return change(ctx, event.id, participant.id, (txCtx, e, current) => joinChange(txCtx, e, current));
}

/** PATCH /event/{id}/cancel-participation: the signed-in member cancels. */
export async function cancelParticipation(ctx: Ctx, idOrSlug: string): Promise<Participation> {
  const { participant } = await requireMember(ctx);
  const event = await requireEvent(ctx, idOrSlug);
  await requireVisible(ctx, event);
  return change(ctx, event.id, participant.id, (_txCtx, e, current) => cancelChange(e, current, true));
}

async function organizerTarget(ctx: Ctx, idOrSlug: string, participantId: string): Promise<EventRow> {
  const event = await requireEvent(ctx, idOrSlug);
  await requireOrganizer(ctx, event.id);
  if (!(await findParticipant(ctx.db, ctx.tenant.id, { id: participantId }))) throw notFound("Participant not found");
  return event;
}

/** POST /event/{id}/participants/{pid}/approve. */
export async function approveParticipant(ctx: Ctx, idOrSlug: string, participantId: string): Promise<Participation> {
  const event = await organizerTarget(ctx, idOrSlug, participantId);
  return change(ctx, event.id, participantId, approveChange, { action: "event_participation.approve" });
}

/** POST /event/{id}/participants/{pid}/reject. */
export async function rejectParticipant(ctx: Ctx, idOrSlug: string, participantId: string): Promise<Participation> {
  const event = await organizerTarget(ctx, idOrSlug, participantId);
  return change(ctx, event.id, participantId, (_t, _e, current) => rejectChange(current), { action: "event_participation.reject" });
}

/** POST /event/{id}/participants/{pid}/confirm-payment: a paid event's organizer saw the payment. */
export async function confirmPayment(ctx: Ctx, idOrSlug: string, participantId: string): Promise<Participation> {
  const event = await organizerTarget(ctx, idOrSlug, participantId);
  return change(ctx, event.id, participantId, confirmPaymentChange, { action: "event_participation.confirm_payment" });
}

/** POST /event/{id}/participant/{pid}/status/{status}: organizers set a status by name, through the same transitions. */
export async function setParticipationStatus(ctx: Ctx, idOrSlug: string, participantId: string, status: ParticipationStatus): Promise<Participation> {
  const event = await organizerTarget(ctx, idOrSlug, participantId);
  const fn: Record<ParticipationStatus, Change> = {
    CONFIRMED: approveChange,
    REJECTED: (_t, _e, current) => rejectChange(current),
    CANCELLED: (_t, e, current) => cancelChange(e, current, false),
    PENDING: (_t, _e, current) => pendingChange(current),
  };
  return change(ctx, event.id, participantId, fn[status], { action: "event_participation.set_status" });
}

/**
 * GET /event/participations/{participantId}/{eventId}: the participant's own status, or any
 * participant's for the event's organizers; NOT_PARTICIPATING when there is none.
 */
export async function getParticipation(ctx: Ctx, participantId: string, idOrSlug: string): Promise<Participation> {
  const { participant } = await requireMember(ctx);
  const event = await requireEvent(ctx, idOrSlug);
  await requireVisible(ctx, event);
  if (participantId !== participant.id) {
    if (!(await isOrganizer(ctx, event.id))) throw accessDenied("You can only see your own participation");
    if (!(await findParticipant(ctx.db, ctx.tenant.id, { id: participantId }))) throw notFound("Participant not found");
  }
  return toParticipation(ctx, event, participantId, await findParticipation(ctx.db, ctx.tenant.id, event.id, participantId));
}
