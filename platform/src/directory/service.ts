import { notAParticipant, requireThisCommunity, requireUser } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { accessDenied, notFound } from "../lib/errors.ts";
import { isCommunityStaff, isOwner, loadViewer, type Viewer, visibleContacts } from "../participant/privacy.ts";
import type { CardRow } from "../participant/queries.ts";
import { LOOKING_FOR } from "../participant/schemas.ts";
import {
  countListed,
  countLookingFor,
  type DirectoryFilter,
  findOrigin,
  listDirectoryCards,
  listLocations,
  listNearby,
  listPreview,
  listSameCity,
  topCities,
  topTags,
} from "./queries.ts";
import {
  type DirectoryCard,
  type DirectoryOptions,
  type DirectoryPage,
  type DirectoryQuery,
  type Locations,
  type Nearby,
  type NearbyQuery,
  type PickerPage,
  type PickerQuery,
  PREVIEW_SIZE,
  type Preview,
  TOTAL_CAP,
  type TopTags,
} from "./schemas.ts";

/**
 * The search box's text as the query splits it into words (in PostgreSQL, as the documents are
 * split: directory/queries.ts). Composed to NFC, as typed text nearly always is, and without NUL,
 * which PostgreSQL text cannot hold (it separates nothing a word could be made of); null when blank.
 */
export function searchText(text: string | undefined): string | null {
  const trimmed = text?.normalize("NFC").replaceAll("\0", " ").trim();
  return trimmed ? trimmed : null;
}

async function requireSignedInViewer(ctx: Ctx): Promise<Viewer> {
  if (ctx.actor.kind !== "operator") requireUser(ctx);
  return loadViewer(ctx);
}

/**
 * The member list is open to the community's staff and platform operators, and to confirmed
 * members only when the tenant is `transparent` (spec 1, 2.4).
 */
async function requireListViewer(ctx: Ctx, communityId: string): Promise<Viewer> {
  requireThisCommunity(ctx, communityId);
  const viewer = await requireSignedInViewer(ctx);
  if (isCommunityStaff(viewer)) return viewer;
  if (viewer.kind === "user" && viewer.participant?.confirmed && ctx.tenant.config.transparent) return viewer;
  throw accessDenied(
    ctx.tenant.config.transparent ? "Only confirmed members can see the member list" : "The member list of this community is visible to its admins only",
  );
}

/** A member as `viewer` may see them: contacts through visibleContacts, city only when shared. Every member card of the API is built here. */
export function toDirectoryCard(ctx: Ctx, viewer: Viewer, row: CardRow, staff: boolean): DirectoryCard {
  const view = visibleContacts(viewer, row, ctx.tenant);
  return {
    id: row.id,
    slug: row.slug,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    position: row.position,
    avatar: row.avatar,
    tags: row.tags,
    city: row.shareLocation || isOwner(viewer, row) ? row.city : null,
    lookingFor: row.lookingFor,
    contacts: view.contacts,
    phone: view.phone,
    hasHiddenContacts: view.hasHiddenContacts,
    contactsLocked: view.contactsLocked,
    ...(staff ? { moderationStatus: row.moderationStatus } : {}),
  };
}

/** GET /community/{id}/participants: the directory, searched and filtered in SQL, privacy per card. */
export async function listParticipants(ctx: Ctx, input: { communityId: string; query: DirectoryQuery }): Promise<DirectoryPage> {
  const viewer = await requireListViewer(ctx, input.communityId);
  const { page, size, tag, city, lookingFor } = input.query;
  const search = searchText(input.query.search);
  const filter: DirectoryFilter = { communityId: ctx.tenant.id, search, tag, city, lookingFor };
  const { rows, total } = await listDirectoryCards(ctx.db, ctx.deps.searchDb, filter, { limit: size + 1, offset: page * size });
  const staff = isCommunityStaff(viewer);
  return {
    items: rows.slice(0, size).map((r) => toDirectoryCard(ctx, viewer, r, staff)),
    page,
    size,
    hasMore: rows.length > size,
    total: Math.min(total, TOTAL_CAP),
    totalCapped: total > TOTAL_CAP,
  };
}

