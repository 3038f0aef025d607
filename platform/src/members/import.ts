/**
 * Bulk member import and export (the operator CLI's `members import|export`). A row is checked by
 * the same zod schemas and service rules as a member's own profile update (UpdateProfileSchema,
 * UpdateLookingForSchema, normalisePhone, normaliseTags, checkContacts), then batches are upserted
 * by e-mail, each batch in one transaction together with its resumable checkpoint and audit event.
 */
import { recordAudit } from "../audit/index.ts";
import { requireOperator } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import type { Db } from "../db/client.ts";
import { withTx } from "../db/client.ts";
import { publishModelChange } from "../matching/model-change.ts";
import type { ParticipantRow } from "../participant/queries.ts";
import { type Viewer, visibleContacts } from "../participant/privacy.ts";
import { type Contacts, LIMITS, type LookingFor, UpdateLookingForSchema, UpdateProfileSchema } from "../participant/schemas.ts";
import { checkContacts, normalisePhone, normaliseTags, SLUG_PATTERN, slugify } from "../participant/validation.ts";
import { EmailSchema } from "../auth/schemas.ts";
import { CONTACT_TYPES, type ContactType, type Tenant } from "../tenancy/schema.ts";

/** The fields a CSV column can feed. Contact columns are `contact:<TYPE>`. */
export const IMPORT_FIELDS = [
  "email",
  "name",
  "firstName",
  "lastName",
  "company",
  "position",
  "city",
  "about",
  "phone",
  "tags",
  "lookingFor",
  "canHelpWith",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number] | `contact:${ContactType}`;

const squash = (h: string) => h.toLowerCase().replace(/[\s_\-.:]+/g, "");

/** Usual header spellings (compared lowercased, without spaces, dashes, dots or underscores). */
const HEADER_ALIASES: Record<string, ImportField> = {
  email: "email",
  mail: "email",
  emailaddress: "email",
  name: "name",
  fullname: "name",
  firstname: "firstName",
  givenname: "firstName",
  lastname: "lastName",
  surname: "lastName",
  familyname: "lastName",
  company: "company",
  organisation: "company",
  organization: "company",
  position: "position",
  title: "position",
  jobtitle: "position",
  role: "position",
  city: "city",
  location: "city",
  about: "about",
  bio: "about",
  phone: "phone",
  tags: "tags",
  interests: "tags",
  lookingfor: "lookingFor",
  canhelpwith: "canHelpWith",
  offers: "canHelpWith",
};

/** The field of a header (`null`: the column is ignored); `map` (header -> field) comes first. */
export function importFieldOf(header: string, map: Record<string, string> = {}): ImportField | null {
  const mapped = map[header] ?? Object.entries(map).find(([k]) => squash(k) === squash(header))?.[1];
  const key = squash(mapped ?? header);
  const alias = HEADER_ALIASES[key];
  if (alias) return alias;
  const type = key.replace(/^contact/, "").toUpperCase();
  if ((CONTACT_TYPES as readonly string[]).includes(type)) return `contact:${type as ContactType}`;
  if (mapped) {
    const exact = (IMPORT_FIELDS as readonly string[]).find((f) => f.toLowerCase() === key);
    if (exact) return exact as ImportField;
  }
  return null;
}

/** Checks a `--map` target: a field name or a contact type. */
export function isImportField(value: string): boolean {
  return importFieldOf("x", { x: value }) !== null;
}

export type ImportMember = {
  email: string;
  firstName: string;
  lastName: string;
  company: string | null;
  position: string | null;
  city: string | null;
  about: string | null;
  phone: string | null;
  tags: string[] | null;
  lookingFor: LookingFor[];
  lookingForText: string | null;
  canHelpWithText: string | null;
  contacts: Contacts;
};

export type RowCheck = { ok: true; member: ImportMember } | { ok: false; errors: string[] };

const blank = (v: string | undefined) => (v === undefined || v.trim() === "" ? undefined : v.trim());

/**
 * One row, by the rules of PATCH /participant (and PUT .../looking-for): the same schemas, phone,
 * tag and contact rules, with the row's community's contact configuration. Errors are "field: message".
 */
