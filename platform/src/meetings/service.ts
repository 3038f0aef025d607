/**
 * Meetings: from a weekly match or an accepted intro to a booked 30-minute meeting (docs/meetings.md).
 *
 * PROPOSED (three slots inside both members' windows) -> PICKED (one member chose; the other
 * confirms) -> CONFIRMED (invitations sent, reminders and the follow-up planned); reschedule takes
 * a booked meeting back to PROPOSED with new slots, cancel ends it. Every transition locks the
 * meeting's row first, so two members acting at once serialise: two picks give one meeting (the
 * second pick of the same time confirms it, of another time is a 409).
 */
import { randomBytes } from "node:crypto";
import { requireCommunityAdmin, requireMember } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { accessDenied, AppError, conflict, ErrorCode, notFound, validation } from "../lib/errors.ts";
import { queueMail } from "../mail/service.ts";
import { followupDedupeKey } from "../matching/weekly/mail.ts";
import { cardsOf, iso, isoOrNull, langIn, loadMe } from "../members/index.ts";
import { notify } from "../notifications/index.ts";
import type { NotificationType } from "../notifications/schemas.ts";
import { findMemberCard, type MemberCardRow } from "../participant/queries.ts";
import { type MeetingsConfig, MeetingsConfigSchema } from "../tenancy/schema.ts";
import { emitWebhook } from "../webhooks/index.ts";
import { buildMeetingIcs, type InvitePerson } from "./calendar.ts";
import { meetingFollowupQueue } from "./jobs/followup-queue.ts";
import { meetingReminderQueue } from "./jobs/reminder-queue.ts";
import { mailMeeting, type MeetingMail, meetingSummary, type Recipient } from "./mail.ts";
import {
  type AvailabilityRow,
  findMeeting,
  hasOverlap,
  insertMeeting,
  listAvailability,
  listBusy,
  listMeetingsOf,
  listPairResults,
  lockMembers,
  markResultFollowedUp,
  type MeetingRow,
  meetingWeeks,
  type SlotJson,
  updateMeeting,
  upsertAvailability,
} from "./queries.ts";
import type { Availability, Meeting, MeetingFormat, MeetingList, MeetingNote, MeetingWeeks, MeetingWeeksQuery, PickSlot, UpdateAvailability } from "./schemas.ts";
import { type Interval, isValidTimeZone, proposeSlots } from "./slots.ts";

const OFF: MeetingsConfig = MeetingsConfigSchema.parse({ enabled: false });
const configOf = (ctx: Ctx): MeetingsConfig => ctx.tenant.config.meetings ?? OFF;

const illegal = (msg: string) => new AppError(ErrorCode.ILLEGAL_TRANSITION, msg);
const REMINDERS = [
  { kind: "day" as const, beforeMs: 24 * 3_600_000 },
  { kind: "soon" as const, beforeMs: 15 * 60_000 },
];

type MemberAvailability = Omit<AvailabilityRow, "participantId"> & { isDefault: boolean };

async function availabilityOf(ctx: Ctx, ids: readonly string[]): Promise<Map<string, MemberAvailability>> {
  const rows = new Map((await listAvailability(ctx.db, ctx.tenant.id, ids)).map((r) => [r.participantId, r]));
  const cfg = configOf(ctx);
  const out = new Map<string, MemberAvailability>();
  for (const id of ids) {
    const r = rows.get(id);
    out.set(id, r ? { ...r, isDefault: false } : { timeZone: ctx.tenant.config.timeZone, windows: cfg.defaultWindows, formats: cfg.defaultFormats, city: null, isDefault: true });
  }
  return out;
}

// --- availability ---------------------------------------------------------------------------

function toAvailability(ctx: Ctx, a: MemberAvailability): Availability {
  return { timeZone: a.timeZone, windows: a.windows, formats: a.formats, city: a.city, isDefault: a.isDefault, enabled: configOf(ctx).enabled, onboardingStep: configOf(ctx).onboardingStep };
}

