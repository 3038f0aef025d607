import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyTenants, checkContacts, checkPasswordPolicy, communityOwner, computeCompletion, type ContactType, DEMO_ADMIN_PASSWORD, demoAdminEmail, demoBannerLines, type DemoCommunityId, demoEmailDomain, findParticipant, FREE_TEXT_LIMIT, generateMembers, LIMITS, listOptions, listQuestions, loadTenantsDir, normalisePhone, normaliseTags, type ParticipantRow, seedDemo, SLUG_PATTERN, type TenantBundle, UpdateLookingForSchema, UpdateProfileSchema } from "@tuesday/platform";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { OPERATOR } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { createUser, signInAs } from "../support/users.ts";

const IDS: DemoCommunityId[] = ["founders", "tochka", "devguild", "northbank"];
const COUNTS = { founders: 20, tochka: 20, devguild: 20, northbank: 20 };

let env: TestEnv;
let dataDir: string;
let bundles: TenantBundle[];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tuesday-seed-"));
  bundles = await loadTenantsDir(path.resolve(import.meta.dirname, "../../tenants"));
  // The four real demo communities (with their questions.json) and one that is not a demo community.
  env = await createTestEnv({ config: { dataDir }, tenants: [...bundles.map((b) => b.config), tenantFixture("alpha")] });
  await applyTenants(env.db, bundles, OPERATOR);
  env.deps.tenants.invalidate();
}, 60_000);