export function checkImportRow(tenant: Pick<Tenant, "config">, row: Partial<Record<ImportField, string>>): RowCheck {
  const errors: string[] = [];
  const email = EmailSchema.safeParse(row.email ?? "");
  if (!blank(row.email)) errors.push("email: Required");
  else if (!email.success) errors.push("email: Invalid e-mail format");

  let first = blank(row.firstName);
  let last = blank(row.lastName);
  const full = blank(row.name);
  if (!first && full) {
    const [f, ...rest] = full.split(/\s+/);
    first = f;
    last = last ?? (rest.join(" ") || undefined);
  }
  if (!first) errors.push("name: Required (a name, or first name and last name)");

  const contacts: Partial<Record<ContactType, string>> = {};
  for (const type of CONTACT_TYPES) {
    const v = blank(row[`contact:${type}`]);
    if (v !== undefined) contacts[type] = v;
  }
  const tags = blank(row.tags)
    ?.split(/[;,|]/)
    .map((t) => t.trim())
    .filter(Boolean);
  const profile = UpdateProfileSchema.safeParse({
    firstName: first ?? "x",
    lastName: last ?? "x",
    company: blank(row.company),
    position: blank(row.position),
    city: blank(row.city),
    about: blank(row.about),
    phone: blank(row.phone),
    tags,
    contacts: Object.keys(contacts).length ? contacts : undefined,
  });
  if (!profile.success) {
    for (const issue of profile.error.issues) errors.push(`${issue.path.join(".") || "row"}: ${issue.message}`);
  }
  const lookingFor = UpdateLookingForSchema.safeParse({ lookingFor: [], lookingForText: blank(row.lookingFor), canHelpWithText: blank(row.canHelpWith) });
  if (!lookingFor.success) {
    for (const issue of lookingFor.error.issues) errors.push(`${issue.path[0] === "canHelpWithText" ? "canHelpWith" : "lookingFor"}: ${issue.message}`);
  }
  if (errors.length || !profile.success || !lookingFor.success || !email.success) return { ok: false, errors };

  const p = profile.data;
  let phone: string | null = null;
  if (p.phone) {
    const normal = normalisePhone(p.phone);
    if (normal) phone = normal;
    else errors.push("phone: Use the international format, e.g. +15551234567");
  }
  let normalTags: string[] | null = null;
  if (p.tags !== undefined) {
    normalTags = normaliseTags(p.tags);
    if (normalTags.length > LIMITS.tags) errors.push(`tags: At most ${LIMITS.tags} tags`);
  }
  let checkedContacts: Contacts = {};
  if (p.contacts) {
    const checked = checkContacts({}, p.contacts, tenant.config);
    for (const [field, msg] of Object.entries(checked.errors)) errors.push(`${field}: ${msg}`);
    checkedContacts = checked.contacts;
  }
  if (errors.length) return { ok: false, errors };
  const lf = lookingFor.data;
  return {
    ok: true,
    member: {
      email: email.data,
      firstName: p.firstName ?? "",
      lastName: last ? (p.lastName ?? "") : "",
      company: p.company ?? null,
      position: p.position ?? null,
      city: p.city ?? null,
      about: p.about ?? null,
      phone,
      tags: normalTags,
      lookingFor: [...(lf.lookingForText ? (["LOOKING_FOR"] as const) : []), ...(lf.canHelpWithText ? (["CAN_HELP_WITH"] as const) : [])],
      lookingForText: lf.lookingForText ?? null,
      canHelpWithText: lf.canHelpWithText ?? null,
      contacts: checkedContacts,
    },
  };
}

/** Which of `emails` are members of the community already (lowercased). */
export async function existingMemberEmails(db: Db, communityId: string, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db<{ email: string }[]>`
    select lower(u.email::text) as email from users u join participants p on p.user_id = u.id and p.community_id = ${communityId}
    where u.email = any(${emails}::citext[])`;
  return new Set(rows.map((r) => r.email));
}

/** Data rows (1-based, inclusive ranges, in order) that committed batches of an import of this file covered. */
export type DoneRows = [first: number, last: number][];

