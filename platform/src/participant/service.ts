import { randomBytes } from "node:crypto";
import { loadOwnParticipant } from "./own.ts";
import { notAParticipant, requireMember, requireUser } from "../authz/index.ts";
import { findUserById } from "../auth/users.ts";
import { readOwnView } from "../auth/own-view.ts";
import { viewKind } from "../auth/view-cache.ts";
import type { Ctx } from "../context.ts";
import { isUniqueViolation, withTx } from "../db/client.ts";
import { publishModelChange } from "../matching/model-change.ts";
import { queueEmbedding } from "../matching/vectors/embed-queue.ts";
import { AppError, accessDenied, ErrorCode, type FieldErrors, notFound, unauthenticated } from "../lib/errors.ts";
import { CONTACT_TYPES, type Lang } from "../tenancy/schema.ts";
import { emitWebhook } from "../webhooks/index.ts";
import { refreshProfileCompletion } from "./completion.ts";
import { isCommunityStaff, isOwner, loadViewer, visibleContacts } from "./privacy.ts";
import { resolveTopicPicks } from "../topics/service.ts";
import { findParticipant, findStoredTopicPicks, insertParticipant, listMyParticipants, listSlugsLike, type ParticipantRow, type ProfileFields, SLUG_CONSTRAINT, updateProfileFields, updateTopicPicks } from "./queries.ts";
import type {
  CreateParticipantBody,
  MyCommunity,
  ParticipantProfile,
  ParticipantPublic,
  ProfileCompletion,
  UpdateLookingFor,
  UpdateProfile,
} from "./schemas.ts";
import { LIMITS } from "./schemas.ts";
import { checkContacts, normalisePhone, normaliseTags, SLUG_MESSAGE, SLUG_PATTERN, slugify } from "./validation.ts";