/** GET /meetings/availability: my weekly windows, time zone and formats (the community's defaults until I set mine). */
export async function getMyAvailability(ctx: Ctx): Promise<Availability> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const a = (await availabilityOf(ctx, [me.participant.id])).get(me.participant.id);
  if (!a) throw notFound();
  return toAvailability(ctx, a);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** PUT /meetings/availability. */
export async function updateMyAvailability(ctx: Ctx, body: UpdateAvailability): Promise<Availability> {
  const me = await loadMe(ctx, await requireMember(ctx));
  if (!isValidTimeZone(body.timeZone)) throw validation("Unknown time zone", { timeZone: "Choose a time zone from the list" });
  body.windows.forEach((w, i) => {
    if (minutesOf(w.from) >= minutesOf(w.to)) throw validation("A window ends after it starts", { [`windows.${i}`]: "The end must be after the start" });
  });
  const formats = [...new Set(body.formats)];
  await upsertAvailability(ctx.db, ctx.tenant.id, { participantId: me.participant.id, timeZone: body.timeZone, windows: body.windows, formats, city: body.city ?? null });
  return getMyAvailability(ctx);
}

// --- reading --------------------------------------------------------------------------------

function otherOf(row: MeetingRow, me: string): string {
  return row.low === me ? row.high : row.low;
}

async function toMeetings(ctx: Ctx, me: Awaited<ReturnType<typeof loadMe>>, rows: readonly MeetingRow[]): Promise<Meeting[]> {
  const ids = rows.map((r) => otherOf(r, me.participant.id));
  const [cards, avail] = await Promise.all([cardsOf(ctx, me.viewer, ids), availabilityOf(ctx, [me.participant.id, ...ids])]);
  const mine = avail.get(me.participant.id)?.timeZone ?? ctx.tenant.config.timeZone;
  const out: Meeting[] = [];
  for (const r of rows) {
    const otherId = otherOf(r, me.participant.id);
    const other = cards.get(otherId);
    if (!other) continue;
    const booked = r.status === "PICKED" || r.status === "CONFIRMED";
    out.push({
      id: r.id,
      source: r.source,
      status: r.status,
      other,
      otherTimeZone: avail.get(otherId)?.timeZone ?? ctx.tenant.config.timeZone,
      timeZone: mine,
      slots: r.status === "PROPOSED" ? r.slots : [],
      startsAt: booked ? isoOrNull(r.startsAt) : null,
      endsAt: booked ? isoOrNull(r.endsAt) : null,
      pickedByMe: r.status === "PICKED" && r.pickedBy === me.participant.id,
      proposedByMe: r.proposedBy === me.participant.id,
      format: r.format,
      location: r.status === "CONFIRMED" ? r.location : null,
      sequence: r.sequence,
      note: r.note,
      calendarUrl: r.status === "CONFIRMED" ? `${ctx.tenant.url}/api/meetings/${r.id}/calendar.ics` : null,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    });
  }
  return out;
}

/** GET /meetings: my open meetings (and those cancelled in the last two weeks), next first. */
export async function listMyMeetings(ctx: Ctx): Promise<MeetingList> {
  const me = await loadMe(ctx, await requireMember(ctx));
  return { items: await toMeetings(ctx, me, await listMeetingsOf(ctx.db, ctx.tenant.id, me.participant.id)) };
}

/** A meeting of mine; another member's (or another community's) is a 404. */
function requireMine(row: MeetingRow | undefined, me: string): MeetingRow {
  if (!row || (row.low !== me && row.high !== me)) throw notFound("Meeting not found");
  return row;
}

/** GET /meetings/{id}. */
export async function getMeeting(ctx: Ctx, id: string): Promise<Meeting> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const row = requireMine(await findMeeting(ctx.db, ctx.tenant.id, id), me.participant.id);
  const [m] = await toMeetings(ctx, me, [row]);
  if (!m) throw notFound("Meeting not found");
  return m;
}

