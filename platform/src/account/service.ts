import { notAParticipant, permissionsOf, requireOperator, requireUser } from "../authz/index.ts";
import { hashPassword, checkPasswordPolicy } from "../auth/password.ts";
import { EmailSchema } from "../auth/schemas.ts";
import { invalidateUserSessions } from "../auth/session.ts";
import { findUserByEmail, findUserById, insertUser } from "../auth/users.ts";
import { recordAudit } from "../audit/index.ts";
import { readOwnView } from "../auth/own-view.ts";
import { viewKind } from "../auth/view-cache.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { notFound, unauthenticated, validation } from "../lib/errors.ts";
import { findParticipantSnapshot } from "../authz/queries.ts";
import { findParticipant, listStaffCards, upsertAdminParticipant, upsertParticipantRole } from "../participant/queries.ts";
import { CONTACT_TYPES, type ContactType, LANGS, type Lang } from "../tenancy/schema.ts";
import {
  type CurrentUserRow,
  findCurrentUser,
  markOperator,
  upsertWebPushSubscription,
  updatePasswordHash,
  updatePreferredLang,
} from "./queries.ts";
import type { ContactTypeInfo, CurrentParticipant, CurrentUser, Permission, WebPushResult, WebPushSubscription } from "./schemas.ts";

/** The current-user row of a session, kept by the view cache (auth/view-cache.ts). */
const CURRENT_USER_VIEW = viewKind<CurrentUserRow | null>("currentUser");

/**
 * The answers built from a kept current-user row (the view cache's), by the row: a cache hit
 * answers the same object again, which the route serialises once (http/openapi.ts keptJson),
 * instead of building and serialising it on every request. Keyed too by what else it reads (the
 * community of the request and the home community's URL). A row is kept a few seconds at most.
 */
const currentUserAnswers = new WeakMap<CurrentUserRow, { key: string; answer: CurrentUser }>();

export async function getCurrentUser(ctx: Ctx): Promise<CurrentUser> {
  const actor = requireUser(ctx);
  const user = await readOwnView(ctx, CURRENT_USER_VIEW, async () => (await findCurrentUser(ctx.db, actor.userId, ctx.tenant.id)) ?? null);
  // The session outlived its user (deleted meanwhile): as good as signed out.
  if (!user) throw unauthenticated();
  const home = user.homeCommunityId === ctx.tenant.id ? ctx.tenant : await ctx.deps.tenants.get(user.homeCommunityId);
  const communityUrl = (home ?? ctx.tenant).url;
  const key = `${ctx.tenant.id}\0${communityUrl}`;
  const kept = currentUserAnswers.get(user);
  if (kept?.key === key) return kept.answer;
  const participants = user.participants;
  const here = participants.find((p) => p.communityId === ctx.tenant.id);
  const answer: CurrentUser = {
    userId: user.id,
    email: user.email,
    role: here?.role === "admin" || user.isOperator ? "ROLE_ADMIN" : "ROLE_USER",
    enabled: user.enabled,
    preferredLang: user.preferredLang,
    communityUrl,
    connectedCommunities: participants.map((p) => p.communityId),
    connectedParticipants: participants.map((p) => ({
      id: p.id,
      communityId: p.communityId,
      role: p.role,
      moderationStatus: p.moderationStatus,
      profileCompleted: p.profileCompleted,
      networkingEnabled: p.networkingEnabled,
    })),
    emailVerified: user.emailVerifiedAt !== null,
    policyAgreed: user.policyAgreedAt !== null,
  };
  currentUserAnswers.set(user, { key, answer });
  return answer;
}

/**
 * The user's participant in the community of the request. A `communityId` naming another
 * community is ignored: a session never reads outside the community it was made in.
 */
export async function getCurrentParticipant(ctx: Ctx, _input: { communityId?: string | undefined }): Promise<CurrentParticipant> {
  const actor = requireUser(ctx);
  const p = await findParticipant(ctx.db, ctx.tenant.id, { userId: actor.userId });
  if (!p) throw notAParticipant();
  return { id: p.id, communityId: p.communityId, userId: p.userId, role: p.role, moderationStatus: p.moderationStatus, createdAt: p.createdAt.toISOString() };
}

/** Accepts "en", "ru" and locales such as "ru-RU" (what browsers report). */
export function parseLang(value: string): Lang | undefined {
  const base = value.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return (LANGS as readonly string[]).includes(base) ? (base as Lang) : undefined;
}

