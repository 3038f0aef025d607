/**
 * The member's own participant row, for verbs that need more than the guard's snapshot. It takes
 * what `requireMember` (authz) returned, so it cannot be called before the guard has run.
 */
import { type Member, notAParticipant } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { findParticipant, type ParticipantRow } from "./queries.ts";

/** The guarded member's whole row, read now (locked with `forUpdate`); gone since the guard ran: 403 (1021). */
export async function loadOwnParticipant(ctx: Pick<Ctx, "db" | "tenant">, member: Member, opts: { forUpdate?: boolean } = {}): Promise<ParticipantRow> {
  const p = await findParticipant(ctx.db, ctx.tenant.id, { id: member.participant.id }, opts);
  if (!p) throw notAParticipant();
  return p;
}
