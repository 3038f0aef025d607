/**
 * The one place that answers "may this actor do this here". Every verb's first line calls one of
 * these guards, and every route runs the guard of its declared access level before validation
 * (http/route.ts), so the answers are the same everywhere:
 * - no session, or a session made in another community: 401 (1004);
 * - signed in but not a participant of this community: 403 (1021, "not a participant");
 * - a role too low: 403 (1005);
 * - an id of another community: 404 (1002), as if it did not exist (`requireThisCommunity` and the
 *   `…InCommunity` lookups).
 */
import type { ParticipantRole, ParticipantSnapshot, Permission } from "./roles.ts";
import type { Ctx, UserActor } from "../context.ts";
import { AppError, accessDenied, ErrorCode, notFound, unauthenticated } from "../lib/errors.ts";
import { findParticipantSnapshot, isResponsible } from "./queries.ts";

export const ACCESS_LEVELS = ["public", "user", "participant", "moderator", "admin", "organizer", "operator"] as const;
/**
 * Who may call a route: anyone; any signed-in user; a participant of the request's community; its
 * moderators (CAN_MODERATE_COMMUNITY, admins included); its admins (CAN_VIEW_ADMIN_PANEL); an
 * event's organizers (a participant at the route; the verb then calls `requireOrganizer` with the
 * event, which it has found in this community first); platform operators.
 */
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const NOT_A_PARTICIPANT = "You are not a participant of this community";
export const notAParticipant = () => new AppError(ErrorCode.NOT_A_PARTICIPANT, NOT_A_PARTICIPANT);

const RANK: Record<ParticipantRole, number> = { member: 0, moderator: 1, admin: 2 };

/** The signed-in user of the request, or 401 (1004) for anyone else. */
export function requireUser(ctx: Pick<Ctx, "actor">): UserActor {
  if (ctx.actor.kind !== "user") throw unauthenticated();
  return ctx.actor;
}

export function isOperator(ctx: Pick<Ctx, "actor">): boolean {
  const a = ctx.actor;
  return a.kind === "operator" || (a.kind === "user" && a.isOperator);
}

/**
 * The user's participant in this community as the session read it (one lookup for actors built
 * outside a request), cached on the actor for the rest of the unit of work.
 */
export async function participantOf(ctx: Pick<Ctx, "actor" | "db" | "tenant">): Promise<ParticipantSnapshot | null> {
  const actor = ctx.actor;
  if (actor.kind !== "user") return null;
  if (actor.participant === undefined) actor.participant = (await findParticipantSnapshot(ctx.db, ctx.tenant.id, { userId: actor.userId })) ?? null;
  return actor.participant;
}

/** What `requireMember` proves: the signed-in user and their participant in this community. */
export type Member = { actor: UserActor; participant: ParticipantSnapshot };

/**
 * The one member guard: a participant of the request's community (any moderation status), 401
 * when signed out (or an operator without a user), else 403 (1021). Verbs that need the member's
 * whole row pass what this returns to the row loaders (`loadOwnParticipant`, `loadMe`).
 */
export async function requireMember(ctx: Pick<Ctx, "actor" | "db" | "tenant">): Promise<Member> {
  const actor = requireUser(ctx);
  const participant = await participantOf(ctx);
  if (!participant) throw notAParticipant();
  return { actor, participant };
}

/**
 * An admin of this community (CAN_VIEW_ADMIN_PANEL); with `communityId` (a path's community id),
 * another community's id is first a 404. Platform operators and system jobs pass without a
 * participant; everyone else needs one (403 1021 without, 403 1005 when the role is too low).
 */
export async function requireCommunityAdmin(ctx: Pick<Ctx, "actor" | "db" | "tenant">, communityId?: string): Promise<void> {
  if (communityId !== undefined) requireThisCommunity(ctx, communityId);
  await authorize(ctx, "admin");
}

/** A moderator of this community (CAN_MODERATE_COMMUNITY, admins included); as `requireCommunityAdmin` otherwise. */
export async function requireModerator(ctx: Pick<Ctx, "actor" | "db" | "tenant">, communityId?: string): Promise<void> {
  if (communityId !== undefined) requireThisCommunity(ctx, communityId);
  await authorize(ctx, "moderator");
}

/** Platform operators (the CLI, or a user marked operator): 401 when signed out, else 403. */
export function requireOperator(ctx: Pick<Ctx, "actor">): void {
  if (ctx.actor.kind === "anonymous") throw unauthenticated();
  if (!isOperator(ctx)) throw accessDenied("Only platform operators can do this");
}

