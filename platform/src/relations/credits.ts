import { requireMember } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import type { Db } from "../db/client.ts";
import { AppError, ErrorCode } from "../lib/errors.ts";
import { iso, loadMe } from "../members/index.ts";
import { creditWeek, insertCreditSpend, spentSince } from "./queries.ts";
import { CREDIT_COSTS, type Credits, WEEKLY_CREDIT_ALLOWANCE } from "./schemas.ts";

export type CreditKind = keyof typeof CREDIT_COSTS;

/** The member's credits this week: the weekly allowance minus what they spent since it began. */
export async function creditsOf(db: Db, ctx: Pick<Ctx, "tenant">, participantId: string): Promise<Credits> {
  const week = await creditWeek(db, ctx.tenant.config.timeZone);
  const spent = await spentSince(db, ctx.tenant.id, participantId, week.start);
  return {
    balance: Math.max(0, WEEKLY_CREDIT_ALLOWANCE - spent),
    allowance: WEEKLY_CREDIT_ALLOWANCE,
    costs: { ...CREDIT_COSTS },
    periodStart: iso(week.start),
    refillAt: iso(week.end),
  };
}

function inWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days ${hours % 24} h`;
}

/**
 * Spends the cost of `kind`, or throws 429 (code 1018) saying when the credits refill (also as
 * `errors.refillAt` and Retry-After). Call inside the transaction of the paid action, after
 * lockParticipant(…, "credits"), so two clicks cannot both spend the last credits.
 */
export async function spendCredits(db: Db, ctx: Pick<Ctx, "tenant">, participantId: string, kind: CreditKind): Promise<Credits> {
  const credits = await creditsOf(db, ctx, participantId);
  const cost = CREDIT_COSTS[kind];
  if (credits.balance < cost) {
    const wait = new Date(credits.refillAt).getTime() - Date.now();
    throw new AppError(ErrorCode.CREDITS_EXHAUSTED, `Credits ran out. Try again in ${inWords(wait)}, when they refill (${credits.refillAt})`, {
      errors: { refillAt: credits.refillAt },
      headers: { "Retry-After": String(Math.max(1, Math.ceil(wait / 1000))) },
    });
  }
  await insertCreditSpend(db, ctx.tenant.id, participantId, kind, cost);
  return { ...credits, balance: credits.balance - cost };
}

/** GET /matching/credits. */
export async function getMyCredits(ctx: Ctx): Promise<Credits> {
  const me = await loadMe(ctx, await requireMember(ctx));
  return creditsOf(ctx.db, ctx, me.participant.id);
}