/** What committed batches of an earlier run of the file covered (empty: start from the top). */
export async function readImportCheckpoint(db: Db, communityId: string, fileKey: string): Promise<DoneRows> {
  const rows = await db<{ first: string; last: string }[]>`
    select lower(r) as first, upper(r) - 1 as last
    from member_import_checkpoints c cross join lateral unnest(c.done) r
    where c.community_id = ${communityId} and c.file_key = ${fileKey}
    order by 1`;
  return rows.map((r) => [Number(r.first), Number(r.last)]);
}

/** Whether `row` is in `done` (sorted ranges; `hint` is the index to start looking at, moved forward). */
export function isRowDone(done: DoneRows, row: number, hint: { i: number } = { i: 0 }): boolean {
  while (hint.i < done.length && (done[hint.i]?.[1] ?? 0) < row) hint.i++;
  const range = done[hint.i];
  return range !== undefined && range[0] <= row;
}

/** The import finished: a later run of the same file starts from the top again (an idempotent re-import). */
export async function clearImportCheckpoint(db: Db, communityId: string, fileKey: string): Promise<void> {
  await db`delete from member_import_checkpoints where community_id = ${communityId} and file_key = ${fileKey}`;
}

export type ImportBatchResult = { created: number; updated: number; members: { email: string; participantId: string; created: boolean }[] };

/**
 * Slugs from the names, when free (else null: the database gives the row its id as slug). Slugs in
 * `ofRun` (written by other batches of the same run, committed or not) count as taken; the chosen ones are
 * added to it.
 */
async function slugsFor(db: Db, communityId: string, members: ImportMember[], ofRun: Set<string>): Promise<(string | null)[]> {
  const wanted = members.map((m) => {
    const s = slugify(`${m.firstName} ${m.lastName}`);
    return SLUG_PATTERN.test(s) ? s : null;
  });
  const candidates = [...new Set(wanted.filter((s): s is string => s !== null && !ofRun.has(s)))];
  const taken = candidates.length
    ? new Set(
        (await db<{ slug: string }[]>`select slug from participants where community_id = ${communityId} and slug = any(${candidates}::text[])`).map(
          (r) => r.slug,
        ),
      )
    : new Set<string>();
  return wanted.map((s) => {
    if (s === null || taken.has(s) || ofRun.has(s)) return null;
    taken.add(s);
    ofRun.add(s);
    return s;
  });
}

/** PostgreSQL broke a lock cycle by aborting this transaction; it can simply run again. */
const isDeadlock = (err: unknown) => (err as { code?: string } | null)?.code === "40P01";

/**
 * Upserts one batch by e-mail, all or nothing: new accounts (verified, no password: they sign in by
 * code or link) and participants, or the existing participant's fields replaced by the row's
 * non-empty cells (contacts merged). The checkpoint (the batch's data rows, first to last) commits
 * with the batch. E-mails must be distinct within the batch and from those of batches running at
 * the same time; `slugsOfRun` is shared by such batches (the slugs they wrote or are writing).
 *
 * Batches may run concurrently and commit in any order. The commit is asynchronous
 * (synchronous_commit off): a crash of the server may lose the last batches, always whole and
 * together with their checkpoint, so a resumed import writes them again; the caller's final
 * clearImportCheckpoint commits synchronously, which makes every batch before it durable. A
 * deadlock with a concurrent batch (possible when both rename members) reruns the batch.
 */
export async function importMemberBatch(
  ctx: Ctx,
  members: ImportMember[],
  opts: { checkpoint?: { fileKey: string; rows: [first: number, last: number] }; slugsOfRun?: Set<string> } = {},
): Promise<ImportBatchResult> {
  requireOperator(ctx);
  const ofRun = opts.slugsOfRun ?? new Set<string>();
  for (let attempt = 1; ; attempt++) {
    const mine: string[] = [];
    try {
      return await importMemberBatchOnce(ctx, members, opts.checkpoint, ofRun, mine);
    } catch (err) {
      // Rolled back: its slugs are free again. Committed ones stay in the set: a batch whose slug
      // query read a snapshot from before that commit would not see them in the table.
      for (const slug of mine) ofRun.delete(slug);
      if (!isDeadlock(err) || attempt >= 5) throw err;
    }
  }
}