export function toProfile(p: ParticipantRow): ParticipantProfile {
  return {
    id: p.id,
    communityId: p.communityId,
    userId: p.userId,
    role: p.role,
    moderationStatus: p.moderationStatus,
    moderationReason: p.moderationStatus === "rejected" ? p.moderationReason : null,
    ...editable(p),
    needTopics: p.needTopics,
    offerTopics: p.offerTopics,
    networkingEnabled: p.networkingEnabled,
    profileEnabled: p.profileEnabled,
    tutorialSeen: p.tutorialSeen,
    notificationPrefs: CONTACT_TYPES.filter((t) => p.notificationPrefs[t] === true).map((contactType) => ({ contactType, disable: true })),
    invitedBy: p.invitedBy,
    avatar: p.avatar,
    profileCompleted: p.profileCompletedAt !== null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

function invalid(errors: FieldErrors): AppError {
  const [field, message] = Object.entries(errors)[0] ?? ["_", "bad request"];
  return new AppError(ErrorCode.VALIDATION, `Invalid input: ${field}: ${message}`, { errors });
}

function languageOf(ctx: Ctx, wanted: Lang | undefined, fallback: Lang): Lang {
  const choices = ctx.tenant.config.langChoices;
  if (wanted !== undefined) {
    if (!choices.includes(wanted)) throw invalid({ language: `Must be one of ${choices.join(", ")}` });
    return wanted;
  }
  return choices.includes(fallback) ? fallback : ctx.tenant.config.lang;
}

/** `base`, else `base-2`, `base-3`, ... whichever is free in the community. */
async function freeSlug(ctx: Ctx, firstName: string, lastName: string, attempt: number): Promise<string> {
  let base = slugify(`${firstName} ${lastName}`);
  if (base.length < 3) base = base ? `${base}-member` : "member";
  // Namesakes joining at once all read the same free number; after two such collisions a random
  // suffix ends the race (before it, five at once could exhaust the attempts).
  if (attempt >= 2) return `${base}-${randomBytes(3).toString("hex")}`;
  const taken = new Set(await listSlugsLike(ctx.db, ctx.tenant.id, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Makes the signed-in user a participant of the request's community (spec: POST
 * /participant/create?userId=). Idempotent: a second call returns the same participant.
 * Moderated communities start members as `pending`.
 */
export async function joinCommunity(
  ctx: Ctx,
  input: { userId: string; body: CreateParticipantBody },
): Promise<{ participant: ParticipantProfile; created: boolean }> {
  const actor = requireUser(ctx);
  if (input.userId !== actor.userId) throw accessDenied("You can only join a community yourself");
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw unauthenticated();
  const existing = await findParticipant(ctx.db, ctx.tenant.id, { userId: user.id });
  if (existing) return { participant: toProfile(existing), created: false };

  const firstName = input.body.firstName ?? "";
  const lastName = input.body.lastName ?? "";
  const language = languageOf(ctx, input.body.language, user.preferredLang);
  // Two members with the same name may pick the same free slug at once: the unique key decides, we retry.
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = await freeSlug(ctx, firstName, lastName, attempt);
    try {
      // The member.joined webhook is queued in the transaction that makes the participant.
      const row = await withTx(ctx.db, async (tx) => {
        const inserted = await insertParticipant(tx, {
          communityId: ctx.tenant.id,
          userId: user.id,
          slug,
          firstName,
          lastName,
          language,
          moderationStatus: ctx.tenant.config.moderationRequired ? "pending" : "confirmed",
        });
        if (inserted) {
          await emitWebhook({ ...ctx, db: tx }, "member.joined", {
            participantId: inserted.id,
            userId: inserted.userId,
            firstName: inserted.firstName,
            lastName: inserted.lastName,
            status: inserted.moderationStatus,
          }, inserted.id);
        }
        return inserted;
      });
      if (row) {
        ctx.log.info({ participantId: row.id }, "participant created");
        // The guards' snapshot said "not a participant": the next guard of this unit of work reads it again.
        actor.participant = undefined;
        return { participant: toProfile(row), created: true };
      }
      const raced = await findParticipant(ctx.db, ctx.tenant.id, { userId: user.id });
      if (raced) return { participant: toProfile(raced), created: false };
    } catch (err) {
      if (!isUniqueViolation(err, SLUG_CONSTRAINT)) throw err;
    }
  }
  throw new AppError(ErrorCode.CONFLICT, "Could not pick a free profile address; please try again");
}

/** The user's communities with their participant there, the current community first. */
export async function listMyCommunities(ctx: Ctx): Promise<MyCommunity[]> {
  const actor = requireUser(ctx);
  const rows = await listMyParticipants(ctx.db, actor.userId, ctx.tenant.id);
  const out: MyCommunity[] = [];
  for (const r of rows) {
    const tenant = await ctx.deps.tenants.get(r.communityId);
    if (!tenant) continue;
    out.push({
      participant: {
        id: r.id,
        slug: r.slug,
        role: r.role,
        moderationStatus: r.moderationStatus,
        firstName: r.firstName,
        lastName: r.lastName,
        avatar: r.avatar,
      },
      community: {
        id: tenant.id,
        title: tenant.config.title,
        communityUrl: tenant.url,
        logoUrl: tenant.config.logoUrl ?? tenant.config.brandConfig.logoUrl ?? null,
      },
    });
  }
  return out;
}

/** The own profile of a session, kept by the view cache (auth/view-cache.ts); null: not a participant. */
const OWN_PROFILE_VIEW = viewKind<ParticipantProfile | null>("ownProfile");

export async function getOwnProfile(ctx: Ctx): Promise<ParticipantProfile> {
  const actor = requireUser(ctx);
  const profile = await readOwnView(ctx, OWN_PROFILE_VIEW, async () => {
    const p = await findParticipant(ctx.db, ctx.tenant.id, { userId: actor.userId });
    return p ? toProfile(p) : null;
  });
  if (!profile) throw notAParticipant();
  return profile;
}

/**
 * The public view of a member (/u/:slug): readable signed out. Contacts pass through the privacy
 * rule; the location only when the member shares it. Unconfirmed or disabled profiles exist only
 * for their owner and the community's staff.
 */
export async function getProfileBySlug(ctx: Ctx, slug: string): Promise<ParticipantPublic> {
  const p = await findParticipant(ctx.db, ctx.tenant.id, { slug: slug.toLowerCase() });
  if (!p) throw notFound("Participant not found");
  const viewer = await loadViewer(ctx);
  const own = isOwner(viewer, p);
  if (!own && !isCommunityStaff(viewer) && (!p.profileEnabled || p.moderationStatus !== "confirmed")) {
    throw notFound("Participant not found");
  }
  const view = visibleContacts(viewer, p, ctx.tenant);
  const location = own || p.shareLocation;
  return {
    id: p.id,
    slug: p.slug,
    firstName: p.firstName,
    lastName: p.lastName,
    company: p.company,
    position: p.position,
    about: p.about,
    lookingFor: p.lookingFor,
    lookingForText: p.lookingForText,
    canHelpWithText: p.canHelpWithText,
    needTopics: p.needTopics,
    offerTopics: p.offerTopics,
    goal: p.goal,
    tags: p.tags,
    city: location ? p.city : null,
    latitude: location ? p.latitude : null,
    longitude: location ? p.longitude : null,
    avatar: p.avatar,
    moderationStatus: p.moderationStatus,
    createdAt: p.createdAt.toISOString(),
    contacts: view.contacts,
    phone: view.phone,
    hasHiddenContacts: view.hasHiddenContacts,
    contactsLocked: view.contactsLocked,
    isOwn: own,
  };
}

/** undefined keeps the current value; "" or null clears it. */
function text(value: string | null | undefined, current: string | null): string | null {
  if (value === undefined) return current;
  return value === null || value === "" ? null : value;
}

function editable(p: ParticipantRow): ProfileFields {
  return {
    slug: p.slug,
    firstName: p.firstName,
    lastName: p.lastName,
    phone: p.phone,
    company: p.company,
    position: p.position,
    about: p.about,
    lookingFor: p.lookingFor,
    lookingForText: p.lookingForText,
    canHelpWithText: p.canHelpWithText,
    goal: p.goal,
    city: p.city,
    shareLocation: p.shareLocation,
    latitude: p.latitude,
    longitude: p.longitude,
    contacts: p.contacts,
    privacy: p.privacy,
    hiddenContacts: p.hiddenContacts,
    tags: p.tags,
    language: p.language,
  };
}

/** Writes the merged fields, then recomputes completion, all under the row lock taken by the caller. */
async function saveProfile(ctx: Ctx, p: ParticipantRow, fields: ProfileFields): Promise<ParticipantProfile> {
  await updateProfileFields(ctx.db, ctx.tenant.id, p.id, fields);
  // Tags, texts and city are matching input: every process's engine model is stale after commit.
  await publishModelChange(ctx.deps.bus, ctx.db, ctx.tenant.id);
  // The texts' vectors are recomputed off the request path (one queued job per community).
  await queueEmbedding(ctx.deps, ctx.tenant.id, ctx.db);
  const saved = await findParticipant(ctx.db, ctx.tenant.id, { id: p.id });
  if (!saved) throw notAParticipant();
  const completion = await refreshProfileCompletion(ctx.db, ctx.tenant.config, saved);
  return { ...toProfile(saved), profileCompleted: completion.completed };
}

/** Partial update of the member's own profile; every rule is checked before anything is written. */
export async function updateProfile(ctx: Ctx, input: UpdateProfile): Promise<ParticipantProfile> {
  const member = await requireMember(ctx);
  return withTx(ctx.db, async (tx) => {
    const tctx = { ...ctx, db: tx };
    const p = await loadOwnParticipant(tctx, member, { forUpdate: true });
    const f = editable(p);
    const errors: FieldErrors = {};

    if (input.firstName !== undefined) f.firstName = input.firstName;
    if (input.lastName !== undefined) f.lastName = input.lastName;
    f.company = text(input.company, f.company);
    f.position = text(input.position, f.position);
    f.about = text(input.about, f.about);
    f.goal = text(input.goal, f.goal);
    f.city = text(input.city, f.city);
    if (input.shareLocation !== undefined) f.shareLocation = input.shareLocation;
    if (input.latitude !== undefined) f.latitude = input.latitude;
    if (input.longitude !== undefined) f.longitude = input.longitude;
    if ((f.latitude === null) !== (f.longitude === null)) errors.latitude = "Latitude and longitude go together";

    const phone = text(input.phone, f.phone);
    if (phone !== null && input.phone !== undefined) {
      const normal = normalisePhone(phone);
      if (normal) f.phone = normal;
      else errors.phone = "Use the international format, e.g. +15551234567";
    } else f.phone = phone;

    if (input.tags !== undefined) {
      const tags = normaliseTags(input.tags);
      if (tags.length > LIMITS.tags) errors.tags = `At most ${LIMITS.tags} tags`;
      else f.tags = tags;
    }

    if (input.contacts !== undefined) {
      const checked = checkContacts(p.contacts, input.contacts, ctx.tenant.config);
      Object.assign(errors, checked.errors);
      f.contacts = checked.contacts;
    }
    if (input.privacy !== undefined) f.privacy = input.privacy;
    if (input.hiddenContacts !== undefined) f.hiddenContacts = [...new Set(input.hiddenContacts)];

    if (input.slug !== undefined && input.slug !== p.slug) {
      if (SLUG_PATTERN.test(input.slug)) f.slug = input.slug;
      else errors.slug = SLUG_MESSAGE;
    }
    if (input.language !== undefined) {
      if (ctx.tenant.config.langChoices.includes(input.language)) f.language = input.language;
      else errors.language = `Must be one of ${ctx.tenant.config.langChoices.join(", ")}`;
    }

    if (Object.keys(errors).length) throw invalid(errors);
    return saveProfile(tctx, p, f);
  });
}

/**
 * What the member looks for (the spec's choices), the two free texts, and the topics they need help
 * with / can help with from the community's taxonomy (checked against its active topics).
 */
export async function updateLookingFor(ctx: Ctx, input: UpdateLookingFor): Promise<ParticipantProfile> {
  const member = await requireMember(ctx);
  return withTx(ctx.db, async (tx) => {
    const tctx = { ...ctx, db: tx };
    const p = await loadOwnParticipant(tctx, member, { forUpdate: true });
    if (input.needTopics !== undefined || input.offerTopics !== undefined) {
      const stored = await findStoredTopicPicks(tx, ctx.tenant.id, p.id);
      const picks = await resolveTopicPicks(tx, ctx.tenant.id, { needTopics: input.needTopics, offerTopics: input.offerTopics }, stored);
      await updateTopicPicks(tx, ctx.tenant.id, p.id, picks);
    }
    const f = editable(p);
    f.lookingFor = [...new Set(input.lookingFor)];
    f.lookingForText = text(input.lookingForText, f.lookingForText);
    f.canHelpWithText = text(input.canHelpWithText, f.canHelpWithText);
    return saveProfile(tctx, p, f);
  });
}

/** Completion of a profile: the member themself, or the community's admins and moderators. */
export async function getProfileCompletion(ctx: Ctx, participantId: string): Promise<ProfileCompletion> {
  requireUser(ctx);
  const p = await findParticipant(ctx.db, ctx.tenant.id, { id: participantId });
  if (!p) throw notFound("Participant not found");
  const viewer = await loadViewer(ctx);
  if (!isOwner(viewer, p) && !isCommunityStaff(viewer)) throw accessDenied();
  return refreshProfileCompletion(ctx.db, ctx.tenant.config, p);
}
