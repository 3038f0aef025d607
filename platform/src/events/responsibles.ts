/** Event responsibles (organizers): listed, added and removed by the event's organizers; every change audited. */
import { recordAudit } from "../audit/index.ts";
import { requireOrganizer } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { AppError, ErrorCode, notFound, validation } from "../lib/errors.ts";
import { type PageQuery, pageRows, pageWindow } from "../lib/paging.ts";
import { findParticipant } from "../participant/queries.ts";
import { countResponsibles, deleteResponsible, insertResponsible, listConfirmed, listOrganizers } from "./queries.ts";
import type { EventOrganizer, EventParticipantPage } from "./schemas.ts";
import { avatarUrl, requireEvent, requireVisible, toOrganizer } from "./view.ts";

/** GET /event/{id}/responsibles: whoever may see the event sees its organizers. */
export async function listResponsibles(ctx: Ctx, idOrSlug: string): Promise<EventOrganizer[]> {
  const event = await requireEvent(ctx, idOrSlug);
  await requireVisible(ctx, event);
  return (await listOrganizers(ctx.db, ctx.tenant.id, [event.id])).map(toOrganizer);
}

/** POST /event/{id}/responsibles: the new organizer must be a confirmed participant of the community. */
export async function addResponsible(ctx: Ctx, idOrSlug: string, userId: string): Promise<EventOrganizer[]> {
  const found = await requireEvent(ctx, idOrSlug);
  await requireOrganizer(ctx, found.id);
  const candidate = await findParticipant(ctx.db, ctx.tenant.id, { userId });
  if (!candidate) throw notFound("This user is not a participant of the community");
  // An organizer reads the attendees' report and answers: only a member the community confirmed
  // (not pending, not rejected) may become one.
  if (candidate.moderationStatus !== "confirmed") {
    const msg = "Only a confirmed member of the community can be an organizer";
    throw validation(msg, { userId: msg });
  }
  await withTx(ctx.db, async (tx) => {
    const event = await requireEvent(withDb(ctx, tx), found.id, { lock: true });
    if (await insertResponsible(tx, ctx.tenant.id, event.id, userId)) {
      await recordAudit(withDb(ctx, tx), { action: "event.responsible.add", target: { type: "event", id: event.id }, before: null, after: { userId } });
    }
  });
  return (await listOrganizers(ctx.db, ctx.tenant.id, [found.id])).map(toOrganizer);
}

/** DELETE /event/{id}/responsibles/{userId}: an event keeps at least one responsible. */
export async function removeResponsible(ctx: Ctx, idOrSlug: string, userId: string): Promise<EventOrganizer[]> {
  const found = await requireEvent(ctx, idOrSlug);
  await requireOrganizer(ctx, found.id);
  await withTx(ctx.db, async (tx) => {
    const event = await requireEvent(withDb(ctx, tx), found.id, { lock: true });
    const organizers = await listOrganizers(tx, ctx.tenant.id, [event.id]);
    if (!organizers.some((o) => o.userId === userId)) throw notFound("This user is not an organizer of the event");
    if ((await countResponsibles(tx, ctx.tenant.id, event.id)) <= 1) {
      throw new AppError(ErrorCode.CONFLICT, "An event keeps at least one organizer");
    }
    await deleteResponsible(tx, ctx.tenant.id, event.id, userId);
    await recordAudit(withDb(ctx, tx), { action: "event.responsible.remove", target: { type: "event", id: event.id }, before: { userId }, after: null });
  });
  return (await listOrganizers(ctx.db, ctx.tenant.id, [found.id])).map(toOrganizer);
}

/** GET /event/{id}/participants/confirmed: the attendees, for anyone who may see the event. */
export async function listConfirmedParticipants(ctx: Ctx, idOrSlug: string, query: PageQuery): Promise<EventParticipantPage> {
  const found = await listConfirmed(ctx.db, ctx.tenant.id, idOrSlug, pageWindow(query));
  if (!found) throw notFound("Event not found");
  await requireVisible(ctx, found.event);
  const { rows, hasMore } = pageRows(found.rows, query);
  return {
    items: rows.map((r) => ({ id: r.id, firstName: r.firstName, lastName: r.lastName, avatarUrl: avatarUrl(r.avatar) })),
    page: query.page,
    size: query.size,
    hasMore,
  };
}