async function importMemberBatchOnce(
  ctx: Ctx,
  members: ImportMember[],
  checkpoint: { fileKey: string; rows: [number, number] } | undefined,
  ofRun: Set<string>,
  mine: string[],
): Promise<ImportBatchResult> {
  const communityId = ctx.tenant.id;
  const status = ctx.tenant.config.moderationRequired ? "pending" : "confirmed";
  return withTx(ctx.db, async (tx) => {
    await tx`set local synchronous_commit = off`;
    const emails = members.map((m) => m.email);
    // New accounts and the ids of existing ones in one statement: the select reads the snapshot
    // from before the insert, so it returns exactly the accounts that were there already.
    const ids = await tx<{ id: string; email: string }[]>`
      with added as (
        insert into users (email, home_community_id, preferred_lang, email_verified_at)
        select x.email, ${communityId}, ${ctx.tenant.config.lang}, now() from unnest(${emails}::text[]) as x(email)
        on conflict (email) do nothing
        returning id, lower(email::text) as email)
      select id, email from added
      union all
      select id, lower(email::text) as email from users where email = any(${emails}::citext[])`;
    const userIds = new Map(ids.map((r) => [r.email, r.id]));
    if (userIds.size < members.length) {
      // An account committed by someone else after this statement's snapshot: read it now.
      const missing = emails.filter((e) => !userIds.has(e));
      for (const r of await tx<{ id: string; email: string }[]>`
        select id, lower(email::text) as email from users where email = any(${missing}::citext[])`) {
        userIds.set(r.email, r.id);
      }
    }
    const slugs = await slugsFor(tx, communityId, members, ofRun);
    for (const s of slugs) if (s !== null) mine.push(s);
    const records = members.map((m, i) => ({
      user_id: userIds.get(m.email),
      slug: slugs[i],
      first_name: m.firstName,
      last_name: m.lastName,
      company: m.company,
      position: m.position,
      city: m.city,
      about: m.about,
      phone: m.phone,
      tags: m.tags,
      looking_for: m.lookingFor,
      looking_for_text: m.lookingForText,
      can_help_with_text: m.canHelpWithText,
      contacts: m.contacts,
    }));
    const rows = await tx<{ id: string; userId: string; created: boolean }[]>`
      insert into participants as p (
        community_id, user_id, role, moderation_status, slug, first_name, last_name, company, position, city, about, phone,
        tags, looking_for, looking_for_text, can_help_with_text, contacts)
      select ${communityId}, x.user_id, 'member', ${status}, x.slug, x.first_name, x.last_name, x.company, x.position, x.city,
        x.about, x.phone, coalesce(x.tags, '{}'), x.looking_for, x.looking_for_text, x.can_help_with_text, x.contacts
      from jsonb_to_recordset(${tx.json(records as never)}) as x(
        user_id uuid, slug text, first_name text, last_name text, company text, position text, city text, about text, phone text,
        tags text[], looking_for text[], looking_for_text text, can_help_with_text text, contacts jsonb)
      on conflict (community_id, user_id) do update set
        first_name = excluded.first_name,
        last_name = case when excluded.last_name = '' then p.last_name else excluded.last_name end,
        company = coalesce(excluded.company, p.company),
        position = coalesce(excluded.position, p.position),
        city = coalesce(excluded.city, p.city),
        about = coalesce(excluded.about, p.about),
        phone = coalesce(excluded.phone, p.phone),
        tags = case when excluded.tags = '{}' then p.tags else excluded.tags end,
        looking_for = array(select distinct unnest(p.looking_for || excluded.looking_for)),
        looking_for_text = coalesce(excluded.looking_for_text, p.looking_for_text),
        can_help_with_text = coalesce(excluded.can_help_with_text, p.can_help_with_text),
        contacts = p.contacts || excluded.contacts,
        updated_at = now()
      returning id, user_id as "userId", (xmax = 0) as created`;
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    const result: ImportBatchResult = { created: 0, updated: 0, members: [] };
    for (const m of members) {
      const r = byUser.get(userIds.get(m.email) ?? "");
      if (!r) throw new Error(`import: no participant for ${m.email}`);
      if (r.created) result.created++;
      else result.updated++;
      result.members.push({ email: m.email, participantId: r.id, created: r.created });
    }
    if (checkpoint) {
      // Last, so a concurrent batch waits on this row (until this one commits) only briefly.
      await tx`
        insert into member_import_checkpoints (community_id, file_key, done)
        values (${communityId}, ${checkpoint.fileKey}, int8multirange(int8range(${checkpoint.rows[0]}, ${checkpoint.rows[1]}, '[]')))
        on conflict (community_id, file_key) do update set done = member_import_checkpoints.done + excluded.done, updated_at = now()`;
    }
    await publishModelChange(ctx.deps.bus, tx, communityId);
    await recordAudit(withDb(ctx, tx), {
      action: "members.import",
      target: { type: "community", id: communityId },
      before: null,
      after: { created: result.created, updated: result.updated, rows: members.length, ...(checkpoint ? { fileRows: checkpoint.rows } : {}) },
    });
    return result;
  });
}

