
import pino from "pino";
import {
  applyTenants,
  createCommunityAdmin,
  createDeps,
  createSession,
  exportWeeklyAudit,
  insertUser,
  migrate,
  openPools,
  parseMapping,
  parsePairing,
  poolSizes,
  TenantConfigSchema,
  testConfig,
} from "@tuesday/platform";
import { createApp } from "@tuesday/platform/http";
import { scratchDatabase } from "../../support/scratch-db.ts";
import { tenantFixture } from "../../support/tenants.ts";
import { MEMBERS, PLANTED } from "./community.ts";

const TENANT = "evalcom";
const TOP = 10;

async function main(): Promise<void> {
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const url = await scratchDatabase("eval", cleanups);
    const pools = openPools(url, poolSizes({ databasePoolSize: undefined, searchPoolSize: undefined }, true));
    cleanups.push(pools.end);
    await migrate(pools.db);
    const config = TenantConfigSchema.parse(tenantFixture(TENANT, { langChoices: ["en", "ru"], transparent: true }));
    await applyTenants(pools.db, [{ config, landing: {}, navigation: null, dir: "" }], { actor: { kind: "operator" } });
    const deps = await createDeps(testConfig({ logLevel: "silent", databaseUrl: url, devTools: false }), { ...pools, url, close: async () => {} }, pino({ level: "silent" }));
    cleanups.push(async () => {
      await deps.jobs.stop();
    });
    const app = createApp(deps);
    const call = async <T>(method: string, p: string, token: string, body?: unknown): Promise<T> => {
      const res = await app.request(p, {
        method,
        headers: { host: `${TENANT}.localhost`, authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text}`);
      return JSON.parse(text) as T;
    };

    // Members join and fill in their profiles through the API.
    const idOf = new Map<string, string>();
    const keyOf = new Map<string, string>();
    const tokenOf = new Map<string, string>();
    for (const m of MEMBERS) {
      const user = await insertUser(pools.db, {
        email: `${m.key}@eval.example`,
        passwordHash: null,
        homeCommunityId: TENANT,
        preferredLang: m.lang,
        emailVerified: true,
        policyAgreed: true,
      });
      const { token } = await createSession(pools.db, { userId: user.id, communityId: TENANT, authMethod: "EMAIL" });
      const joined = await call<{ id: string }>("POST", `/api/participant/create?userId=${user.id}`, token, { firstName: m.firstName, lastName: m.lastName });
      await call("POST", "/api/participant/update-profile", token, {
        city: m.city,
        company: m.company,
        position: m.position,
        tags: m.tags,
        language: m.lang,
        // A plain line, as most members write: who they are, nothing that helps or hurts a match.
        about: m.lang === "ru" ? `${m.position}, ${m.company}.` : `${m.position} at ${m.company}.`,
        contacts: { LINKEDIN: `https://www.linkedin.com/in/eval-${m.key}` },
      });
      await call("POST", "/api/participant/update-looking-for", token, {
        lookingFor: ["LOOKING_FOR", "CAN_HELP_WITH"],
        lookingForText: m.lookingForText,
        canHelpWithText: m.canHelpWithText,
      });
      idOf.set(m.key, joined.id);
      keyOf.set(joined.id, m.key);
      tokenOf.set(m.key, token);
    }

    // The week as the weekly job pairs it.
    const tenant = await deps.tenants.get(TENANT);
    if (!tenant) throw new Error("no tenant");
    const operator = { tenant, actor: { kind: "operator" as const }, requestId: "eval", log: deps.log, db: pools.db, deps, ip: undefined };
    const files = await exportWeeklyAudit(operator, { communityId: TENANT });
    // An admin (no profile, so never matched) reads how much a partner helps with the seeker's need.
    const made = await createCommunityAdmin(operator, { email: "admin@eval.example" });
    const adminToken = (await createSession(pools.db, { userId: made.userId, communityId: TENANT, authMethod: "EMAIL" })).token;
    const helpsWithNeed = async (seeker: string, other: string) =>
      (
        await call<{ complementarity: { subjectHelpsParticipant: number } }>(
          "GET",
          `/api/admin/pairs/${idOf.get(seeker)}/score-assistance?with=${idOf.get(other)}`,
          adminToken,
        )
      ).complementarity.subjectHelpsParticipant;
    const mapping = parseMapping(files.mapping);
    if (files.members < MEMBERS.length) throw new Error(`only ${files.members} of ${MEMBERS.length} members are eligible for the week`);
    const partnerOf = new Map<string, string>();
    for (const [u, v] of parsePairing(files.pairing)) {
      const a = mapping[u];
      const b = mapping[v];
      if (a && b) {
        partnerOf.set(a, b);
        partnerOf.set(b, a);
      }
    }

    let inTop = 0;
    let weekly = 0;
    let distractorAbove = 0;
    const ranks: number[] = [];
    console.log(`Labelled community: ${MEMBERS.length} members, ${PLANTED.length} planted seeker → helper pairs (top-${TOP} and the weekly match)\n`);
    for (const p of PLANTED) {
      const token = tokenOf.get(p.seeker) ?? "";
      const others = MEMBERS.filter((m) => m.key !== p.seeker).map((m) => idOf.get(m.key) ?? "");
      const scores = new Map<string, number>();
      for (let i = 0; i < others.length; i += 50) {
        const res = await call<{ items: { participantId: string; score: number }[] }>("POST", "/api/matching/calc-relevance-rate", token, {
          participantIds: others.slice(i, i + 50),
        });
        for (const it of res.items) scores.set(keyOf.get(it.participantId) ?? "", it.score);
      }
      const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([k]) => k);
      const rank = ranked.indexOf(p.helper) + 1;
      ranks.push(rank);
      const helperScore = scores.get(p.helper) ?? 0;
      const partnerId = partnerOf.get(idOf.get(p.seeker) ?? "");
      const partner = partnerId ? (keyOf.get(partnerId) ?? "?") : "-";
      // The distractor is labelled as someone who cannot help, whatever the engine scores it.
      const weeklyOk =
        partner === p.helper ||
        (partner !== "-" && partner !== p.distractor && (await helpsWithNeed(p.seeker, partner)) > (await helpsWithNeed(p.seeker, p.helper)));
      if (rank > 0 && rank <= TOP) inTop++;
      if (weeklyOk) weekly++;
      if ((scores.get(p.distractor) ?? 0) > helperScore) distractorAbove++;
      console.log(
        `${p.seeker} → ${p.helper}: rank ${String(rank).padStart(2)}, score ${helperScore.toFixed(3)}; distractor ${(scores.get(p.distractor) ?? 0).toFixed(3)}; weekly partner ${partner}${weeklyOk ? "" : " (miss)"}`,
      );
    }
    const sorted = [...ranks].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const pctOf = (n: number) => `${n}/${PLANTED.length} (${Math.round((100 * n) / PLANTED.length)}%)`;
    console.log("");
    console.log(`helper in the seeker's top-${TOP}: ${pctOf(inTop)} (target ≥ 90%)`);
    console.log(`weekly match is the helper, or someone who helps more with the seeker's need: ${pctOf(weekly)} (target ≥ 80%)`);
    console.log(`distractor ranked above the helper: ${pctOf(distractorAbove)}`);
    console.log(`median rank of the helper among ${MEMBERS.length - 1}: ${median}`);
  } finally {
    for (const fn of cleanups.reverse()) await fn().catch((err) => console.error("cleanup:", err));
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
