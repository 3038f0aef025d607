import { describe, expect, it } from "vitest";
// The harness (and with it the app) first: it loads the zod OpenAPI extension the schemas rely on.
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { createUser } from "../support/users.ts";

/**
 * The rows derived from participants on insert (migration 034: directory entries, their words,
 * name-word counts, session notices) are written once per statement. A multi-row insert, as
 * `tuesday members import` writes a batch, must leave exactly what one insert per row left, which
 * is what migrations 007 and 006 define: compared here with the same rows computed afresh.
 */
const env = await testEnvForFile();
await env.addTenants(tenantFixture("bulk1"), tenantFixture("bulk2"));

type Row = { first: string; last: string; status?: string; enabled?: boolean; city?: string | null; share?: boolean; tags?: string[]; company?: string };

/** One INSERT statement of `rows` into `community`, each with a new account; returns the participant ids. */
async function insertMany(community: string, rows: Row[]): Promise<string[]> {
  const users = await env.db<{ id: string }[]>`
    insert into users (email, home_community_id) select 'bulk-' || gen_random_uuid() || '@example.com', ${community} from generate_series(1, ${rows.length})
    returning id`;
  const records = rows.map((r, i) => ({
    user_id: users[i]?.id,
    first_name: r.first,
    last_name: r.last,
    moderation_status: r.status ?? "confirmed",
    profile_enabled: r.enabled ?? true,
    city: r.city ?? null,
    share_location: r.share ?? false,
    tags: r.tags ?? [],
    company: r.company ?? null,
  }));
  const ids = await env.db<{ id: string }[]>`
    insert into participants (community_id, user_id, first_name, last_name, moderation_status, profile_enabled, city, share_location, tags, company)
    select ${community}, x.user_id, x.first_name, x.last_name, x.moderation_status, x.profile_enabled, x.city, x.share_location, x.tags, x.company
    from jsonb_to_recordset(${env.db.json(records as never)}) as x(
      user_id uuid, first_name text, last_name text, moderation_status text, profile_enabled boolean, city text, share_location boolean,
      tags text[], company text)
    returning id`;
  return ids.map((r) => r.id);
}

const projection = (community: string) => env.db<Record<string, unknown>[]>`
  select d.participant_id::text as id, d.incomplete, d.created_at, d.full_name, d.search_document::text as doc, d.tags, d.looking_for, d.city_key
  from directory_entries d where d.community_id = ${community} order by 1`;
const projectionAfresh = (community: string) => env.db<Record<string, unknown>[]>`
  select p.id::text as id, p.profile_completed_at is null as incomplete, p.created_at, coalesce(p.full_name, '') as full_name,
         p.search_document::text as doc, p.tags, p.looking_for,
         case when p.share_location and p.city is not null then lower(btrim(p.city)) end as city_key
  from participants p where p.community_id = ${community} and p.moderation_status = 'confirmed' and p.profile_enabled order by 1`;
const nameWords = (community: string) => env.db<{ word: string; members: number }[]>`
  select word, members from participant_name_words where community_id = ${community} order by word`;
const nameWordsAfresh = (community: string) => env.db<{ word: string; members: number }[]>`
  select w as word, count(*)::int as members
  from participants p cross join lateral unnest(participant_name_words(p.first_name, p.last_name)) w
  where p.community_id = ${community} group by w order by w collate "C"`;
const listedWords = (community: string) => env.db<{ word: string }[]>`
  select distinct w as word from directory_entries d cross join lateral unnest(tsvector_to_array(d.search_document)) w
  where d.community_id = ${community} order by 1`;
const directoryWords = (community: string) => env.db<{ word: string }[]>`
  select word from directory_words where community_id = ${community} order by 1`;

const PEOPLE: Row[] = [
  { first: "Анна", last: "Королёва", company: "Фёдоров и партнёры", tags: ["ML"] },
  { first: "Anna", last: "Smith", city: " Lisbon ", share: true },
  { first: "Anna", last: "Smith-Jones", city: "Porto", share: false },
  { first: "José", last: "Müller", status: "pending" },
  { first: "Hidden", last: "Smith", enabled: false },
  { first: "Zoe-Ann", last: "O'Brien", tags: ["Node.js", "ux"] },
  { first: "Rejected", last: "Person", status: "rejected" },
];

