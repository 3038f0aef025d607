import { requireMember } from "../../authz/index.ts";
import { loadOwnParticipant } from "../../participant/own.ts";
import type { Ctx } from "../../context.ts";
import { withTx } from "../../db/client.ts";
import { validation } from "../../lib/errors.ts";
import { publishModelChange } from "../model-change.ts";
import { getMatchingControl, setMatchingControl } from "./queries.ts";
import type { MatchingStatus, PauseMatching, SkipMatchingWeek } from "./schemas.ts";
import { addDays, comingTuesday, daysBetween, isTuesday } from "./week.ts";

export const MAX_PAUSE_WEEKS = 12;

function statusOf(ctx: Ctx, participantId: string, pausedUntil: string | null, skipWeek: string | null, now: Date): MatchingStatus {
  const timeZone = ctx.tenant.config.timeZone;
  const coming = comingTuesday(now, timeZone);
  let next = coming;
  // Bounded walk: a pause lasts at most MAX_PAUSE_WEEKS, a skip one week.
  for (let i = 0; i <= MAX_PAUSE_WEEKS + 1 && ((pausedUntil !== null && next <= pausedUntil) || next === skipWeek); i++) next = addDays(next, 7);
  const activePause = pausedUntil !== null && pausedUntil >= coming ? pausedUntil : null;
  const activeSkip = skipWeek !== null && skipWeek >= coming ? skipWeek : null;
  return {
    participantId,
    timeZone,
    comingWeek: coming,
    pausedUntil: activePause,
    skippedWeek: activeSkip,
    isPausedThisWeek: next !== coming,
    nextMatchDate: next,
  };
}

/** The member's own matching status: pause, skipped week and when the next contact arrives (tenant time zone). */
export async function getMatchingStatus(ctx: Ctx): Promise<MatchingStatus> {
  const p = await loadOwnParticipant(ctx, await requireMember(ctx));
  const row = await getMatchingControl(ctx.db, ctx.tenant.id, p.id);
  return statusOf(ctx, p.id, row?.pausedUntil ?? null, row?.skipWeek ?? null, new Date());
}

/** No weekly contact for the next `weeks` Tuesdays (1..12), starting with the coming one. */
export async function pauseMatching(ctx: Ctx, input: PauseMatching): Promise<MatchingStatus> {
  const member = await requireMember(ctx);
  const now = new Date();
  return withTx(ctx.db, async (tx) => {
    const p = await loadOwnParticipant({ ...ctx, db: tx }, member, { forUpdate: true });
    const until = addDays(comingTuesday(now, ctx.tenant.config.timeZone), 7 * (input.weeks - 1));
    await setMatchingControl(tx, ctx.tenant.id, p.id, { pausedUntil: until });
    const row = await getMatchingControl(tx, ctx.tenant.id, p.id);
    await publishModelChange(ctx.deps.bus, tx, ctx.tenant.id);
    return statusOf(ctx, p.id, row?.pausedUntil ?? null, row?.skipWeek ?? null, now);
  });
}

/** Skips one week (default the coming Tuesday); only a coming Tuesday within the pause horizon. */
export async function skipMatchingWeek(ctx: Ctx, input: SkipMatchingWeek): Promise<MatchingStatus> {
  const member = await requireMember(ctx);
  const now = new Date();
  return withTx(ctx.db, async (tx) => {
    const p = await loadOwnParticipant({ ...ctx, db: tx }, member, { forUpdate: true });
    const coming = comingTuesday(now, ctx.tenant.config.timeZone);
    const week = input.week ?? coming;
    if (!isTuesday(week)) throw validation("week must be a Tuesday as YYYY-MM-DD", { week: "must be a Tuesday as YYYY-MM-DD" });
    const ahead = daysBetween(coming, week);
    if (ahead < 0 || ahead > 7 * (MAX_PAUSE_WEEKS - 1)) {
      throw validation("week must be a coming Tuesday", { week: `must be a Tuesday from ${coming} on, at most ${MAX_PAUSE_WEEKS} weeks ahead` });
    }
    await setMatchingControl(tx, ctx.tenant.id, p.id, { skipWeek: week });
    const row = await getMatchingControl(tx, ctx.tenant.id, p.id);
    await publishModelChange(ctx.deps.bus, tx, ctx.tenant.id);
    return statusOf(ctx, p.id, row?.pausedUntil ?? null, row?.skipWeek ?? null, now);
  });
}

/** Back to weekly contacts: clears the pause and the skipped week. */
export async function resumeMatching(ctx: Ctx): Promise<MatchingStatus> {
  const member = await requireMember(ctx);
  const now = new Date();
  return withTx(ctx.db, async (tx) => {
    const p = await loadOwnParticipant({ ...ctx, db: tx }, member, { forUpdate: true });
    await setMatchingControl(tx, ctx.tenant.id, p.id, { pausedUntil: null, skipWeek: null });
    await publishModelChange(ctx.deps.bus, tx, ctx.tenant.id);
    return statusOf(ctx, p.id, null, null, now);
  });
}
