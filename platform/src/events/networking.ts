/**
 * Attendee matchmaking (issue 12 point 8): for an event with networking on, a confirmed attendee
 * gets recommended contacts among the event's other confirmed attendees, ranked by the community's
 * relevance engine (the model community-model.ts loads, scorePair / explainPair), with its
 * reasons. A pair the members already had (the matches table), a "not interested" either way, an
 * open intro and colleagues (unless the community pairs them) are never recommended. Nothing is
 * stored: the list is computed on each request from the cached model.
 */
import { requireMember } from "../authz/index.ts";
import { z } from "@hono/zod-openapi";
import type { Ctx } from "../context.ts";
import { AppError, ErrorCode } from "../lib/errors.ts";
import { cardsOf, loadMe } from "../members/index.ts";
import { MemberCardSchema } from "../members/schemas.ts";
import { exclusionOf, explainPair, relevance, scorePair } from "../matching/engine/index.ts";
import { communityModel, renderFor, viewerSide } from "../matching/api/model.ts";
import { listPastPartners } from "../matching/api/queries.ts";
import { MatchReasonSchema } from "../matching/api/schemas.ts";
import { listBlockedWith, listOpenIntrosWith } from "../relations/index.ts";
import { findParticipation, listConfirmedIds } from "./queries.ts";
import { requireEvent, requireVisible } from "./view.ts";

/** At most this many contacts per attendee and event. */
export const EVENT_RECOMMENDATIONS_MAX = 10;
const HOUR_MS = 3_600_000;

export const EventRecommendationsSchema = z
  .object({
    eventId: z.string().uuid(),
    networking: z.boolean(),
    opensAt: z.string().nullable().openapi({ format: "date-time", description: "When the recommendations show (null: as soon as the attendance is confirmed)" }),
    unavailable: z
      .enum(["NETWORKING_OFF", "NOT_OPEN_YET", "NOT_IN_MATCHING"])
      .nullable()
      .openapi({ description: "Why there are no recommendations: networking is off, it opens later, or my profile is not in matching (incomplete, unconfirmed, networking off)" }),
    items: z.array(
      z.object({
        participant: MemberCardSchema,
        score: z.number(),
        reasons: z.array(z.string()).openapi({ description: "Why, in the member's language" }),
        reasonDetails: z.array(MatchReasonSchema),
        viewerIs: z.enum(["a", "b"]).openapi({ description: "Which side of the reasons' pair (a, b) the caller is" }),
      }),
    ),
  })
  .openapi("EventRecommendations");
export type EventRecommendations = z.infer<typeof EventRecommendationsSchema>;

/** GET /event/{id}/recommendations: my recommended contacts among the event's confirmed attendees. */
export async function eventRecommendations(ctx: Ctx, idOrSlug: string, now = new Date()): Promise<EventRecommendations> {
  const event = await requireEvent(ctx, idOrSlug);
  await requireVisible(ctx, event);
  const me = await loadMe(ctx, await requireMember(ctx));
  const mine = await findParticipation(ctx.db, ctx.tenant.id, event.id, me.participant.id);
  if (mine?.status !== "CONFIRMED") throw new AppError(ErrorCode.ACCESS_DENIED, "Only confirmed attendees see the event's recommended contacts");

  const opensAt = event.networkingOpensHours === null ? null : new Date(event.startsAt.getTime() - event.networkingOpensHours * HOUR_MS);
  const base = { eventId: event.id, networking: event.networking, opensAt: opensAt ? opensAt.toISOString() : null };
  if (!event.networking) return { ...base, unavailable: "NETWORKING_OFF", items: [] };
  if (opensAt && now < opensAt) return { ...base, unavailable: "NOT_OPEN_YET", items: [] };

  const { model } = await communityModel(ctx);
  const self = model.indexOf.get(me.participant.id);
  if (self === undefined || model.eligible[self] !== 1) return { ...base, unavailable: "NOT_IN_MATCHING", items: [] };

  // The database, not the (possibly minute-old) model, has the last word on who is excluded.
  const [attendees, past, blocked, intros] = await Promise.all([
    listConfirmedIds(ctx.db, ctx.tenant.id, event.id),
    listPastPartners(ctx.db, ctx.tenant.id, me.participant.id),
    listBlockedWith(ctx.db, ctx.tenant.id, me.participant.id),
    listOpenIntrosWith(ctx.db, ctx.tenant.id, me.participant.id),
  ]);
  const ranked: { id: string; j: number; score: number }[] = [];
  for (const id of attendees) {
    if (id === me.participant.id || past.has(id) || blocked.has(id) || intros.has(id)) continue;
    const j = model.indexOf.get(id);
    if (j === undefined || model.eligible[j] !== 1 || exclusionOf(model, self, j) !== null) continue;
    const score = scorePair(model, self, j);
    if (score > 0) ranked.push({ id, j, score });
  }
  ranked.sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : 1));
  const top = ranked.slice(0, EVENT_RECOMMENDATIONS_MAX);

  const cards = await cardsOf(ctx, me.viewer, top.map((r) => r.id));
  const items: EventRecommendations["items"] = [];
  for (const r of top) {
    const participant = cards.get(r.id);
    if (!participant) continue;
    // Reasons are about (low, high), as every match's are; the sentences are phrased for my side.
    const [low, high] = me.participant.id < r.id ? [self, r.j] : [r.j, self];
    const reasons = explainPair(model, low, high, relevance(model, low, high).breakdown);
    const side = viewerSide(me.participant.id, r.id);
    items.push({ participant, score: r.score, reasons: renderFor(reasons, me.lang, side), reasonDetails: reasons, viewerIs: side });
  }
  return { ...base, unavailable: null, items };
}
