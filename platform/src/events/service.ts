/**
 * Events: create, read, edit, delete, the Upcoming and Past lists, the slug check and the cover
 * image. Organizer writes are audited in their transaction.
 */
import { randomBytes } from "node:crypto";
import { recordAudit, sameJson } from "../audit/index.ts";
import { emitWebhook } from "../webhooks/index.ts";
import { isOrganizer, participantOf, requireModerator, requireOrganizer, requireThisCommunity, requireUser } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { uploadImage } from "../images/service.ts";
import type { UploadForm } from "../images/schemas.ts";
import { AppError, ErrorCode, notFound, validation } from "../lib/errors.ts";
import { type PageQuery, pageRows, pageWindow } from "../lib/paging.ts";
import type { Lang } from "../tenancy/schema.ts";
import { buildIcs } from "./calendar.ts";
import { promoteFromWaitlist } from "./participation.ts";
import { notifyAll } from "../notifications/index.ts";
import { mailParticipants } from "./mail.ts";
import { planReminders } from "./reminders.ts";
import {
  countConfirmed,
  deleteEvent as deleteEventRow,
  type EventRow,
  type EventViewRow,
  findEvent,
  findEventView,
  insertEvent,
  insertResponsible,
  isSlugTaken,
  listActiveParticipations,
  listConfirmedIds,
  listEventViews,
  type ParticipationRow,
  setEventImage,
  updateEvent as updateEventRow,
} from "./queries.ts";
import { eventErrors, fieldsOf, MESSAGES, mergeEvent, slugFromTitle } from "./rules.ts";
import { type Event, type EventCreate, EventSlugSchema, type EventPage, type EventPatch } from "./schemas.ts";
import { requestedLang, requireEvent, requireVisible, toEvent, toOrganizer } from "./view.ts";

function throwIfErrors(errors: Record<string, string>): void {
  const first = Object.entries(errors)[0];
  if (first) throw validation(`${first[0]}: ${first[1]}`, errors);
}

/**
 * The event page as the caller sees it (one query for the event, its confirmed count, organizers
 * and the caller's participation), after the visibility check.
 */
export async function loadEventView(ctx: Ctx, idOrSlug: string, lang: Lang | undefined): Promise<{ row: EventViewRow; event: Event }> {
  const participant = ctx.actor.kind === "user" ? await participantOf(ctx) : null;
  const row = await findEventView(ctx.db, ctx.tenant.id, idOrSlug, participant?.id ?? null);
  if (!row) throw notFound("Event not found");
  const organizer = await isOrganizer(
    ctx,
    row.id,
    row.organizers.map((o) => o.userId),
  );
  await requireVisible(ctx, row, organizer);
  const event = toEvent(
    ctx.tenant,
    row,
    { organizer, participantId: participant?.id ?? null, participation: row.mine },
    { organizers: row.organizers.map(toOrganizer), confirmedCount: row.confirmedCount, offeredCount: row.offeredCount, waitlistPosition: row.mine?.waitlistPosition ?? null },
    lang,
  );
  return { row, event };
}

async function uniqueSlug(ctx: Ctx, title: string): Promise<string> {
  const base = slugFromTitle(title);
  for (let i = 1; i <= 20; i++) {
    const candidate = i === 1 ? base : `${base}-${i}`;
    if (!(await isSlugTaken(ctx.db, ctx.tenant.id, candidate))) return candidate;
  }
  return `${base}-${Date.now().toString(36)}`;
}

/** An event as webhooks carry it (its public fields). */
function eventWebhookData(id: string, f: { title: string; date: string; time: string; timeZone: string }, status: "scheduled" | "cancelled") {
  return { eventId: id, title: f.title, startsAt: `${f.date}T${f.time}`, timeZone: f.timeZone, status };
}

/**
 * POST /event/create: community moderators and admins create events; the creator becomes the
 * event's first organizer (responsible).
 */