// --- people and messages ---------------------------------------------------------------------

type Party = { card: MemberCardRow; recipient: Recipient; invite: InvitePerson | null };

async function partiesOf(ctx: Ctx, row: Pick<MeetingRow, "low" | "high">): Promise<Map<string, Party>> {
  const [low, high] = await Promise.all([findMemberCard(ctx.db, ctx.tenant.id, row.low), findMemberCard(ctx.db, ctx.tenant.id, row.high)]);
  const avail = await availabilityOf(ctx, [row.low, row.high]);
  const out = new Map<string, Party>();
  for (const card of [low, high]) {
    if (!card) continue;
    const name = `${card.firstName ?? ""} ${card.lastName ?? ""}`.trim() || (card.email ?? "");
    out.set(card.id, {
      card,
      recipient: { id: card.id, email: card.email, name: card.firstName || name, fullName: name, lang: langIn(ctx, card.lang), timeZone: avail.get(card.id)?.timeZone ?? ctx.tenant.config.timeZone },
      invite: card.email ? { name, email: card.email } : null,
    });
  }
  return out;
}

const slotDates = (slots: readonly SlotJson[]) => slots.map((s) => ({ startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt) }));

/** Mails `kind` to `toIds` (and notifies them in the app), inside the change's transaction. */
async function tell(ctx: Ctx, row: MeetingRow, parties: Map<string, Party>, toIds: readonly string[], kind: MeetingMail, type: NotificationType | null, key: string): Promise<void> {
  const attendees = [...parties.values()].flatMap((p) => (p.invite ? [p.invite] : []));
  for (const id of toIds) {
    const to = parties.get(id);
    const other = parties.get(otherOf(row, id));
    if (!to || !other) continue;
    await mailMeeting(
      ctx,
      kind,
      to.recipient,
      other.recipient,
      { id: row.id, startsAt: row.startsAt, endsAt: row.endsAt, slots: slotDates(row.slots), location: row.location, note: row.note, sequence: row.sequence, attendees },
      `meeting:${row.id}:${key}:${id}`,
    );
    if (type) {
      // The time (in the recipient's zone) and the other's name travel with the notification, so
      // Telegram can say which meeting and when without reading the meeting again.
      const when = row.startsAt ? { startsAt: row.startsAt.toISOString(), timeZone: to.recipient.timeZone } : {};
      const reminder = kind === "reminder_day" ? { reminder: "day" } : kind === "reminder_soon" ? { reminder: "soon" } : {};
      await notify(ctx.db, ctx.deps.bus, {
        communityId: ctx.tenant.id,
        participantId: id,
        type,
        data: { meetingId: row.id, otherId: other.card.id, otherName: other.recipient.fullName, ...when, ...reminder },
        dedupeKey: `meeting:${row.id}:${key}`,
      });
    }
  }
}

// --- proposing --------------------------------------------------------------------------------

function commonFormat(a: readonly MeetingFormat[], b: readonly MeetingFormat[]): MeetingFormat {
  return a.find((f) => b.includes(f)) ?? "VIDEO";
}

async function findSlots(ctx: Ctx, ids: readonly string[], except: string | null, exclude: readonly Date[]): Promise<Interval[]> {
  const now = new Date();
  const avail = await availabilityOf(ctx, ids);
  const busy = await listBusy(ctx.db, ctx.tenant.id, ids, now, except);
  return proposeSlots({ now, leadHours: configOf(ctx).leadHours, members: ids.map((id) => avail.get(id) ?? { timeZone: "UTC", windows: [] }), busy, exclude });
}

const toSlotJson = (s: Interval): SlotJson => ({ startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString() });

/**
 * The job's work when a weekly match is mailed or an intro accepted: three slots to the pair, unless
 * the community has meetings off or the pair already has an open meeting.
 */