export type ExportedMember = {
  email: string;
  firstName: string;
  lastName: string;
  company: string | null;
  position: string | null;
  city: string | null;
  tags: string[];
  lookingFor: string | null;
  canHelpWith: string | null;
  role: string;
  status: string;
  contacts: Contacts;
};

type ExportRow = Pick<
  ParticipantRow,
  "id" | "communityId" | "firstName" | "lastName" | "company" | "position" | "city" | "tags" | "lookingForText" | "canHelpWithText" | "role" | "moderationStatus" | "contacts" | "phone" | "privacy" | "hiddenContacts"
> & { email: string | null };

/** How a confirmed member with a complete profile sees the others: hidden contacts left out. */
const MEMBER_VIEW: Viewer = { kind: "user", userId: "", isOperator: false, participant: { id: "", role: "member", confirmed: true, profileComplete: true } };

/**
 * The community's members in batches, oldest first. Without `includePrivate` each member's contacts
 * are what another member may see (participant/privacy.ts); with it, all of them, and the export
 * is audited (`members.export_private`).
 */
export async function* exportMembers(ctx: Ctx, opts: { includePrivate: boolean; batch?: number }): AsyncGenerator<ExportedMember[]> {
  requireOperator(ctx);
  if (opts.includePrivate) {
    await withTx(ctx.db, (tx) =>
      recordAudit(withDb(ctx, tx), { action: "members.export_private", target: { type: "community", id: ctx.tenant.id }, before: null, after: { includePrivate: true } }),
    );
  }
  const cursor = ctx.db<ExportRow[]>`
    select p.id, p.community_id as "communityId", p.first_name as "firstName", p.last_name as "lastName", p.company, p.position, p.city,
           p.tags, p.looking_for_text as "lookingForText", p.can_help_with_text as "canHelpWithText", p.role,
           p.moderation_status as "moderationStatus", p.contacts, p.phone, p.privacy, p.hidden_contacts as "hiddenContacts",
           u.email::text as email
    from participants p join users u on u.id = p.user_id
    where p.community_id = ${ctx.tenant.id}
    order by p.created_at, p.id`.cursor(opts.batch ?? 1000);
  for await (const rows of cursor) {
    yield rows.map((r) => {
      const contacts = opts.includePrivate ? { ...r.contacts, ...(r.phone && !r.contacts.PHONE ? { PHONE: r.phone } : {}) } : visibleContacts(MEMBER_VIEW, r, ctx.tenant).contacts;
      return {
        email: r.email ?? "",
        firstName: r.firstName,
        lastName: r.lastName,
        company: r.company,
        position: r.position,
        city: r.city,
        tags: r.tags,
        lookingFor: r.lookingForText,
        canHelpWith: r.canHelpWithText,
        role: r.role,
        status: r.moderationStatus,
        contacts,
      };
    });
  }
}
