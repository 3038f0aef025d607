/**
 * The console's members lists in react-admin's simple-REST contract (`sort`, `range`, `filter`
 * as JSON in the query; the total in Content-Range), and the members CRM: a member's timeline and
 * the staff's notes.
 */
import { z } from "@hono/zod-openapi";
import { recordAudit } from "../audit/index.ts";
import { requireCommunityAdmin, requireModerator } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { MAX_WINDOW, parseJson, RangeSchema, type SimpleRestQuery } from "../http/simple-rest.ts";
import { notFound } from "../lib/errors.ts";
import { findStaffMember, listStaffMembers, SORT_FIELDS, type SortField, toStaffMember } from "../moderation/index.ts";
import type { StaffMember } from "../moderation/schemas.ts";
import { insertNote, listNotes, memberAnswers, memberEvents, memberIntros, memberMatches, type NoteRow } from "./queries.ts";

const SortSchema = z.tuple([z.enum(Object.keys(SORT_FIELDS) as [SortField, ...SortField[]]).or(z.literal("id")), z.enum(["ASC", "DESC", "asc", "desc"])]);
/** The members list's filter, shared by the CSV export. */
export const FilterSchema = z
  .object({
    q: z.string().max(200).optional(),
    moderationStatus: z.enum(["pending", "confirmed", "rejected"]).optional(),
    role: z.enum(["member", "moderator", "admin"]).optional(),
    id: z.union([z.string().uuid(), z.array(z.string().uuid()).max(MAX_WINDOW)]).optional(),
  })
  .strict();

export type ConsoleListQuery = SimpleRestQuery;

/** GET /console/participants: a window of the members and the total, for react-admin's list. */
export async function consoleListParticipants(ctx: Ctx, query: ConsoleListQuery): Promise<{ rows: StaffMember[]; start: number; end: number; total: number }> {
  await requireModerator(ctx);
  const sort = parseJson("sort", query.sort, SortSchema) ?? ["createdAt", "DESC"];
  const [start, endIncl] = parseJson("range", query.range, RangeSchema) ?? [0, 24];
  const filter = parseJson("filter", query.filter, FilterSchema) ?? {};
  const ids = filter.id === undefined ? undefined : Array.isArray(filter.id) ? filter.id : [filter.id];
  const { rows, total } = await listStaffMembers(
    ctx.db,
    ctx.tenant.id,
    { q: filter.q, status: filter.moderationStatus, role: filter.role, ids },
    { limit: endIncl - start + 1, offset: start, sort: sort[0] === "id" ? "createdAt" : sort[0], order: sort[1].toUpperCase() as "ASC" | "DESC" },
  );
  return { rows: rows.map(toStaffMember), start, end: start + Math.max(rows.length - 1, 0), total };
}

export type TimelineEvent = { at: string; kind: "joined" | "answer" | "moderation" | "match" | "intro" | "meeting" | "event" | "note"; text: string; data?: Record<string, unknown> };

function noteOut(n: NoteRow) {
  return { id: n.id, text: n.text, authorUserId: n.authorUserId, authorEmail: n.authorEmail, createdAt: n.createdAt.toISOString() };
}

/** GET /console/participants/{id}: the member with the CRM timeline (newest first), for admins. */
export async function consoleMemberDetail(ctx: Ctx, id: string) {
  await requireCommunityAdmin(ctx);
  const row = await findStaffMember(ctx.db, ctx.tenant.id, id);
  if (!row) throw notFound("Participant not found");
  const [answers, matches, intros, participations, notes] = [
    await memberAnswers(ctx.db, ctx.tenant.id, id),
    await memberMatches(ctx.db, ctx.tenant.id, id),
    await memberIntros(ctx.db, ctx.tenant.id, id),
    await memberEvents(ctx.db, ctx.tenant.id, id),
    await listNotes(ctx.db, ctx.tenant.id, id),
  ];
  const events: TimelineEvent[] = [{ at: row.createdAt.toISOString(), kind: "joined", text: "Joined the community" }];
  if (row.moderatedAt) events.push({ at: row.moderatedAt.toISOString(), kind: "moderation", text: row.moderationStatus, data: { reason: row.moderationReason } });
  for (const a of answers) {
    const answer = [...a.options, ...(a.text ? [a.text] : [])].join(", ");
    events.push({ at: a.answeredAt.toISOString(), kind: "answer", text: `${a.question}: ${answer}`, data: { question: a.question, answer } });
  }
  for (const m of matches) {
    events.push({ at: m.createdAt.toISOString(), kind: "match", text: m.subjectName, data: { subjectId: m.subjectId, score: m.score, source: m.source, status: m.status } });
    if (m.feedbackAt) {
      events.push({
        at: m.feedbackAt.toISOString(),
        kind: "meeting",
        text: m.noMeeting ? `No meeting with ${m.subjectName}` : `Met ${m.subjectName}`,
        data: { subjectId: m.subjectId, subjectName: m.subjectName, score: m.meetingScore, noMeeting: m.noMeeting },
      });
    }
  }
  for (const i of intros) events.push({ at: i.createdAt.toISOString(), kind: "intro", text: i.otherName, data: { outgoing: i.outgoing, status: i.status } });
  // One entry per event, at its latest change: joined (CONFIRMED), PENDING (with why), REJECTED or CANCELLED.
  for (const e of participations) {
    events.push({
      at: e.changedAt.toISOString(),
      kind: "event",
      text: e.title,
      data: { eventId: e.eventId, slug: e.slug, status: e.status, pendingReason: e.pendingReason, joinedAt: e.joinedAt.toISOString(), startsAt: e.startsAt.toISOString() },
    });
  }
  for (const n of notes) events.push({ at: n.createdAt.toISOString(), kind: "note", text: n.text, data: { authorEmail: n.authorEmail } });
  events.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { ...toStaffMember(row), timeline: events, notes: notes.map(noteOut) };
}

/** POST /console/participants/{id}/notes: an admin's private note about a member (audited). */
export async function addMemberNote(ctx: Ctx, id: string, text: string) {
  await requireCommunityAdmin(ctx);
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const row = await findStaffMember(tx, ctx.tenant.id, id);
    if (!row) throw notFound("Participant not found");
    const author = ctx.actor.kind === "user" ? ctx.actor.userId : null;
    const note = noteOut(await insertNote(tx, ctx.tenant.id, id, author, text));
    await recordAudit(txCtx, { action: "participant.note", target: { type: "participant", id }, before: null, after: { noteId: note.id, text } });
    return note;
  });
}