export async function proposeMeeting(
  ctx: Ctx,
  input: { a: string; b: string; source: "WEEKLY" | "INTRO"; matchId: string | null; introId: string | null },
): Promise<{ meetingId: string | null }> {
  if (ctx.actor.kind !== "system" && ctx.actor.kind !== "operator") throw accessDenied();
  if (!configOf(ctx).enabled || input.a === input.b) return { meetingId: null };
  const [low, high] = input.a < input.b ? [input.a, input.b] : [input.b, input.a];
  const slots = await findSlots(ctx, [low, high], null, []);
  const avail = await availabilityOf(ctx, [low, high]);
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const row = await insertMeeting(tx, {
      communityId: ctx.tenant.id,
      source: input.source,
      matchId: input.matchId,
      introId: input.introId,
      low,
      high,
      slots: slots.map(toSlotJson),
      format: commonFormat(avail.get(low)?.formats ?? ["VIDEO"], avail.get(high)?.formats ?? ["VIDEO"]),
    });
    if (!row) return { meetingId: null };
    const parties = await partiesOf(txCtx, row);
    if (parties.size < 2) return { meetingId: row.id };
    if (slots.length > 0) await tell(txCtx, row, parties, [low, high], "proposed", "MEETING_PROPOSED", "proposed:0");
    return { meetingId: row.id };
  });
}

// --- transitions --------------------------------------------------------------------------------

function whereFor(ctx: Ctx, row: MeetingRow, parties: Map<string, Party>): string | null {
  if (row.location) return row.location;
  const cfg = configOf(ctx);
  if (row.format === "IN_PERSON") {
    const city = [...parties.values()].map((p) => p.card.city).find((c) => c);
    return cfg.place ?? city ?? null;
  }
  if (row.format === "PHONE") return null;
  return cfg.video.kind === "fixed" ? cfg.video.url : cfg.video.url.replace("{room}", `${ctx.tenant.id}-${randomBytes(9).toString("base64url")}`);
}

async function planAfterConfirm(ctx: Ctx, row: MeetingRow): Promise<void> {
  if (!row.startsAt || !row.endsAt) return;
  const now = Date.now();
  for (const r of REMINDERS) {
    const at = row.startsAt.getTime() - r.beforeMs;
    if (at <= now) continue;
    await ctx.deps.jobs.send(
      meetingReminderQueue,
      { communityId: ctx.tenant.id, meetingId: row.id, kind: r.kind, startsAt: row.startsAt.toISOString() },
      { db: ctx.db, startAfterSeconds: Math.ceil((at - now) / 1000) },
    );
  }
  await ctx.deps.jobs.send(
    meetingFollowupQueue,
    { communityId: ctx.tenant.id, meetingId: row.id, endsAt: row.endsAt.toISOString() },
    { db: ctx.db, startAfterSeconds: Math.max(0, Math.ceil((row.endsAt.getTime() - now) / 1000)) },
  );
}

function webhookData(row: MeetingRow) {
  return {
    meetingId: row.id,
    kind: "pair" as const,
    eventId: null,
    participantIds: [row.low, row.high],
    startsAt: row.startsAt?.toISOString() ?? "",
    endsAt: row.endsAt?.toISOString() ?? "",
    table: null,
    sequence: row.sequence,
  };
}

