import { randomUUID } from "node:crypto";
import { createSession, type Ctx, hashPassword, insertUser, invalidateCommunityModel, joinCommunity, type LookingFor, type ModerationStatus, updateLookingFor, type UpdateProfile, updateProfile, type UserRow } from "@tuesday/platform";
import type { TestEnv } from "./harness.ts";

export type Role = "member" | "moderator" | "admin";

/** Profile fields written through the profile verbs (updateProfile, updateLookingFor), so they pass the same rules. */
export type MemberProfile = Omit<UpdateProfile, "firstName" | "lastName"> & {
  firstName?: string;
  lastName?: string;
  lookingFor?: LookingFor[];
  lookingForText?: string | null;
  canHelpWithText?: string | null;
};

export type CreateMemberOptions = {
  /** Community of the participant and the session; default "alpha". */
  tenant?: string;
  email?: string;
  password?: string;
  /** Participant role in `tenant`; null for a user with no participant there. Default "member". */
  role?: Role | null;
  /** Platform operator (users.is_operator). */
  operator?: boolean;
  profile?: MemberProfile;
  /** Moderation status; default "confirmed". */
  status?: ModerationStatus;
  /** Profile completion as matching reads it; by default what the verbs computed. */
  complete?: boolean;
};

export type CreatedUser = { user: UserRow; token: string; participantId: string | null; email: string; password: string };
export type CreateUserOptions = CreateMemberOptions;

export const DEFAULT_TEST_PASSWORD = "Tuesday-test-pw-2024!";

/** A unique e-mail for one test. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

// argon2id takes tens of milliseconds a hash: every user with the same password shares one.
const hashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/**
 * A verified user with a password, a participant in `tenant` (unless role is null) made by the
 * join verb with the profile written by the profile verbs, and a session bound to `tenant` (send
 * `token` as Bearer). Role, moderation and completion are then set by setParticipantState.
 */
export async function createMember(env: TestEnv, opts: CreateMemberOptions = {}): Promise<CreatedUser> {
  const tenantId = opts.tenant ?? "alpha";
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? DEFAULT_TEST_PASSWORD;
  const user = await insertUser(env.db, {
    email,
    passwordHash: await passwordHashOf(password),
    homeCommunityId: tenantId,
    preferredLang: "en",
    emailVerified: true,
    policyAgreed: true,
    isOperator: opts.operator ?? false,
  });
  const session = await createSession(env.db, { userId: user.id, communityId: tenantId, authMethod: "EMAIL" });
  const role = opts.role === undefined ? "member" : opts.role;
  let participantId: string | null = null;
  if (role !== null) {
    const ctx = await userCtx(env, tenantId, user.id, session.session.id, opts.operator ?? false);
    const { firstName, lastName, lookingFor, lookingForText, canHelpWithText, ...rest } = opts.profile ?? {};
    const joined = await joinCommunity(ctx, { userId: user.id, body: { firstName, lastName } });
    participantId = joined.participant.id;
    if (Object.keys(rest).length) await updateProfile(ctx, rest);
    if (lookingFor !== undefined || lookingForText !== undefined || canHelpWithText !== undefined) {
      await updateLookingFor(ctx, { lookingFor: lookingFor ?? [], lookingForText, canHelpWithText });
    }
    await setParticipantState(env, tenantId, participantId, { role, moderationStatus: opts.status ?? "confirmed", complete: opts.complete });
    if (opts.profile) invalidateCommunityModel(tenantId);
  }
  return { user, token: session.token, participantId, email, password };
}

async function userCtx(env: TestEnv, tenantId: string, userId: string, sessionId: string, isOperator: boolean): Promise<Ctx> {
  const tenant = await env.deps.tenants.get(tenantId);
  if (!tenant) throw new Error(`no tenant ${tenantId}`);
  return { tenant, actor: { kind: "user", userId, sessionId, isOperator }, requestId: "test", log: env.deps.log, db: env.db, deps: env.deps, ip: undefined };
}

/**
 * An existing user joins `tenant` through the join verb (a confirmed member unless `state` says
 * otherwise), signed in there; returns the participant id and the session token.
 */
export async function joinAs(
  env: TestEnv,
  userId: string,
  tenantId: string,
  state: { role?: Role; status?: ModerationStatus } = {},
): Promise<{ participantId: string; token: string }> {
  const session = await createSession(env.db, { userId, communityId: tenantId, authMethod: "EMAIL" });
  const joined = await joinCommunity(await userCtx(env, tenantId, userId, session.session.id, false), { userId, body: {} });
  await setParticipantState(env, tenantId, joined.participant.id, { role: state.role ?? "member", moderationStatus: state.status ?? "confirmed" });
  return { participantId: joined.participant.id, token: session.token };
}

/**
 * The one raw write left in the test factories: role, moderation status and (optionally) profile
 * completion, which no member-facing verb sets yet. The moderation issue's verbs (confirm /
 * reject a member, change a role) replace it; until then it is kept to exactly these columns.
 */
export async function setParticipantState(
  env: TestEnv,
  tenant: string,
  participantId: string,
  state: { role: Role; moderationStatus: ModerationStatus; complete?: boolean | undefined },
): Promise<void> {
  const completed = state.complete === undefined ? env.db`profile_completed_at` : state.complete ? env.db`coalesce(profile_completed_at, now())` : null;
  await env.db`
    update participants set role = ${state.role}, moderation_status = ${state.moderationStatus}, profile_completed_at = ${completed}
    where community_id = ${tenant} and id = ${participantId}`;
}

/** A member of `tenant` (role "member" unless given): createMember's older name. */
export const createUser = createMember;

/** A session for an existing user in another community (e.g. after joining it). */
export async function signInAs(env: TestEnv, userId: string, tenant: string): Promise<string> {
  return (await createSession(env.db, { userId, communityId: tenant, authMethod: "EMAIL" })).token;
}