/** GET /community/{id}/participants-list: names and photos for pickers (e.g. a new chat), the viewer left out. */
export async function listParticipantPicker(ctx: Ctx, input: { communityId: string; query: PickerQuery }): Promise<PickerPage> {
  const viewer = await requireListViewer(ctx, input.communityId);
  const { page, size } = input.query;
  const search = searchText(input.query.search);
  const excludeId = viewer.kind === "user" ? viewer.participant?.id : undefined;
  const filter: DirectoryFilter = { communityId: ctx.tenant.id, search, excludeId };
  const { rows } = await listDirectoryCards(ctx.db, ctx.deps.searchDb, filter, { limit: size + 1, offset: page * size });
  const items = rows.slice(0, size).map((r) => ({ id: r.id, firstName: r.firstName, lastName: r.lastName, avatar: r.avatar }));
  return { items, page, size, hasMore: rows.length > size };
}

/**
 * GET /community/{id}/preview/participants: the welcome page's teaser, readable signed out. Only a
 * count, first names and photos, and never of members who chose PRIVATE privacy.
 */
export async function previewParticipants(ctx: Ctx, communityId: string): Promise<Preview> {
  requireThisCommunity(ctx, communityId);
  const [count, items] = await Promise.all([countListed(ctx.db, ctx.tenant.id), listPreview(ctx.db, ctx.tenant.id, PREVIEW_SIZE)]);
  return { count, items };
}

const OPTION_CITIES = 50;
const OPTION_TAGS = 30;

/** GET /community/{id}/options: the directory's filter choices with member counts. */
export async function getDirectoryOptions(ctx: Ctx, communityId: string): Promise<DirectoryOptions> {
  await requireListViewer(ctx, communityId);
  const [cities, tags, lookingFor] = await Promise.all([
    topCities(ctx.db, ctx.tenant.id, OPTION_CITIES),
    topTags(ctx.db, ctx.tenant.id, OPTION_TAGS),
    countLookingFor(ctx.db, ctx.tenant.id),
  ]);
  const counts = new Map(lookingFor.map((r) => [r.value, r.count]));
  return { cities, tags, lookingFor: LOOKING_FOR.map((value) => ({ value, count: counts.get(value) ?? 0 })) };
}

/**
 * GET /community/{id}/top-tags: counts only, no member behind them, so any participant of the
 * community may read them (the profile editor suggests tags even where the list is closed).
 */
export async function listTopTags(ctx: Ctx, input: { communityId: string; limit: number }): Promise<TopTags> {
  requireThisCommunity(ctx, input.communityId);
  const viewer = await requireSignedInViewer(ctx);
  if (!isCommunityStaff(viewer) && !(viewer.kind === "user" && viewer.participant)) throw notAParticipant();
  return { items: await topTags(ctx.db, ctx.tenant.id, input.limit) };
}

/** GET /community/{id}/participants/locations: members who share coordinates, for the map. */
export async function listMemberLocations(ctx: Ctx, input: { communityId: string; limit: number }): Promise<Locations> {
  await requireListViewer(ctx, input.communityId);
  const rows = await listLocations(ctx.db, ctx.tenant.id, input.limit + 1);
  return { items: rows.slice(0, input.limit), hasMore: rows.length > input.limit };
}

/**
 * GET /participant/{id}/participants-with-location: sharing members near participant {id}, nearest
 * first; by city when {id} has a city but no coordinates. {id}'s own location is used only when
 * this viewer may see it (shared, own, or staff), so the answer never reveals a hidden location.
 */
export async function listParticipantsNearby(ctx: Ctx, input: { participantId: string; query: NearbyQuery }): Promise<Nearby> {
  const viewer = await requireListViewer(ctx, ctx.tenant.id);
  const origin = await findOrigin(ctx.db, ctx.tenant.id, input.participantId);
  const own = origin !== undefined && isOwner(viewer, origin);
  const staff = isCommunityStaff(viewer);
  if (!origin || (!origin.isListed && !own && !staff)) throw notFound("Participant not found");
  const { radiusKm, limit } = input.query;
  if (!origin.shareLocation && !own && !staff) return { origin: null, radiusKm, items: [] };

  const where = { id: origin.id, city: origin.city, latitude: origin.latitude, longitude: origin.longitude };
  let rows: Awaited<ReturnType<typeof listNearby>> = [];
  if (origin.latitude !== null && origin.longitude !== null) {
    rows = await listNearby(ctx.db, ctx.tenant.id, { id: origin.id, latitude: origin.latitude, longitude: origin.longitude }, radiusKm, limit);
  } else if (origin.city?.trim()) {
    rows = await listSameCity(ctx.db, ctx.tenant.id, { id: origin.id, city: origin.city }, limit);
  }
  return {
    origin: where,
    radiusKm,
    items: rows.map((r) => ({ ...r, distanceKm: r.distanceKm === null ? null : Math.round(r.distanceKm * 10) / 10 })),
  };
}