/** Books a PICKED meeting (the caller holds its row lock). */
async function book(ctx: Ctx, row: MeetingRow): Promise<MeetingRow> {
  if (!row.startsAt || !row.endsAt) throw illegal("No time was picked");
  if (row.startsAt.getTime() <= Date.now()) throw illegal("This time has passed: propose other times");
  // Both members' calendars, locked in one global order (low < high by uuid): two of a member's
  // meetings booked at once see each other, so neither member is double-booked.
  await lockMembers(ctx.db, ctx.tenant.id, [row.low, row.high]);
  if (await hasOverlap(ctx.db, ctx.tenant.id, [row.low, row.high], row.startsAt, row.endsAt, row.id)) throw conflict("One of you has another meeting at this time: propose other times");
  const parties = await partiesOf(ctx, row);
  const moved = row.invited;
  const booked = await updateMeeting(ctx.db, ctx.tenant.id, row.id, {
    status: "CONFIRMED",
    slots: [],
    location: whereFor(ctx, row, parties),
    sequence: moved ? row.sequence + 1 : 0,
    invited: true,
  });
  await tell(ctx, booked, parties, [row.low, row.high], moved ? "moved" : "confirmed", "MEETING_CONFIRMED", `confirmed:${booked.sequence}`);
  await planAfterConfirm(ctx, booked);
  await emitWebhook(ctx, "meeting.scheduled", webhookData(booked), booked.id);
  return booked;
}

async function transition(ctx: Ctx, id: string, change: (txCtx: Ctx, row: MeetingRow, me: string) => Promise<MeetingRow>): Promise<Meeting> {
  const me = await loadMe(ctx, await requireMember(ctx));
  await withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const row = requireMine(await findMeeting(tx, ctx.tenant.id, id, { forUpdate: true }), me.participant.id);
    await change(txCtx, row, me.participant.id);
  });
  return getMeeting(ctx, id);
}

/**
 * POST /meetings/{id}/pick: one of the offered slots. Picking the very time the other member
 * already picked confirms it; another time while theirs waits is a 409.
 */
export async function pickSlot(ctx: Ctx, id: string, body: PickSlot): Promise<Meeting> {
  return transition(ctx, id, async (txCtx, row, me) => {
    const startsAt = new Date(body.startsAt);
    if (row.status === "PICKED") {
      if (row.startsAt?.getTime() === startsAt.getTime()) return row.pickedBy === me ? row : book(txCtx, row);
      if (row.pickedBy !== me) throw conflict("The other member already picked a time: confirm it or propose other times");
      throw conflict("You already picked a time: wait for the confirmation, or propose other times");
    }
    if (row.status === "CONFIRMED") {
      if (row.startsAt?.getTime() === startsAt.getTime()) return row;
      throw illegal("The meeting is booked: reschedule it to choose another time");
    }
    if (row.status !== "PROPOSED") throw illegal("The meeting was cancelled");
    const slot = row.slots.find((s) => new Date(s.startsAt).getTime() === startsAt.getTime());
    if (!slot) throw validation("Pick one of the offered times", { startsAt: "Not one of the offered times" });
    if (startsAt.getTime() <= Date.now()) throw illegal("This time has passed: propose other times");
    const endsAt = new Date(slot.endsAt);
    if (await hasOverlap(txCtx.db, txCtx.tenant.id, [row.low, row.high], startsAt, endsAt, row.id)) throw conflict("One of you has another meeting at this time");
    const picked = await updateMeeting(txCtx.db, txCtx.tenant.id, row.id, { status: "PICKED", pickedBy: me, startsAt, endsAt });
    const parties = await partiesOf(txCtx, picked);
    await tell(txCtx, picked, parties, [otherOf(row, me)], "picked", "MEETING_PICKED", `picked:${picked.updatedAt.getTime()}`);
    return picked;
  });
}

/** POST /meetings/{id}/confirm: the other member's pick, confirmed: the meeting is booked. */
export async function confirmMeeting(ctx: Ctx, id: string): Promise<Meeting> {
  return transition(ctx, id, async (txCtx, row, me) => {
    if (row.status === "CONFIRMED") return row;
    if (row.status !== "PICKED") throw illegal("There is no picked time to confirm");
    if (row.pickedBy === me) throw illegal("The other member confirms the time you picked");
    return book(txCtx, row);
  });
}

