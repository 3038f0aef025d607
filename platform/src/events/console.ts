/**
 * The console's Events resource in react-admin's simple-REST contract (`sort`, `range`, `filter`
 * as JSON in the query; the total in Content-Range), for community admins. Editing, participants
 * and statistics go through the event API itself (admins are organizers of every event).
 */
import { z } from "@hono/zod-openapi";
import { requireCommunityAdmin } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { MAX_WINDOW, parseJson, RangeSchema, type SimpleRestQuery } from "../http/simple-rest.ts";
import { type ConsoleEventRow, listConsoleEvents } from "./queries.ts";
import type { ConsoleEvent } from "./schemas.ts";

export const CONSOLE_EVENT_SORTS = { date: "date", title: "title", createdAt: "createdAt", id: "date" } as const;

const SortSchema = z.tuple([z.enum(["date", "title", "createdAt", "id"]), z.enum(["ASC", "DESC", "asc", "desc"])]);
const FilterSchema = z
  .object({
    tab: z.enum(["upcoming", "past"]).optional(),
    q: z.string().max(200).optional(),
    id: z.union([z.string().uuid(), z.array(z.string().uuid()).max(MAX_WINDOW)]).optional(),
  })
  .strict();

export type ConsoleEventsQuery = SimpleRestQuery;


function toConsoleEvent(r: ConsoleEventRow, now: Date): ConsoleEvent {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    date: r.date,
    time: r.time,
    timeZone: r.timeZone,
    eventDateTime: r.startsAt.toISOString(),
    type: r.type,
    visibility: r.visibility,
    paid: r.paid,
    approvalRequired: r.approvalRequired,
    enableOnboarding: r.onboardingEnabled,
    maxParticipants: r.maxParticipants,
    confirmedCount: r.confirmedCount,
    pendingCount: r.pendingCount,
    hasEnded: r.endsAt.getTime() <= now.getTime(),
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * GET /console/events: upcoming (not yet ended, soonest first by default) or past (ended) events
 * with their confirmed and pending counts; no tab: every event.
 */
export async function consoleListEvents(ctx: Ctx, query: ConsoleEventsQuery): Promise<{ rows: ConsoleEvent[]; start: number; end: number; total: number }> {
  await requireCommunityAdmin(ctx);
  const filter = parseJson("filter", query.filter, FilterSchema) ?? {};
  const defaultOrder = filter.tab === "past" ? "DESC" : "ASC";
  const sort = parseJson("sort", query.sort, SortSchema) ?? ["date", defaultOrder];
  const [start, endIncl] = parseJson("range", query.range, RangeSchema) ?? [0, 24];
  const ids = filter.id === undefined ? undefined : Array.isArray(filter.id) ? filter.id : [filter.id];
  const { rows, total } = await listConsoleEvents(ctx.db, ctx.tenant.id, {
    tab: filter.tab,
    q: filter.q?.trim() || undefined,
    ids,
    sort: CONSOLE_EVENT_SORTS[sort[0]],
    order: sort[1].toUpperCase() as "ASC" | "DESC",
    limit: endIncl - start + 1,
    offset: start,
  });
  const now = new Date();
  return { rows: rows.map((r) => toConsoleEvent(r, now)), start, end: start + Math.max(rows.length - 1, 0), total };
}