afterAll(async () => {
  await env?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

type Seeded = ParticipantRow & { email: string };

async function seededMembers(communityId: string): Promise<Seeded[]> {
  const rows = await env.db<{ id: string; email: string }[]>`
    select p.id, u.email::text as email from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and p.role = 'member' and u.email like ${`%@${demoEmailDomain(communityId)}`}
    order by u.email`;
  const out: Seeded[] = [];
  for (const r of rows) {
    const p = await findParticipant(env.db, communityId, { id: r.id });
    if (p) out.push({ ...p, email: r.email });
  }
  return out;
}

function configOf(id: string) {
  const b = bundles.find((x) => x.config.id === id);
  if (!b) throw new Error(`no bundle ${id}`);
  return b.config;
}

/** What must come out the same every time a member is seeded. */
function snapshot(members: Seeded[]) {
  return members.map((m) => ({
    email: m.email,
    slug: m.slug,
    name: `${m.firstName} ${m.lastName}`,
    company: m.company,
    about: m.about,
    tags: m.tags,
    contacts: m.contacts,
    privacy: m.privacy,
    hidden: m.hiddenContacts,
    city: m.city,
    latitude: m.latitude,
    avatar: (m.avatar as { id?: string } | null)?.id ?? null,
    status: m.moderationStatus,
  }));
}


/** The editable profile of a seeded member, as update-profile takes it. */
function profileFields(m: ParticipantRow) {
  const { firstName, lastName, phone, company, position, about, goal, city, shareLocation, latitude, longitude, tags, contacts, privacy, hiddenContacts, slug } = m;
  return { firstName, lastName, phone, company, position, about, goal, city, shareLocation, latitude, longitude, tags, contacts, privacy, hiddenContacts, slug };
}

describe("seedDemo", () => {
  it("creates the requested members in each demo community, a demo admin last, and nothing elsewhere", async () => {
    const report = await seedDemo(env.deps, { counts: COUNTS, batchSize: 8 });
    expect(report.communities).toEqual(IDS.map((id) => ({ id, status: "seeded", created: 20, total: 20 })));
    for (const id of IDS) {
      expect(await seededMembers(id)).toHaveLength(20);
      const [admin] = await env.db<{ role: string; firstName: string; hasPassword: boolean }[]>`
        select p.role, p.first_name as "firstName", u.password_hash is not null as "hasPassword"
        from participants p join users u on u.id = p.user_id where p.community_id = ${id} and u.email = ${demoAdminEmail(id)}`;
      expect(admin).toEqual({ role: "admin", firstName: expect.stringMatching(/^(Demo|Демо)$/), hasPassword: true });
    }
    const [alpha] = await env.db<{ n: number }[]>`select count(*) as n from participants where community_id = 'alpha'`;
    expect(alpha?.n).toBe(0);
  });

  it("gives every member a profile that passes the participant module's own rules", async () => {
    for (const id of IDS) {
      const config = configOf(id);
      const members = await seededMembers(id);
      for (const m of members) {
        const profile = UpdateProfileSchema.safeParse({ ...profileFields(m), language: m.language ?? undefined });
        expect(profile.success, `${m.email}: ${profile.error?.message}`).toBe(true);
        expect(UpdateLookingForSchema.safeParse({ lookingFor: m.lookingFor, lookingForText: m.lookingForText, canHelpWithText: m.canHelpWithText }).success).toBe(true);
        expect(m.slug).toMatch(SLUG_PATTERN);
        expect(m.firstName.length).toBeGreaterThan(0);
        expect(m.lastName.length).toBeGreaterThan(0);
        // Contacts are in their canonical form and meet the community's rules (required types, formats, no duplicates).
        const checked = checkContacts({}, m.contacts, config);
        expect(checked.errors, m.email).toEqual({});
        expect(checked.contacts).toEqual(m.contacts);
        for (const type of Object.keys(m.contacts)) expect(config.contactsConfig).toContain(type);
        if (m.contacts.LINKEDIN) expect(m.contacts.LINKEDIN).toMatch(/^https:\/\/www\.linkedin\.com\/in\/[A-Za-z0-9_.-]{2,}$/);
        if (m.phone !== null) expect(normalisePhone(m.phone)).toBe(m.phone);
        expect(normaliseTags(m.tags)).toEqual(m.tags);
        expect(m.tags.length).toBeGreaterThan(0);
        expect(m.tags.length).toBeLessThanOrEqual(LIMITS.tags);
        expect(config.langChoices).toContain(m.language);
        if (m.privacy === "CUSTOM") {
          expect(m.hiddenContacts.length).toBeGreaterThan(0);
          for (const t of m.hiddenContacts) expect(m.contacts[t]).toBeDefined();
        } else expect(m.hiddenContacts).toEqual([]);
        if (m.shareLocation) expect(m.latitude).not.toBeNull();
        else expect(m.latitude).toBeNull();
        expect(m.profileCompletedAt !== null).toBe(computeCompletion(m, config).completed);
        if (!config.moderationRequired) expect(m.moderationStatus).toBe("confirmed");
      }
      // Most members are complete; names are in the community's language.
      expect(members.filter((m) => m.profileCompletedAt !== null).length).toBeGreaterThanOrEqual(15);
      const cyrillic = members.filter((m) => /[А-Яа-яЁё]/.test(m.firstName)).length;
      if (id === "tochka") expect(cyrillic).toBeGreaterThanOrEqual(14);
      else expect(cyrillic).toBe(0);
      // Most pick needs / offers from the community's topics (read back as active topics, so they exist).
      expect(members.filter((m) => m.needTopics.length + m.offerTopics.length > 0).length, id).toBeGreaterThanOrEqual(8);
    }
  });

  it("saves unchanged through the real profile and answers endpoints (the services accept what the seed wrote)", async () => {
    for (const id of IDS) {
      for (const m of (await seededMembers(id)).slice(0, 8)) {
        const token = await signInAs(env, m.userId, id);
        const before = await env.request("GET", "/api/participant/profile", { tenant: id, token });
        expect(before.status).toBe(200);
        const saved = await env.request("POST", "/api/participant/update-profile", {
          tenant: id,
          token,
          body: profileFields(m),
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        const { updatedAt: _a, ...was } = before.body;
        const { updatedAt: _b, ...now } = saved.body;
        expect(now).toEqual(was);

        const answers = await env.request("GET", "/api/participant/my-answers", { tenant: id, token });
        expect(answers.status).toBe(200);
        expect(answers.body.length).toBeGreaterThan(0);
        const again = await env.request("POST", "/api/participant/update-answers", {
          tenant: id,
          token,
          body: { answers: answers.body.map((a: { questionId: string; optionIds: string[]; text: string | null }) => ({ questionId: a.questionId, optionIds: a.optionIds, text: a.text })) },
        });
        expect(again.status, JSON.stringify(again.body)).toBe(200);
        expect(again.body).toEqual(answers.body);
      }
    }
  });

  it("answers every required question with real options of that question, by the question's rules", async () => {
    for (const id of IDS) {
      const questions = await listQuestions(env.db, communityOwner(id));
      const options = new Map((await listOptions(env.db, communityOwner(id))).map((o) => [o.id, o]));
      expect(questions.length).toBeGreaterThanOrEqual(4);
      const answers = await env.db<{ participantId: string; questionId: string; optionIds: string[]; text: string | null }[]>`
        select a.participant_id as "participantId", a.question_id as "questionId", a.option_ids as "optionIds", a.text
        from participant_answers a join participants p on p.id = a.participant_id
        where a.community_id = ${id} and p.role = 'member'`;
      const members = await seededMembers(id);
      for (const m of members) {
        for (const q of questions.filter((x) => x.required)) {
          expect(answers.some((a) => a.participantId === m.id && a.questionId === q.id), `${m.email} ${q.key}`).toBe(true);
        }
      }
      for (const a of answers) {
        const q = questions.find((x) => x.id === a.questionId);
        expect(q?.visible).toBe(true);
        const chosen = a.optionIds.map((oid) => options.get(oid));
        for (const o of chosen) expect(o).toMatchObject({ questionId: a.questionId, active: true, visible: true });
        if (q?.type === "TEXT") {
          expect(a.optionIds).toEqual([]);
          expect(a.text?.length).toBeGreaterThan(0);
        }
        if (q?.type === "RADIO") expect(a.optionIds).toHaveLength(1);
        if (q?.type === "CHECKBOX") {
          expect(a.optionIds.length).toBeGreaterThanOrEqual(1);
          expect(a.optionIds.length).toBeLessThanOrEqual(q.maxChoices ?? Number.POSITIVE_INFINITY);
        }
        if (q?.type !== "TEXT") {
          const free = chosen.some((o) => o?.type === "FREE_TEXT");
          expect(a.text !== null).toBe(free);
        }
        if (a.text !== null) expect([...a.text].length).toBeLessThan(FREE_TEXT_LIMIT);
      }
    }
  });

  it("stores avatars in three sizes on disk, as the upload path does", async () => {
    let withAvatar = 0;
    for (const id of IDS) {
      for (const m of await seededMembers(id)) {
        if (!m.avatar) continue;
        withAvatar++;
        const avatar = m.avatar as { id: string; key: string; sizes: Record<string, string>; width: number; height: number; updatedAt: string };
        expect(avatar).toEqual({
          id: expect.stringMatching(/^[a-z2-7]{26}$/),
          key: `${id}/${avatar.id}`,
          sizes: { "108": `/media/${id}/${avatar.id}/108.jpg`, "256": `/media/${id}/${avatar.id}/256.jpg`, "512": `/media/${id}/${avatar.id}/512.jpg` },
          width: 512,
          height: 512,
          updatedAt: expect.any(String),
        });
        for (const size of [108, 256, 512]) {
          const meta = await sharp(path.join(dataDir, "media", id, avatar.id, `${size}.jpg`)).metadata();
          expect(meta).toMatchObject({ format: "jpeg", width: size, height: size });
        }
        const [row] = await env.db<{ kind: string; ownerUserId: string; participantId: string; keys: Record<string, string> }[]>`
          select kind, owner_user_id as "ownerUserId", participant_id as "participantId", keys
          from media_objects where community_id = ${id} and id = ${avatar.id}`;
        expect(row).toEqual({
          kind: "avatar",
          ownerUserId: m.userId,
          participantId: m.id,
          keys: { "108": `${id}/${avatar.id}/108.jpg`, "256": `${id}/${avatar.id}/256.jpg`, "512": `${id}/${avatar.id}/512.jpg` },
        });
      }
    }
    expect(withAvatar).toBeGreaterThanOrEqual(45);
    const pictured = (await seededMembers("founders")).find((m) => m.avatar);
    const url = (pictured?.avatar as { sizes: Record<string, string> } | undefined)?.sizes["256"] ?? "missing";
    const res = await env.app.request(url, { headers: { host: "founders.localhost:3000" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
  });

  it("keeps a CUSTOM-hidden contact out of another member's view of the profile, and PRIVATE ones entirely", async () => {
    let customChecked = 0;
    let privateChecked = 0;
    for (const id of IDS) {
      const members = await seededMembers(id);
      const viewer = members.find((m) => m.moderationStatus === "confirmed" && m.profileCompletedAt !== null && m.privacy === "NONE");
      if (!viewer) throw new Error(`no viewer in ${id}`);
      const token = await signInAs(env, viewer.userId, id);
      for (const owner of members) {
        if (owner.id === viewer.id || owner.moderationStatus !== "confirmed") continue;
        const res = await env.request("GET", `/api/participant/profile/${owner.slug}`, { tenant: id, token });
        expect(res.status).toBe(200);
        expect(res.body.contactsLocked).toBe(false);
        const types = Object.keys(owner.contacts) as ContactType[];
        if (owner.privacy === "CUSTOM") {
          customChecked++;
          for (const t of owner.hiddenContacts) expect(res.body.contacts[t], `${owner.email} ${t}`).toBeUndefined();
          if (owner.hiddenContacts.includes("PHONE")) expect(res.body.phone).toBeNull();
          for (const t of types.filter((x) => !owner.hiddenContacts.includes(x))) expect(res.body.contacts[t]).toBe(owner.contacts[t]);
          expect(res.body.hasHiddenContacts).toBe(true);
        } else if (owner.privacy === "PRIVATE") {
          privateChecked++;
          expect(res.body.contacts).toEqual({});
          expect(res.body.phone).toBeNull();
        } else {
          expect(res.body.contacts).toEqual(owner.contacts);
        }
      }
    }
    expect(customChecked).toBeGreaterThan(0);
    expect(privateChecked).toBeGreaterThan(0);
  });

  it("lets the demo admin sign in with the documented password, which the password policy accepts", async () => {
    await expect(checkPasswordPolicy(DEMO_ADMIN_PASSWORD)).resolves.toBe(DEMO_ADMIN_PASSWORD);
    const res = await env.request("POST", "/api/auth/login", {
      tenant: "founders",
      body: { authType: "EMAIL", email: demoAdminEmail("founders"), password: DEMO_ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
    const perms = await env.request("GET", "/api/permission/my", { tenant: "founders", token: res.body.token });
    expect(perms.status).toBe(200);
    expect(JSON.stringify(perms.body)).toContain("CAN_VIEW_ADMIN_PANEL");
    expect(demoBannerLines({ seedDemo: true, isProduction: false }, ["founders", "alpha"])).toEqual([
      expect.stringContaining(`${demoAdminEmail("founders")} / ${DEMO_ADMIN_PASSWORD}`),
    ]);
    expect(demoBannerLines({ seedDemo: true, isProduction: true }, ["founders"])).toEqual([]);
  });

  it("lets a demo member sign in by e-mail code through the outbox (no password)", async () => {
    const [m] = await seededMembers("founders");
    if (!m) throw new Error("no member");
    const sent = await env.request("POST", "/api/auth/login", { tenant: "founders", body: { authType: "OTP", email: m.email } });
    expect(sent.status).toBe(202);
    const [mail] = await env.mailTo(m.email);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
    const ok = await env.request("POST", "/api/auth/login", { tenant: "founders", body: { authType: "OTP", email: m.email, password: code } });
    expect(ok.status).toBe(200);
    const own = await env.request("GET", "/api/participant/profile", { tenant: "founders", token: ok.body.token });
    expect(own.body.slug).toBe(m.slug);
  });

  it("adds nothing on a second run", async () => {
    const count = async () =>
      (await env.db<{ users: number; media: number; answers: number }[]>`
        select (select count(*) from users) as users, (select count(*) from media_objects) as media,
               (select count(*) from participant_answers) as answers`)[0];
    const before = await count();
    const report = await seedDemo(env.deps, { counts: COUNTS });
    expect(report.communities.map((c) => c.status)).toEqual(IDS.map(() => "already-seeded"));
    expect(await count()).toEqual(before);
  });

  it("is deterministic: the generator repeats itself, and a half-seeded community is completed with the same members", async () => {
    const founders = configOf("founders");
    const questions = { questions: await listQuestions(env.db, communityOwner("founders")), options: await listOptions(env.db, communityOwner("founders")) };
    const tenant = { id: "founders", config: founders };
    expect(generateMembers(tenant, questions, 30)).toEqual(generateMembers(tenant, questions, 30));
    // Member i does not depend on how many are generated.
    expect(generateMembers(tenant, questions, 5)).toEqual(generateMembers(tenant, questions, 30).slice(0, 5));

    const before = await seededMembers("founders");
    const gone = before.filter((_, i) => i % 3 === 0);
    const avatarFile = (m: Seeded) => path.join(dataDir, "media", "founders", (m.avatar as { id: string }).id, "512.jpg");
    const withAvatar = gone.find((m) => m.avatar);
    if (!withAvatar) throw new Error("no deleted member with an avatar");
    const hash = async (file: string) => createHash("sha256").update(await fs.readFile(file)).digest("hex");
    const pictureBefore = await hash(avatarFile(withAvatar));
    await fs.rm(path.dirname(avatarFile(withAvatar)), { recursive: true });

    // An interrupted first start: some members and the admin (written last) are missing.
    await env.db`delete from users where id = any(${gone.map((m) => m.userId)}::uuid[])`;
    await env.db`delete from participants where community_id = 'founders' and role = 'admin'`;
    const stopped = new AbortController();
    stopped.abort();
    const interrupted = await seedDemo(env.deps, { counts: COUNTS, signal: stopped.signal });
    expect(interrupted.communities[0]).toMatchObject({ id: "founders", status: "interrupted", created: 0 });
    expect(await seededMembers("founders")).toHaveLength(20 - gone.length);

    const report = await seedDemo(env.deps, { counts: COUNTS });
    expect(report.communities[0]).toEqual({ id: "founders", status: "seeded", created: gone.length, total: 20 });
    expect(report.communities.slice(1).map((c) => c.status)).toEqual(IDS.slice(1).map(() => "already-seeded"));
    const after = await seededMembers("founders");
    expect(snapshot(after)).toEqual(snapshot(before));
    expect(await hash(avatarFile(withAvatar))).toBe(pictureBefore);
  });

  it("leaves a community with real members alone", async () => {
    await env.db`delete from users where email like ${`%@${demoEmailDomain("devguild")}`}`;
    for (let i = 0; i < 10; i++) await createUser(env, { tenant: "devguild" });
    const report = await seedDemo(env.deps, { counts: COUNTS });
    expect(report.communities.find((c) => c.id === "devguild")).toEqual({ id: "devguild", status: "in-use", created: 0, total: 0 });
    expect(await seededMembers("devguild")).toHaveLength(0);
  });

  it("spreads members over moderation states, privacy settings and languages at full size", () => {
    const bundle = bundles.find((b) => b.config.id === "tochka");
    if (!bundle) throw new Error("no tochka");
    // Questions as the database would hold them; ids are only labels here.
    const questions = (bundle.questions ?? []).map((q, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      key: q.key,
      text: q.text,
      position: i,
      type: q.type,
      visible: q.visible,
      required: q.required,
      translationKey: q.key,
      translations: q.translations,
      maxChoices: q.maxChoices ?? null,
    }));
    const options = (bundle.questions ?? []).flatMap((q, i) =>
      q.options.map((o, j) => ({
        id: `00000000-0000-4000-9000-${String(i * 100 + j).padStart(12, "0")}`,
        questionId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
        key: o.key,
        text: o.text,
        position: j,
        visible: o.visible,
        active: o.active,
        group: null,
        category: null,
        type: o.type,
        translations: o.translations,
      })),
    );
    const members = generateMembers({ id: "tochka", config: bundle.config }, { questions, options }, 200);
    const count = (f: (m: (typeof members)[number]) => boolean) => members.filter(f).length;
    expect(count((m) => m.moderationStatus === "confirmed")).toBeGreaterThan(150);
    expect(count((m) => m.moderationStatus === "pending")).toBeGreaterThan(5);
    expect(count((m) => m.profile.privacy === "NONE")).toBeGreaterThan(120);
    expect(count((m) => m.profile.privacy === "CUSTOM")).toBeGreaterThan(10);
    expect(count((m) => m.profile.privacy === "PRIVATE")).toBeGreaterThan(3);
    expect(count((m) => m.lang === "ru")).toBeGreaterThan(140);
    expect(count((m) => m.avatar !== null)).toBeGreaterThan(140);
    expect(count((m) => m.profile.shareLocation && m.profile.latitude !== null)).toBeGreaterThan(80);
    expect(new Set(members.map((m) => m.email)).size).toBe(200);
    expect(new Set(members.map((m) => m.profile.slug)).size).toBe(200);
  });
});