async function reoffer(txCtx: Ctx, row: MeetingRow, me: string, note: string | null, key: string): Promise<MeetingRow> {
  const exclude = [...row.slots.map((s) => new Date(s.startsAt)), ...(row.startsAt ? [row.startsAt] : [])];
  const slots = await findSlots(txCtx, [row.low, row.high], row.id, exclude);
  if (slots.length === 0) throw conflict("No other common times in the coming week: widen your availability and try again");
  const next = await updateMeeting(txCtx.db, txCtx.tenant.id, row.id, {
    status: "PROPOSED",
    slots: slots.map(toSlotJson),
    proposedBy: me,
    pickedBy: null,
    // A booked meeting keeps its time until it is booked again or cancelled: it is what the
    // calendars hold, and a cancel sends CANCEL for it.
    ...(row.invited ? {} : { startsAt: null, endsAt: null }),
    note,
  });
  const parties = await partiesOf(txCtx, next);
  await tell(txCtx, next, parties, [otherOf(row, me)], "proposed", "MEETING_PROPOSED", key);
  return next;
}

/** POST /meetings/{id}/propose: other times instead of the offered ones (or of the other member's pick). */
export async function proposeOtherTimes(ctx: Ctx, id: string, body: MeetingNote): Promise<Meeting> {
  return transition(ctx, id, async (txCtx, row, me) => {
    if (row.status !== "PROPOSED" && row.status !== "PICKED") throw illegal(row.status === "CONFIRMED" ? "The meeting is booked: reschedule it" : "The meeting was cancelled");
    return reoffer(txCtx, row, me, body.note || null, `proposed:${Date.now()}`);
  });
}

/** POST /meetings/{id}/reschedule: a booked meeting gets new slots; booking one sends the invitation again with a higher SEQUENCE. */
export async function rescheduleMeeting(ctx: Ctx, id: string, body: MeetingNote): Promise<Meeting> {
  return transition(ctx, id, async (txCtx, row, me) => {
    if (row.status !== "CONFIRMED") throw illegal("Only a booked meeting can be rescheduled");
    if (row.endsAt && row.endsAt.getTime() <= Date.now()) throw illegal("The meeting is over");
    return reoffer(txCtx, row, me, body.note || null, `rescheduled:${Date.now()}`);
  });
}

/** POST /meetings/{id}/cancel: with an optional note; a meeting in the calendars gets METHOD:CANCEL. */
export async function cancelMeeting(ctx: Ctx, id: string, body: MeetingNote): Promise<Meeting> {
  return transition(ctx, id, async (txCtx, row, me) => {
    if (row.status === "CANCELLED") return row;
    const cancelled = await updateMeeting(txCtx.db, txCtx.tenant.id, row.id, {
      status: "CANCELLED",
      cancelledBy: me,
      note: body.note || null,
      sequence: row.invited ? row.sequence + 1 : row.sequence,
    });
    const parties = await partiesOf(txCtx, cancelled);
    // Both calendars hold a booked meeting: both get the CANCEL; otherwise only the other member hears of it.
    const to = row.invited ? [row.low, row.high] : [otherOf(row, me)];
    const view = row.invited ? cancelled : { ...cancelled, startsAt: null, endsAt: null };
    await tell(txCtx, view, parties, to, "cancelled", null, "cancelled");
    // Integrators heard of the meeting when it was scheduled: they hear of its cancel.
    if (row.invited) await emitWebhook(txCtx, "meeting.cancelled", webhookData(cancelled), cancelled.id);
    await notify(txCtx.db, txCtx.deps.bus, { communityId: txCtx.tenant.id, participantId: otherOf(row, me), type: "MEETING_CANCELLED", data: { meetingId: row.id, otherId: me }, dedupeKey: `meeting:${row.id}:cancelled` });
    return cancelled;
  });
}

