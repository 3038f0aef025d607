/** Reminders the day before an event, one pg-boss job per confirmed participant and start time. */
import type { Ctx } from "../context.ts";
import { withTx } from "../db/client.ts";
import { notify } from "../notifications/index.ts";
import { eventReminderQueue } from "./jobs/reminder-queue.ts";
import { mailParticipant } from "./mail.ts";
import { type EventRow, findEvent, findParticipation } from "./queries.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Plans the reminder of each participant for a day before the event's start, in the caller's
 * transaction (`ctx.db`), so a rolled-back change plans nothing. Nothing is planned within the
 * last day: the confirmation has just been sent.
 */
export async function planReminders(ctx: Ctx, e: EventRow, participantIds: readonly string[], now = Date.now()): Promise<void> {
  const at = e.startsAt.getTime() - DAY_MS;
  if (at <= now) return;
  // One statement for a moved event's every attendee (thousands at a large event), not one each.
  const jobs = participantIds.map((participantId) => ({ communityId: ctx.tenant.id, eventId: e.id, participantId, startsAt: e.startsAt.toISOString() }));
  await ctx.deps.jobs.sendMany(eventReminderQueue, jobs, { db: ctx.db, startAfterSeconds: Math.ceil((at - now) / 1000) });
}

export const reminderDedupeKey = (eventId: string, participantId: string, startsAt: string) => `event-reminder:${eventId}:${participantId}:${startsAt}`;

/** The job's work: mails the reminder (and notifies in the app) unless the event moved or started, or the member is no longer confirmed. */
export async function sendReminder(ctx: Ctx, job: { eventId: string; participantId: string; startsAt: string }): Promise<boolean> {
  return withTx(ctx.db, async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const e = await findEvent(tx, ctx.tenant.id, job.eventId);
    if (!e || e.startsAt.toISOString() !== job.startsAt || e.startsAt.getTime() <= Date.now()) return false;
    const row = await findParticipation(tx, ctx.tenant.id, e.id, job.participantId);
    if (row?.status !== "CONFIRMED") return false;
    const dedupeKey = reminderDedupeKey(e.id, row.participantId, job.startsAt);
    await mailParticipant(txCtx, e, row, "reminder", { dedupeKey });
    // The in-app reminder too, once per start time like the mail (a retried job stores nothing twice).
    await notify(tx, ctx.deps.bus, { communityId: ctx.tenant.id, participantId: row.participantId, type: "EVENT_REMINDER", data: { eventId: e.id, title: e.title }, dedupeKey });
    return true;
  });
}
