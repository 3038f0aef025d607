import type { ParticipantRole } from "../account/schemas.ts";
import type { Ctx } from "../context.ts";
import type { Tenant } from "../tenancy/schema.ts";
import { CONTACT_TYPES } from "../tenancy/schema.ts";
import { findParticipant, type ParticipantRow } from "./queries.ts";
import type { Contacts } from "./schemas.ts";

/** Who is looking at another member's profile, as far as privacy cares. */
export type Viewer =
  | { kind: "anonymous" }
  | {
      kind: "user";
      userId: string;
      isOperator: boolean;
      /** The viewer's participant in the owner's community, if any. */
      participant: { id: string; role: ParticipantRole; confirmed: boolean; profileComplete: boolean } | null;
    };

export type ContactOwner = Pick<ParticipantRow, "id" | "communityId" | "contacts" | "phone" | "privacy" | "hiddenContacts">;

export type ContactView = {
  contacts: Contacts;
  /** The phone field follows the PHONE contact type's visibility. */
  phone: string | null;
  /** The owner keeps some contacts from members: an intro goes through a moderator (spec 4.6). */
  hasHiddenContacts: boolean;
  /** The viewer sees no contacts at all until signed in with a complete, confirmed profile. */
  contactsLocked: boolean;
};

export async function loadViewer(ctx: Ctx): Promise<Viewer> {
  const a = ctx.actor;
  if (a.kind === "operator") return { kind: "user", userId: "", isOperator: true, participant: null };
  if (a.kind !== "user") return { kind: "anonymous" };
  // The session lookup already read the participant; only actors built elsewhere need the query.
  if (a.participant !== undefined) {
    const s = a.participant;
    return {
      kind: "user",
      userId: a.userId,
      isOperator: a.isOperator,
      participant: s ? { id: s.id, role: s.role, confirmed: s.moderationStatus === "confirmed", profileComplete: s.profileCompleted } : null,
    };
  }
  const p = await findParticipant(ctx.db, ctx.tenant.id, { userId: a.userId });
  return {
    kind: "user",
    userId: a.userId,
    isOperator: a.isOperator,
    participant: p
      ? { id: p.id, role: p.role, confirmed: p.moderationStatus === "confirmed", profileComplete: p.profileCompletedAt !== null }
      : null,
  };
}

/** Admins and moderators of the community (and platform operators) see every member's contacts. */
export function isCommunityStaff(viewer: Viewer): boolean {
  if (viewer.kind !== "user") return false;
  return viewer.isOperator || viewer.participant?.role === "admin" || viewer.participant?.role === "moderator";
}

export function isOwner(viewer: Viewer, owner: Pick<ParticipantRow, "id">): boolean {
  return viewer.kind === "user" && viewer.participant?.id === owner.id;
}

/**
 * THE privacy rule: which of `owner`'s contacts `viewer` may see. Every response that shows a
 * member to someone else (public profile, directory, recommendations, exports) goes through here.
 * - the owner and the community's admins and moderators: everything;
 * - anonymous visitors, non-members, and members who are unconfirmed or whose own profile is not
 *   complete (spec 4.6): nothing;
 * - other members: NONE -> all, PRIVATE -> none, CUSTOM -> all but the hidden types;
 * and, except for owner and staff, only types the community still uses.
 */
export function visibleContacts(viewer: Viewer, owner: ContactOwner, community: Pick<Tenant, "id" | "config">): ContactView {
  const all: Contacts = { ...owner.contacts };
  if (owner.phone && !all.PHONE) all.PHONE = owner.phone;
  const hidden = new Set(owner.privacy === "PRIVATE" ? CONTACT_TYPES : owner.privacy === "CUSTOM" ? owner.hiddenContacts : []);
  const hasHiddenContacts = CONTACT_TYPES.some((t) => all[t] !== undefined && hidden.has(t));

  const sameCommunity = owner.communityId === community.id;
  if (sameCommunity && (isOwner(viewer, owner) || isCommunityStaff(viewer))) {
    return { contacts: owner.contacts, phone: owner.phone, hasHiddenContacts, contactsLocked: false };
  }
  const member = viewer.kind === "user" ? viewer.participant : null;
  if (!sameCommunity || !member?.confirmed || !member.profileComplete) {
    return { contacts: {}, phone: null, hasHiddenContacts, contactsLocked: true };
  }
  const shown: Contacts = {};
  for (const type of CONTACT_TYPES) {
    const value = owner.contacts[type];
    if (value !== undefined && !hidden.has(type) && community.config.contactsConfig.includes(type)) shown[type] = value;
  }
  const phoneShown = !hidden.has("PHONE") && community.config.contactsConfig.includes("PHONE");
  return { contacts: shown, phone: phoneShown ? owner.phone : null, hasHiddenContacts, contactsLocked: false };
}

/**
 * The owner's account e-mail as `viewer` may see it, or null: the EMAIL contact's rule applied to
 * the account address (the owner and staff always; other members as the owner's privacy allows).
 * For lists that show people to someone who is not staff, such as an event's member organizers.
 */
export function visibleAccountEmail(viewer: Viewer, owner: Omit<ContactOwner, "contacts" | "phone">, email: string | null, community: Pick<Tenant, "id" | "config">): string | null {
  if (email === null) return null;
  return visibleContacts(viewer, { ...owner, contacts: { EMAIL: email }, phone: null }, community).contacts.EMAIL ?? null;
}