/** The preferred language belongs to the user, across communities, so any supported language is accepted. */
export async function setPreferredLang(ctx: Ctx, value: string): Promise<{ ok: true; preferredLang: Lang }> {
  const actor = requireUser(ctx);
  const lang = parseLang(value);
  if (!lang) throw validation(`Unsupported language; use one of ${LANGS.join(", ")}`, { lang: `must be one of ${LANGS.join(", ")}` });
  await updatePreferredLang(ctx.db, actor.userId, lang);
  // The interface language chosen here is also the member's language in this community (match
  // reasons, mail), when the community offers it.
  if (ctx.tenant.config.langChoices.includes(lang)) {
    await ctx.db`update participants set language = ${lang}, updated_at = now()
                 where community_id = ${ctx.tenant.id} and user_id = ${actor.userId} and language is distinct from ${lang}`;
  }
  return { ok: true, preferredLang: lang };
}

/**
 * Stores the browser's push subscription for this user in this community; registering the same
 * endpoint again replaces its keys. Web push is off in this build (spec 9): nothing is sent.
 */
export async function saveWebPushSubscription(ctx: Ctx, sub: WebPushSubscription): Promise<WebPushResult> {
  const actor = requireUser(ctx);
  const expirationTime = sub.expirationTime == null ? null : new Date(sub.expirationTime);
  await upsertWebPushSubscription(ctx.db, {
    communityId: ctx.tenant.id,
    userId: actor.userId,
    endpoint: sub.endpoint,
    p256dh: sub.keys.p256dh,
    auth: sub.keys.auth,
    expirationTime,
  });
  return { ok: true, enabled: false };
}

/** Anonymous visitors and members without a role get an empty list, never an error. */
export async function listMyPermissions(ctx: Ctx): Promise<Permission[]> {
  if (ctx.actor.kind !== "user") return [];
  const user = await findUserById(ctx.db, ctx.actor.userId);
  if (!user?.enabled) return [];
  return permissionsOf(ctx);
}

const CONTACT_TYPE_INFO: Record<ContactType, Omit<ContactTypeInfo, "type">> = {
  EMAIL: { label: "E-mail", placeholder: "name@example.com", inputType: "email" },
  PHONE: { label: "Phone", placeholder: "+1 555 123 4567", inputType: "tel" },
  FACEBOOK: { label: "Facebook", placeholder: "https://www.facebook.com/username", prefix: "https://www.facebook.com/", inputType: "url" },
  INSTAGRAM: { label: "Instagram", placeholder: "@username", prefix: "https://www.instagram.com/", inputType: "text" },
  LINKEDIN: { label: "LinkedIn", placeholder: "https://www.linkedin.com/in/username", prefix: "https://www.linkedin.com/in/", inputType: "text" },
  VK: { label: "VK", placeholder: "https://vk.com/username", prefix: "https://vk.com/", inputType: "url" },
  TELEGRAM: { label: "Telegram", placeholder: "@username or https://t.me/username", prefix: "https://t.me/", inputType: "text" },
  GITHUB: { label: "GitHub", placeholder: "https://github.com/username", prefix: "https://github.com/", inputType: "url" },
  TWITTER: { label: "X (Twitter)", placeholder: "@username", prefix: "https://x.com/", inputType: "text" },
  SLACK: { label: "Slack", placeholder: "Member ID or profile link", inputType: "text" },
  DISCORD: { label: "Discord", placeholder: "username", inputType: "text" },
  CALENDLY: { label: "Calendly", placeholder: "https://calendly.com/username", prefix: "https://calendly.com/", inputType: "url" },
};

/** Public: the contact types with what a form needs to render and normalise them. */
export function listContactTypes(_ctx: Ctx): ContactTypeInfo[] {
  return CONTACT_TYPES.map((type) => ({ type, ...CONTACT_TYPE_INFO[type] }));
}

export type CreateAdminInput = { email: string; password?: string | undefined; operator?: boolean };
export type CreateAdminResult = {
  userId: string;
  email: string;
  participantId: string;
  userCreated: boolean;
  participantCreated: boolean;
  isOperator: boolean;
};

/**
 * Makes `email` an admin of the context's community, creating the account when needed
 * (operators only: the CLI, or a signed-in platform operator). A given password replaces the
 * old one and ends the user's other sessions, as any password change does.
 */