export async function createEvent(ctx: Ctx, input: EventCreate): Promise<Event> {
  await requireModerator(ctx);
  if (input.communityId !== undefined) requireThisCommunity(ctx, input.communityId);
  const actor = requireUser(ctx);
  const fields = mergeEvent(null, input);
  throwIfErrors(eventErrors(fields, ctx.tenant.config.langChoices));
  const chosen = Boolean(fields.slug);
  const insert = () =>
    withTx(ctx.db, async (tx) => {
      const txCtx = withDb(ctx, tx);
      const id = await insertEvent(tx, ctx.tenant.id, actor.userId, fields);
      await insertResponsible(tx, ctx.tenant.id, id, actor.userId);
      await recordAudit(txCtx, { action: "event.create", target: { type: "event", id }, before: null, after: { ...fields } });
      await emitWebhook(txCtx, "event.created", eventWebhookData(id, fields, "scheduled"), id);
      return id;
    });
  // A slug the organizer chose is theirs or a 409; one made from the title that another event of the
  // same title took between the check and the insert (two created at once) is made again.
  for (let attempt = 1; ; attempt++) {
    // Creators who lost twice race again for the same next number: a random tail parts them.
    if (!chosen) fields.slug = attempt <= 2 ? await uniqueSlug(ctx, fields.title) : `${slugFromTitle(fields.title)}-${randomBytes(3).toString("hex")}`;
    try {
      const id = await insert();
      return (await loadEventView(ctx, id, undefined)).event;
    } catch (err) {
      if (chosen || attempt >= SLUG_ATTEMPTS || !(err instanceof AppError && err.code === ErrorCode.CONFLICT && err.errors?.slug !== undefined)) throw err;
    }
  }
}

/** Inserts of an event whose slug is made from its title before a lost race is the caller's 409. */
const SLUG_ATTEMPTS = 6;

/** GET /event/{id}: by id or slug; PUBLIC events for everyone, private ones for the community's participants. */
export async function getEvent(ctx: Ctx, idOrSlug: string, language?: string): Promise<Event> {
  return (await loadEventView(ctx, idOrSlug, requestedLang(ctx, language))).event;
}

/** The fields whose change attendees are told of (the event's time and place). */
const WHERE_AND_WHEN = ["date", "time", "endTime", "timeZone", "type", "address", "postalCode", "city", "region", "country", "onlineLink"] as const;

/**
 * Tells everyone going or waiting (confirmed or pending) of the event's new time or place, or of its
 * cancellation: a mail each (the going with the calendar file) and an in-app notification, through
 * `ctx.db`, the change's transaction. `keyOf`: each member's dedupe key for this change.
 */
async function tellAttendees(ctx: Ctx, e: EventRow, kind: "changed" | "cancelled", keyOf: (r: ParticipationRow) => string): Promise<void> {
  const rows = await listActiveParticipations(ctx.db, ctx.tenant.id, e.id);
  await mailParticipants(ctx, e, rows, kind, keyOf);
  const data = { eventId: e.id, title: e.title };
  const type = kind === "changed" ? "EVENT_CHANGED" : "EVENT_CANCELLED";
  await notifyAll(ctx.db, ctx.deps.bus, { communityId: ctx.tenant.id, type, items: rows.map((r) => ({ participantId: r.participantId, data, dedupeKey: keyOf(r) })) });
}

/** PATCH /event/{id}: organizers; the merged event obeys the create rules. Raising the limit moves the waitlist up. */
export async function updateEvent(ctx: Ctx, idOrSlug: string, patch: EventPatch): Promise<Event> {
  const found = await requireEvent(ctx, idOrSlug);
  await requireOrganizer(ctx, found.id);
  await withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const current = await requireEvent(txCtx, found.id, { lock: true });
    const fields = mergeEvent(current, patch);
    if (!fields.slug) fields.slug = current.slug;
    const errors = eventErrors(fields, ctx.tenant.config.langChoices);
    const confirmed = await countConfirmed(tx, ctx.tenant.id, current.id);
    if (fields.maxParticipants !== null && fields.maxParticipants < confirmed) errors.maxParticipants = MESSAGES.belowConfirmed(confirmed);
    throwIfErrors(errors);
    const before = fieldsOf(current);
    if (sameJson(before, fields)) return;
    await updateEventRow(tx, ctx.tenant.id, current.id, fields);
    await recordAudit(txCtx, { action: "event.update", target: { type: "event", id: current.id }, before, after: fields });
    await emitWebhook(txCtx, "event.updated", eventWebhookData(current.id, fields, "scheduled"), current.id);
    const updated = await requireEvent(txCtx, current.id);
    // A new start time plans new reminders; the old ones find the start changed and do nothing.
    if (updated.startsAt.getTime() !== current.startsAt.getTime()) {
      await planReminders(txCtx, updated, await listConfirmedIds(tx, ctx.tenant.id, updated.id));
    }
    // A new time or place of an event still ahead: everyone going or waiting is told (the going
    // with the updated calendar file).
    if (updated.endsAt.getTime() > Date.now() && WHERE_AND_WHEN.some((k) => before[k] !== fields[k])) {
      await tellAttendees(txCtx, updated, "changed", (r) => `event-changed:${updated.id}:${r.participantId}:${updated.updatedAt.toISOString()}`);
    }
    await promoteFromWaitlist(txCtx, updated);
  });
  return (await loadEventView(ctx, found.id, undefined)).event;
}