/** A community id in a path or query that is not the request's community: 404, like an unknown one. */
export function requireThisCommunity(ctx: Pick<Ctx, "tenant">, communityId: string): void {
  if (communityId !== ctx.tenant.id) throw notFound("Community not found");
}

export const NOT_AN_ORGANIZER = "Only the event's organizers can do this";

/**
 * Whether the actor organizes the event: one of its responsibles, an admin of its community, a
 * platform operator or a system job. `eventId` must be an event of the request's community (the
 * caller found it there, so another community's event is already a 404). A caller that has read
 * the event's responsibles already passes their user ids, and no query is made for them.
 */
export async function isOrganizer(ctx: Pick<Ctx, "actor" | "db" | "tenant">, eventId: string, responsibles?: readonly string[]): Promise<boolean> {
  const a = ctx.actor;
  if (a.kind === "operator" || a.kind === "system") return true;
  if (a.kind !== "user") return false;
  if (a.isOperator) return true;
  const participant = await participantOf(ctx);
  if (!participant) return false;
  if (participant.role === "admin") return true;
  return responsibles ? responsibles.includes(a.userId) : isResponsible(ctx.db, ctx.tenant.id, eventId, a.userId);
}

/** The "organizer" level for one event: 401 signed out, 403 (1021) not a participant here, else 403 (1005) unless `isOrganizer`. */
export async function requireOrganizer(ctx: Pick<Ctx, "actor" | "db" | "tenant">, eventId: string): Promise<void> {
  await authorize(ctx, "organizer");
  if (!(await isOrganizer(ctx, eventId))) throw accessDenied(NOT_AN_ORGANIZER);
}

/** The route-level check of a declared access level (the verb still checks what it needs). */
export async function authorize(ctx: Pick<Ctx, "actor" | "db" | "tenant">, level: AccessLevel): Promise<void> {
  if (authorizeFromActor(ctx, level)) return;
  // The actor's participant was not read with the session: read it once, then decide.
  await participantOf(ctx);
  authorizeFromActor(ctx, level);
}

/**
 * `authorize` as far as the actor alone decides it, without a promise: true when allowed, throws
 * when refused, false when the participant must first be read from the database. A session
 * carries its participant, so a signed-in request is decided here.
 */
export function authorizeFromActor(ctx: Pick<Ctx, "actor">, level: AccessLevel): boolean {
  const a = ctx.actor;
  switch (level) {
    case "public":
      return true;
    case "user":
      requireUser(ctx);
      return true;
    case "operator":
      requireOperator(ctx);
      return true;
    case "participant":
    case "organizer": {
      // A platform operator may look at any community; verbs that act as a member still need one.
      if (isOperator(ctx)) return true;
      const actor = requireUser(ctx);
      if (actor.participant === undefined) return false;
      if (!actor.participant) throw notAParticipant();
      return true;
    }
    case "moderator":
    case "admin": {
      if (a.kind === "operator" || a.kind === "system") return true;
      const actor = requireUser(ctx);
      if (actor.isOperator) return true;
      if (actor.participant === undefined) return false;
      if (!actor.participant) throw notAParticipant();
      if (RANK[actor.participant.role] < RANK[level]) throw roleTooLow(level);
      return true;
    }
  }
}

function roleTooLow(role: "moderator" | "admin"): AppError {
  return accessDenied(role === "admin" ? "Only the community's admins can do this" : "You have no permission to access moderation features");
}

/** Permissions in one community: by participant role there, or everything for a platform operator. */
export function permissionsFor(role: ParticipantRole | undefined, operator: boolean): Permission[] {
  if (operator || role === "admin") return ["CAN_VIEW_ADMIN_PANEL", "CAN_MODERATE_COMMUNITY"];
  if (role === "moderator") return ["CAN_MODERATE_COMMUNITY"];
  return [];
}

/** GET /permission/my: computed from the same facts as the guards; anonymous visitors get none. */
export async function permissionsOf(ctx: Pick<Ctx, "actor" | "db" | "tenant">): Promise<Permission[]> {
  if (ctx.actor.kind === "operator" || ctx.actor.kind === "system") return permissionsFor(undefined, true);
  if (ctx.actor.kind !== "user") return [];
  return permissionsFor((await participantOf(ctx))?.role, ctx.actor.isOperator);
}