describe("participants inserted many to a statement", () => {
  it("get the directory entries, words and name-word counts one insert per row gave", async () => {
    await insertMany("bulk1", PEOPLE);
    // The same people one statement each, in the other community.
    for (const p of PEOPLE) await insertMany("bulk2", [p]);

    for (const community of ["bulk1", "bulk2"]) {
      const entries = await projection(community);
      expect(entries).toEqual(await projectionAfresh(community));
      expect(entries.map((e) => e.full_name).sort()).toEqual(["Anna Smith", "Anna Smith-Jones", "Zoe-Ann O'Brien", "Анна Королёва"]);
      expect(entries.find((e) => e.full_name === "Anna Smith")?.city_key).toBe("lisbon");
      expect(await nameWords(community)).toEqual(await nameWordsAfresh(community));
      expect(await directoryWords(community)).toEqual(await listedWords(community));
    }
    const counts = Object.fromEntries((await nameWords("bulk1")).map((r) => [r.word, r.members]));
    expect(counts).toMatchObject({ anna: 2, smith: 3, jones: 1, "smith-jones": 1, анна: 1, королева: 1, jose: 1, muller: 1 });
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ id: _id, created_at: _c, ...rest }) => rest).sort((a, b) => String(a.full_name).localeCompare(String(b.full_name)));
    expect(strip(await projection("bulk1"))).toEqual(strip(await projection("bulk2")));
    expect(await nameWords("bulk1")).toEqual(await nameWords("bulk2"));
  });

  it("an upsert that inserts some rows and updates others (the import's shape) keeps the counts exact", async () => {
    const [renamed] = await insertMany("bulk1", [{ first: "Old", last: "Name" }]);
    const [{ userId } = { userId: "" }] = await env.db<{ userId: string }[]>`select user_id as "userId" from participants where id = ${renamed ?? ""}`;
    const [fresh] = await env.db<{ id: string }[]>`insert into users (email, home_community_id) values ('bulk-upsert@example.com', 'bulk1') returning id`;
    await env.db`
      insert into participants as p (community_id, user_id, first_name, last_name)
      values ('bulk1', ${userId}, 'New', 'Name'), ('bulk1', ${fresh?.id ?? ""}, 'Fresh', 'Name')
      on conflict (community_id, user_id) do update set first_name = excluded.first_name`;
    const counts = Object.fromEntries((await nameWords("bulk1")).map((r) => [r.word, r.members]));
    expect(counts).toMatchObject({ new: 1, fresh: 1, name: 2 });
    expect(counts).not.toHaveProperty("old");
    expect(await nameWords("bulk1")).toEqual(await nameWordsAfresh("bulk1"));
    expect(await projection("bulk1")).toEqual(await projectionAfresh("bulk1"));
  });

  it("tell a signed-in user's sessions (auth.sessions) once the insert commits", async () => {
    const signedIn = await createUser(env, { tenant: "bulk1" });
    const heard: string[] = [];
    const listener = await env.db.listen("auth.sessions", (payload) => heard.push(payload));
    try {
      await env.db`
        insert into participants (community_id, user_id, first_name, last_name)
        values ('bulk2', ${signedIn.user.id}, 'Signed', 'In')`;
      await expect.poll(() => heard.map((p) => JSON.parse(p).d.userId)).toContain(signedIn.user.id);
      // Users without a session are not announced.
      const before = heard.length;
      const [quiet] = await insertMany("bulk2", [{ first: "No", last: "Session" }]);
      const [quietUser] = await env.db<{ userId: string }[]>`select user_id as "userId" from participants where id = ${quiet ?? ""}`;
      // PostgreSQL delivers notifications in commit order: once a later signed-in user's arrives,
      // anything the insert above announced has arrived before it.
      const marker = await createUser(env, { tenant: "bulk1" });
      await env.db`
        insert into participants (community_id, user_id, first_name, last_name)
        values ('bulk2', ${marker.user.id}, 'Marker', 'Later')`;
      await expect.poll(() => heard.map((p) => JSON.parse(p).d.userId)).toContain(marker.user.id);
      expect(quietUser?.userId).toBeDefined();
      expect(heard.slice(before).map((p) => JSON.parse(p).d.userId)).not.toContain(quietUser?.userId);
    } finally {
      await listener.unlisten();
    }
  });
});