/** DELETE /event/{id}: organizers; participations, responsibles and the event's questionnaire go with it. */
export async function deleteEvent(ctx: Ctx, idOrSlug: string): Promise<{ ok: true }> {
  const found = await requireEvent(ctx, idOrSlug);
  await requireOrganizer(ctx, found.id);
  await withTx(ctx.db, async (tx) => {
    const current = await findEvent(tx, ctx.tenant.id, found.id, { lock: true });
    if (!current) return;
    // Everyone going or waiting is told, before their participations go with the event.
    if (current.endsAt.getTime() > Date.now()) await tellAttendees(withDb(ctx, tx), current, "cancelled", (r) => `event-cancelled:${current.id}:${r.participantId}`);
    await deleteEventRow(tx, ctx.tenant.id, current.id);
    await recordAudit(withDb(ctx, tx), { action: "event.delete", target: { type: "event", id: current.id }, before: fieldsOf(current), after: null });
    await emitWebhook(withDb(ctx, tx), "event.cancelled", eventWebhookData(current.id, fieldsOf(current), "cancelled"), current.id);
  });
  return { ok: true };
}

/**
 * GET /event/upcoming and /event/past: events not ended yet (soonest first) or ended (latest
 * first), by each event's end in its own time zone. Signed-out visitors and users who have not
 * joined see PUBLIC events only.
 */
export async function listEventPage(
  ctx: Ctx,
  when: "upcoming" | "past",
  query: PageQuery & { communityId?: string | undefined; language?: string | undefined },
): Promise<EventPage> {
  if (query.communityId !== undefined) requireThisCommunity(ctx, query.communityId);
  const participant = ctx.actor.kind === "user" ? await participantOf(ctx) : null;
  const staff = ctx.actor.kind === "user" && (ctx.actor.isOperator || participant?.role === "admin");
  const rows = await listEventViews(ctx.db, ctx.tenant.id, { when, publicOnly: !participant && !staff, page: pageWindow(query), participantId: participant?.id ?? null });
  const { rows: shown, hasMore } = pageRows(rows, query);
  const userId = ctx.actor.kind === "user" ? ctx.actor.userId : null;
  const lang = requestedLang(ctx, query.language);
  const items = shown.map((e) =>
    toEvent(
      ctx.tenant,
      e,
      { organizer: staff || (userId !== null && e.organizers.some((o) => o.userId === userId)), participantId: participant?.id ?? null, participation: e.mine },
      { organizers: e.organizers.map(toOrganizer), confirmedCount: e.confirmedCount, offeredCount: e.offeredCount, waitlistPosition: e.mine?.waitlistPosition ?? null },
      lang,
    ),
  );
  return { items, page: query.page, size: query.size, hasMore };
}

/** GET /event/slug/available: the slug's format and whether another event of the community has it. */
export async function checkSlug(ctx: Ctx, slug: string, excludeId?: string): Promise<{ slug: string; available: boolean; valid: boolean; message: string | null }> {
  const parsed = EventSlugSchema.safeParse(slug);
  if (!parsed.success) return { slug, available: false, valid: false, message: parsed.error.issues[0]?.message ?? "Invalid slug" };
  const taken = await isSlugTaken(ctx.db, ctx.tenant.id, parsed.data, excludeId);
  return { slug: parsed.data, available: !taken, valid: true, message: taken ? "This slug is taken" : null };
}

/** POST /event/{id}/upload-image: organizers; stored by the images module (checked, re-encoded), then set as the cover. */
export async function uploadEventImage(ctx: Ctx, idOrSlug: string, form: UploadForm): Promise<Event> {
  const found = await requireEvent(ctx, idOrSlug);
  await requireOrganizer(ctx, found.id);
  if (!form.image && !form.file) throw new AppError(ErrorCode.VALIDATION, "Attach the image in the field `image`", { errors: { image: "required" } });
  const stored = await uploadImage(ctx, { ...form, purpose: "image" });
  await withTx(ctx.db, async (tx) => {
    const current = await requireEvent(withDb(ctx, tx), found.id, { lock: true });
    const image = { id: stored.id, sizes: stored.sizes };
    await setEventImage(tx, ctx.tenant.id, current.id, image);
    await recordAudit(withDb(ctx, tx), { action: "event.image", target: { type: "event", id: current.id }, before: current.image, after: image });
  });
  return (await loadEventView(ctx, found.id, undefined)).event;
}

/** GET /event/{id}/calendar.ics: the event as an iCalendar file, for whoever may see it, with what they may see of the location. */
export async function eventCalendarFile(ctx: Ctx, idOrSlug: string, language?: string): Promise<{ filename: string; body: string }> {
  const { row, event } = await loadEventView(ctx, idOrSlug, requestedLang(ctx, language));
  return { filename: `${row.slug}.ics`, body: buildIcs(ctx.tenant, row, event) };
}