/** GET /meetings/{id}/calendar.ics: the booked meeting's invitation (its current SEQUENCE). */
export async function meetingCalendar(ctx: Ctx, id: string): Promise<string> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const row = requireMine(await findMeeting(ctx.db, ctx.tenant.id, id), me.participant.id);
  if (row.status !== "CONFIRMED" || !row.startsAt || !row.endsAt) throw notFound("The meeting is not booked");
  const parties = await partiesOf(ctx, row);
  const mine = parties.get(me.participant.id);
  const other = parties.get(otherOf(row, me.participant.id));
  return buildMeetingIcs(ctx.tenant, {
    id: row.id,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    sequence: row.sequence,
    summary: meetingSummary(mine?.recipient.lang ?? ctx.tenant.config.lang, mine?.recipient.fullName ?? "", other?.recipient.fullName ?? ""),
    description: ctx.tenant.config.brandConfig.title,
    location: row.location,
    url: `${ctx.tenant.url}/meetings?meeting=${row.id}`,
    attendees: [...parties.values()].flatMap((p) => (p.invite ? [p.invite] : [])),
    cancelled: false,
    stamp: row.updatedAt,
  });
}

// --- jobs ------------------------------------------------------------------------------------------

/** The reminder job's work: both members, by e-mail and in the app (Telegram follows the notification). */
export async function sendMeetingReminder(ctx: Ctx, job: { meetingId: string; kind: "day" | "soon"; startsAt: string }): Promise<boolean> {
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const row = await findMeeting(tx, ctx.tenant.id, job.meetingId);
    if (row?.status !== "CONFIRMED" || row.startsAt?.toISOString() !== job.startsAt || row.startsAt.getTime() <= Date.now()) return false;
    const parties = await partiesOf(txCtx, row);
    await tell(txCtx, row, parties, [row.low, row.high], job.kind === "day" ? "reminder_day" : "reminder_soon", "MEETING_REMINDER", `reminder:${job.kind}:${job.startsAt}`);
    return true;
  });
}

/**
 * The follow-up job's work once the meeting is over: the matching's "did you meet?" question for
 * each of the pair's results not yet answered. Its answer (a score, or "we did not meet") is the
 * meeting feedback the matching learns from, no-shows included.
 */
export async function sendMeetingFollowup(ctx: Ctx, job: { meetingId: string; endsAt: string }): Promise<number> {
  const row = await findMeeting(ctx.db, ctx.tenant.id, job.meetingId);
  if (row?.status !== "CONFIRMED" || row.endsAt?.toISOString() !== job.endsAt || row.endsAt.getTime() > Date.now()) return 0;
  const parties = await partiesOf(ctx, row);
  let sent = 0;
  for (const r of await listPairResults(ctx.db, ctx.tenant.id, row.low, row.high)) {
    const to = parties.get(r.participantId);
    const other = parties.get(r.subjectId);
    const queued = await withTx(ctx.db, async (tx) => {
      if (!(await markResultFollowedUp(tx, ctx.tenant.id, r.id))) return false;
      if (!to?.card.email || !other) return false;
      const link = `${ctx.tenant.url}/contacts?feedback=${r.id}`;
      await queueMail(withDb(ctx, tx), {
        to: to.card.email,
        template: "meeting_followup",
        lang: to.recipient.lang,
        vars: {
          name: to.recipient.name,
          contactName: other.recipient.fullName,
          ratingLinks: [1, 2, 3, 4, 5].map((score) => ({ score, link: `${link}&score=${score}` })),
          noMeetingLink: `${link}&noMeeting=1`,
        },
        dedupeKey: followupDedupeKey(ctx.tenant.id, r.id),
      });
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

// --- console ---------------------------------------------------------------------------------------

/** GET /console/meetings/weeks: meetings per week of proposal (admins). */
export async function consoleMeetingWeeks(ctx: Ctx, query: MeetingWeeksQuery): Promise<MeetingWeeks> {
  await requireCommunityAdmin(ctx);
  const since = new Date(Date.now() - query.weeks * 7 * 86_400_000);
  return { weeks: await meetingWeeks(ctx.db, ctx.tenant.id, since) };
}

