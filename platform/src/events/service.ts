/**
 * Events: create, read, edit, delete, the Upcoming and Past lists, the slug check and the cover
 * image. Organizer writes are audited in their transaction.
 */
import { recordAudit, sameJson } from "../audit/index.ts";
import { participantOf, requireOrganizer, requireRole, requireThisCommunity, requireUser } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { uploadImage } from "../images/service.ts";
import type { UploadForm } from "../images/schemas.ts";
import { AppError, ErrorCode, validation } from "../lib/errors.ts";
import { type PageQuery, pageRows, pageWindow } from "../lib/paging.ts";
import type { Lang } from "../tenancy/schema.ts";
import { buildIcs } from "./calendar.ts";
import { promoteFromWaitlist } from "./participation.ts";
import { planReminders } from "./reminders.ts";
import {
  countConfirmed,
  countConfirmedByEvent,
  deleteEvent as deleteEventRow,
  type EventRow,
  findEvent,
  insertEvent,
  insertResponsible,
  isSlugTaken,
  listConfirmedIds,
  listEvents,
  listMyParticipations,
  listOrganizers,
  setEventImage,
  updateEvent as updateEventRow,
  waitlistPosition,
} from "./queries.ts";
import { eventErrors, fieldsOf, MESSAGES, mergeEvent, slugFromTitle } from "./rules.ts";
import { type Event, type EventCreate, EventSlugSchema, type EventPage, type EventPatch } from "./schemas.ts";
import { type EventViewer, requestedLang, requireEvent, requireVisible, toEvent, toOrganizer } from "./view.ts";

function throwIfErrors(errors: Record<string, string>): void {
  const first = Object.entries(errors)[0];
  if (first) throw validation(`${first[0]}: ${first[1]}`, errors);
}

/** The event as `viewer` sees it, with organizers, the confirmed count and the viewer's participation. */
export async function presentEvent(ctx: Ctx, e: EventRow, viewer: Omit<EventViewer, "participation">, lang: Lang | undefined): Promise<Event> {
  const [organizers, confirmedCount, mine] = await Promise.all([
    listOrganizers(ctx.db, ctx.tenant.id, [e.id]),
    countConfirmed(ctx.db, ctx.tenant.id, e.id),
    viewer.participantId ? listMyParticipations(ctx.db, ctx.tenant.id, viewer.participantId, [e.id]) : Promise.resolve([]),
  ]);
  const participation = mine[0] ?? null;
  const position =
    participation?.status === "PENDING" && participation.pendingReason === "WAITLIST" && participation.waitlistedAt
      ? await waitlistPosition(ctx.db, ctx.tenant.id, e.id, participation.participantId)
      : null;
  return toEvent(ctx.tenant, e, { ...viewer, participation }, { organizers: organizers.map(toOrganizer), confirmedCount, waitlistPosition: position }, lang);
}

async function uniqueSlug(ctx: Ctx, title: string): Promise<string> {
  const base = slugFromTitle(title);
  for (let i = 1; i <= 20; i++) {
    const candidate = i === 1 ? base : `${base}-${i}`;
    if (!(await isSlugTaken(ctx.db, ctx.tenant.id, candidate))) return candidate;
  }
  return `${base}-${Date.now().toString(36)}`;
}

/**
 * POST /event/create: community moderators and admins create events; the creator becomes the
 * event's first organizer (responsible).
 */
export async function createEvent(ctx: Ctx, input: EventCreate): Promise<Event> {
  await requireRole(ctx, "moderator");
  if (input.communityId !== undefined) requireThisCommunity(ctx, input.communityId);
  const actor = requireUser(ctx);
  const fields = mergeEvent(null, input);
  throwIfErrors(eventErrors(fields, ctx.tenant.config.langChoices));
  if (!fields.slug) fields.slug = await uniqueSlug(ctx, fields.title);
  const id = await withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const id = await insertEvent(tx, ctx.tenant.id, actor.userId, fields);
    await insertResponsible(tx, ctx.tenant.id, id, actor.userId);
    await recordAudit(txCtx, { action: "event.create", target: { type: "event", id }, before: null, after: { ...fields } });
    return id;
  });
  const event = await requireEvent(ctx, id);
  return presentEvent(ctx, event, { organizer: true, participantId: (await participantOf(ctx))?.id ?? null }, undefined);
}

