/**
 * Who is calling and how other members look to them, for the modules that show members to
 * members (matching, relations). Every member card is built by `toCard` (the directory's one card
 * builder, which asks visibleContacts what the viewer may see).
 */
import type { Member } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { toDirectoryCard } from "../directory/service.ts";
import { notFound, validation } from "../lib/errors.ts";
import { loadOwnParticipant } from "../participant/own.ts";
import type { Viewer } from "../participant/privacy.ts";
import { type CardRow, findMemberCard, listMemberCards, type MemberCardRow, type ParticipantRow, preferredLangOf } from "../participant/queries.ts";
import type { Lang } from "../tenancy/schema.ts";
import type { MemberCard } from "./schemas.ts";

export type Me = { participant: ParticipantRow; viewer: Viewer; lang: Lang };

export function viewerOf(ctx: Ctx, p: ParticipantRow): Viewer {
  return memberViewer(p, ctx.actor.kind === "user" && ctx.actor.isOperator);
}

/** How member `p` sees others (e.g. the sender of an intro, for the mail they get). */
export function memberViewer(p: ParticipantRow, isOperator = false): Viewer {
  return {
    kind: "user",
    userId: p.userId,
    isOperator,
    participant: { id: p.id, role: p.role, confirmed: p.moderationStatus === "confirmed", profileComplete: p.profileCompletedAt !== null },
  };
}

/** The member's language in this community, within the community's choices. */
export function langIn(ctx: Ctx, preferred: Lang | null | undefined): Lang {
  const choices = ctx.tenant.config.langChoices;
  return preferred && choices.includes(preferred) ? preferred : ctx.tenant.config.lang;
}

/** The guarded member (`requireMember`) with their whole row, how they see others and their language. */
export async function loadMe(ctx: Ctx, member: Member, opts: { forUpdate?: boolean } = {}): Promise<Me> {
  const participant = await loadOwnParticipant(ctx, member, opts);
  const lang = langIn(ctx, await preferredLangOf(ctx.db, ctx.tenant.id, participant.id));
  return { participant, viewer: viewerOf(ctx, participant), lang };
}

/** A member of this community; another community's id (or a deleted account) is a 404. */
export async function requireMemberCard(ctx: Ctx, id: string): Promise<MemberCardRow> {
  const row = await findMemberCard(ctx.db, ctx.tenant.id, id);
  if (!row) throw notFound("Participant not found");
  return row;
}

/** Another member of this community: as requireMemberCard, and the caller's own id is a 400. */
export async function requireOtherMember(ctx: Ctx, me: Me, id: string): Promise<MemberCardRow> {
  const row = await requireMemberCard(ctx, id);
  if (row.id === me.participant.id) throw validation("This is your own profile", { subjectId: "Choose another member" });
  return row;
}

/** The directory's member card (one builder for every card), without the staff-only status. */
export function toCard(ctx: Ctx, viewer: Viewer, row: CardRow): MemberCard {
  return toDirectoryCard(ctx, viewer, row, false);
}

/** Cards of `ids` as `viewer` sees them, by id (members whose account is gone are missing). */
export async function cardsOf(ctx: Ctx, viewer: Viewer, ids: readonly string[]): Promise<Map<string, MemberCard>> {
  const rows = await listMemberCards(ctx.db, ctx.tenant.id, ids);
  return new Map(rows.map((r) => [r.id, toCard(ctx, viewer, r)]));
}

export const iso = (d: Date): string => d.toISOString();
export const isoOrNull = (d: Date | null): string | null => (d ? d.toISOString() : null);