export async function createCommunityAdmin(ctx: Ctx, input: CreateAdminInput): Promise<CreateAdminResult> {
  requireOperator(ctx);
  const parsedEmail = EmailSchema.safeParse(input.email);
  if (!parsedEmail.success) throw validation("Invalid e-mail format", { email: "Invalid e-mail format" });
  const email = parsedEmail.data;
  // Hashing is slow (argon2id): done before the transaction opens.
  const passwordHash = input.password ? await hashPassword(await checkPasswordPolicy(input.password)) : undefined;
  return withTx(ctx.db, async (tx) => {
    let user = await findUserByEmail(tx, email);
    let userCreated = false;
    if (!user) {
      user = await insertUser(tx, {
        email,
        passwordHash: passwordHash ?? null,
        homeCommunityId: ctx.tenant.id,
        preferredLang: ctx.tenant.config.lang,
        emailVerified: true,
        isOperator: input.operator ?? false,
      });
      userCreated = true;
    } else {
      if (passwordHash) {
        await updatePasswordHash(tx, user.id, passwordHash);
        await invalidateUserSessions(tx, user.id);
      }
      if (input.operator && !user.isOperator) await markOperator(tx, user.id);
    }
    const previous = await findParticipantSnapshot(tx, ctx.tenant.id, { userId: user.id });
    const participant = await upsertAdminParticipant(tx, ctx.tenant.id, user.id);
    await recordAudit(withDb(ctx, tx), {
      action: "participant.grant_admin",
      target: { type: "participant", id: participant.id },
      before: previous ? { role: previous.role, moderationStatus: previous.moderationStatus } : null,
      after: { role: "admin", moderationStatus: "confirmed", userId: user.id, email, userCreated, operator: user.isOperator || Boolean(input.operator) },
    });
    ctx.log.info({ userId: user.id, communityId: ctx.tenant.id, operator: Boolean(input.operator) }, "community admin set");
    return {
      userId: user.id,
      email,
      participantId: participant.id,
      userCreated,
      participantCreated: participant.created,
      isOperator: user.isOperator || Boolean(input.operator),
    };
  });
}

export type StaffRole = "admin" | "moderator";
export type RoleChange = { email: string; participantId: string; before: string | null; after: string };

async function requireUserByEmail(ctx: Ctx, raw: string) {
  const parsed = EmailSchema.safeParse(raw);
  if (!parsed.success) throw validation("Invalid e-mail format", { email: "Invalid e-mail format" });
  const user = await findUserByEmail(ctx.db, parsed.data);
  if (!user) throw notFound(`No account with the e-mail ${parsed.data}: create it with \`tuesday admin create\``);
  return { user, email: parsed.data };
}

/** Gives an existing account the role in the context's community (operators only), audited. */
export async function grantCommunityRole(ctx: Ctx, input: { email: string; role: StaffRole }): Promise<RoleChange> {
  requireOperator(ctx);
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const { user, email } = await requireUserByEmail(txCtx, input.email);
    const previous = await findParticipantSnapshot(tx, ctx.tenant.id, { userId: user.id });
    const p = await upsertParticipantRole(tx, ctx.tenant.id, user.id, input.role);
    if (previous?.role !== input.role) {
      await recordAudit(txCtx, { action: "participant.role", target: { type: "participant", id: p.id }, before: previous ? { role: previous.role } : null, after: { role: input.role, email } });
    }
    return { email, participantId: p.id, before: previous?.role ?? null, after: input.role };
  });
}

/** Makes an admin or moderator of the context's community a member again (operators only), audited. */
export async function revokeCommunityRole(ctx: Ctx, input: { email: string; role?: StaffRole | undefined }): Promise<RoleChange> {
  requireOperator(ctx);
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const { user, email } = await requireUserByEmail(txCtx, input.email);
    const previous = await findParticipantSnapshot(tx, ctx.tenant.id, { userId: user.id });
    if (!previous) throw notFound(`${email} is not a member of ${ctx.tenant.id}`);
    if (previous.role === "member" || (input.role && previous.role !== input.role)) {
      return { email, participantId: previous.id, before: previous.role, after: previous.role };
    }
    const p = await upsertParticipantRole(tx, ctx.tenant.id, user.id, "member");
    await recordAudit(txCtx, { action: "participant.role", target: { type: "participant", id: p.id }, before: { role: previous.role }, after: { role: "member", email } });
    return { email, participantId: p.id, before: previous.role, after: "member" };
  });
}

/** The community's admins and moderators (operators only). */
export async function listCommunityStaff(ctx: Ctx): Promise<{ email: string; role: string; participantId: string; name: string }[]> {
  requireOperator(ctx);
  const rows = await listStaffCards(ctx.db, ctx.tenant.id);
  return rows.map((r) => ({ email: r.email ?? "", role: r.role, participantId: r.id, name: `${r.firstName} ${r.lastName}`.trim() }));
}
export { requestEmailChange } from "../auth/account.ts";
