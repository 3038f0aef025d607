import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDb, createSession, type Db, migrate, TenantConfigSchema, withDatabase } from "@tuesday/platform";
import { tenantFixture } from "../support/tenants.ts";
import { cleanUp, freePort, hostRequest, startServer, tempDir, waitReady } from "./server-process.ts";

/**
 * An upgrade from the previous release: a database at the previous release's migrations (every
 * file up to PREVIOUS_RELEASE) holding a community, members, a chat and an event, written as that
 * schema had them; then the current migrations and the current server on it. Bump PREVIOUS_RELEASE
 * to the last migration of each release (docs/operations.md, Upgrades).
 */
const PREVIOUS_RELEASE = "026_console_list_indexes.sql";
const MIGRATIONS = path.resolve(import.meta.dirname, "../../platform/src/db/migrations");
const serverUrl = inject("pgServerUrl");
const name = `upgrade_${process.pid}_${Date.now().toString(36)}`;
let db: Db | undefined;

afterAll(async () => {
  await cleanUp();
  await db?.end({ timeout: 5 });
  const admin = createDb(serverUrl, { max: 1 });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe("upgrade from the previous release's schema", () => {
  it("migrates a database of the previous release with its data to the head, and the server serves that data", async () => {
    const admin = createDb(serverUrl, { max: 1 });
    await admin.unsafe(`create database ${name} template template0`);
    await admin.end();
    const url = withDatabase(serverUrl, name);
    db = createDb(url, { max: 2 });

    const old = await tempDir();
    const files = (await fs.readdir(MIGRATIONS)).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
    expect(files).toContain(PREVIOUS_RELEASE);
    for (const f of files.filter((f) => f <= PREVIOUS_RELEASE)) await fs.copyFile(path.join(MIGRATIONS, f), path.join(old, f));
    expect((await migrate(db, undefined, old)).current).toBe(PREVIOUS_RELEASE);

    // The previous release's rows, as its code wrote them.
    const config = TenantConfigSchema.parse(tenantFixture("upgrade"));
    await db`insert into communities (id, domain, config, version) values ('upgrade', ${config.domain}, ${db.json(config as never)}, 1)`;
    await db`insert into community_domains (domain, community_id) values (${config.domain}, 'upgrade')`;
    const users = await db<{ id: string; email: string }[]>`
      insert into users (email, home_community_id, preferred_lang, email_verified_at)
      values ('ada@upgrade.example', 'upgrade', 'en', now()), ('boris@upgrade.example', 'upgrade', 'ru', now()) returning id, email`;
    const uid = (email: string) => users.find((u) => u.email === email)?.id as string;
    const parts = await db<{ id: string; firstName: string }[]>`
      insert into participants (community_id, user_id, moderation_status, role, first_name, last_name)
      values ('upgrade', ${uid("ada@upgrade.example")}, 'confirmed', 'admin', 'Ada', 'Lovelace'),
             ('upgrade', ${uid("boris@upgrade.example")}, 'confirmed', 'member', 'Boris', 'Pasternak')
      returning id, first_name as "firstName"`;
    const ada = parts.find((p) => p.firstName === "Ada")?.id as string;
    const boris = parts.find((p) => p.firstName === "Boris")?.id as string;
    const [low, high] = [ada, boris].sort();
    const [chat] = await db<{ id: string }[]>`
      insert into chats (community_id, kind, created_by, direct_low, direct_high) values ('upgrade', 'DIRECT', ${ada}, ${low as string}, ${high as string}) returning id`;
    const chatId = chat?.id as string;
    await db`insert into chat_members (community_id, chat_id, participant_id) values ('upgrade', ${chatId}, ${ada}), ('upgrade', ${chatId}, ${boris})`;
    await db`insert into chat_messages (community_id, chat_id, sender_id, text) values ('upgrade', ${chatId}, ${ada}, 'Before the upgrade'), ('upgrade', ${chatId}, ${boris}, 'До обновления')`;
    const [event] = await db<{ id: string }[]>`
      insert into events (community_id, created_by, slug, title, description, event_date, start_time, end_time, time_zone, starts_at, ends_at, country, city, type, organizer_contact)
      values ('upgrade', ${uid("ada@upgrade.example")}, 'upgrade-meetup', 'Upgrade meetup', 'Still here after the upgrade', current_date + 10, '18:30', '21:00', 'Europe/Berlin',
              (current_date + 10 + time '18:30') at time zone 'Europe/Berlin', (current_date + 10 + time '21:00') at time zone 'Europe/Berlin', 'Germany', 'Berlin', 'OFFLINE', 'events@upgrade.example')
      returning id`;
    const eventId = event?.id as string;
    await db`insert into event_participations (community_id, event_id, participant_id, status) values ('upgrade', ${eventId}, ${boris}, 'CONFIRMED')`;

    // The head's migrations, then the head's server.
    const applied = (await migrate(db)).applied;
    expect(applied.length).toBeGreaterThan(0);
    expect((applied[0] ?? "") > PREVIOUS_RELEASE).toBe(true);
    const port = await freePort();
    const server = startServer(await tempDir(), port, { DATABASE_URL: url });
    await waitReady(server, 240_000);
    const { token: adaToken } = await createSession(db, { userId: uid("ada@upgrade.example"), communityId: "upgrade", authMethod: "EMAIL" });
    const { token: borisToken } = await createSession(db, { userId: uid("boris@upgrade.example"), communityId: "upgrade", authMethod: "EMAIL" });
    const get = async (p: string, token: string) => {
      const { status, body } = await hostRequest(port, `upgrade.localhost:${port}`, "GET", p, { authorization: `Bearer ${token}` });
      expect(status, `${p}: ${JSON.stringify(body)}`).toBe(200);
      return JSON.stringify(body);
    };
    expect(await get("/api/current-user", adaToken)).toContain("ada@upgrade.example");
    const history = await get(`/api/chats/${chatId}`, borisToken);
    expect(history).toContain("Before the upgrade");
    expect(history).toContain("До обновления");
    expect(await get(`/api/event/${eventId}`, adaToken)).toContain("Upgrade meetup");
    expect(await get(`/api/event/${eventId}/participants/confirmed`, adaToken)).toContain(boris);
    const members = await get("/api/community/upgrade/participants", adaToken);
    expect(members).toContain("Pasternak");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 600_000);
});