/** GET /event/{id}: by id or slug; PUBLIC events for everyone, private ones for the community's participants. */
export async function getEvent(ctx: Ctx, idOrSlug: string, language?: string): Promise<Event> {
  const event = await requireEvent(ctx, idOrSlug);
  const viewer = await requireVisible(ctx, event);
  return presentEvent(ctx, event, viewer, requestedLang(ctx, language));
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
    const updated = await requireEvent(txCtx, current.id);
    // A new start time plans new reminders; the old ones find the start changed and do nothing.
    if (updated.startsAt.getTime() !== current.startsAt.getTime()) {
      await planReminders(txCtx, updated, await listConfirmedIds(tx, ctx.tenant.id, updated.id));
    }
    await promoteFromWaitlist(txCtx, updated);
  });
  return presentEvent(ctx, await requireEvent(ctx, found.id), { organizer: true, participantId: (await participantOf(ctx))?.id ?? null }, undefined);
}

/** DELETE /event/{id}: organizers; participations, responsibles and the event's questionnaire go with it. */
export async function deleteEvent(ctx: Ctx, idOrSlug: string): Promise<{ ok: true }> {
  const found = await requireEvent(ctx, idOrSlug);
  await requireOrganizer(ctx, found.id);
  await withTx(ctx.db, async (tx) => {
    const current = await findEvent(tx, ctx.tenant.id, found.id, { lock: true });
    if (!current) return;
    await deleteEventRow(tx, ctx.tenant.id, current.id);
    await recordAudit(withDb(ctx, tx), { action: "event.delete", target: { type: "event", id: current.id }, before: fieldsOf(current), after: null });
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
  const rows = await listEvents(ctx.db, ctx.tenant.id, { when, publicOnly: !participant && !staff, page: pageWindow(query) });
  const { rows: shown, hasMore } = pageRows(rows, query);
  const ids = shown.map((e) => e.id);
  const [organizers, counts, mine] = await Promise.all([
    listOrganizers(ctx.db, ctx.tenant.id, ids),
    countConfirmedByEvent(ctx.db, ctx.tenant.id, ids),
    participant ? listMyParticipations(ctx.db, ctx.tenant.id, participant.id, ids) : Promise.resolve([]),
  ]);
  const userId = ctx.actor.kind === "user" ? ctx.actor.userId : null;
  const lang = requestedLang(ctx, query.language);
  const items: Event[] = [];
  for (const e of shown) {
    const own = organizers.filter((o) => o.eventId === e.id);
    const participation = mine.find((m) => m.eventId === e.id) ?? null;
    const organizer = staff || (userId !== null && own.some((o) => o.userId === userId));
    const position =
      participation?.status === "PENDING" && participation.pendingReason === "WAITLIST" && participation.waitlistedAt
        ? await waitlistPosition(ctx.db, ctx.tenant.id, e.id, participation.participantId)
        : null;
    items.push(
      toEvent(
        ctx.tenant,
        e,
        { organizer, participantId: participant?.id ?? null, participation },
        { organizers: own.map(toOrganizer), confirmedCount: counts.get(e.id) ?? 0, waitlistPosition: position },
        lang,
      ),
    );
  }
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
  return presentEvent(ctx, await requireEvent(ctx, found.id), { organizer: true, participantId: (await participantOf(ctx))?.id ?? null }, undefined);
}

/** GET /event/{id}/calendar.ics: the event as an iCalendar file, for whoever may see it, with what they may see of the location. */
export async function eventCalendarFile(ctx: Ctx, idOrSlug: string, language?: string): Promise<{ filename: string; body: string }> {
  const event = await requireEvent(ctx, idOrSlug);
  const viewer = await requireVisible(ctx, event);
  const view = await presentEvent(ctx, event, viewer, requestedLang(ctx, language));
  return { filename: `${event.slug}.ics`, body: buildIcs(ctx.tenant, event, view) };
}
