/**
 * The labelled evaluation of who the matching recommends (community.ts): loads the members through
 * the API as real members join, then reads each seeker's on-demand ranking, the week as the weekly
 * job pairs it, and how much a weekly partner helps with the seeker's need. Used by
 * `npm run eval:matching` (prints the table) and by tests/api/matching-eval.test.ts (holds the targets).
 */
import { createCommunityAdmin, createSession, type Deps, type Db, exportWeeklyAudit, insertUser, parseMapping, parsePairing } from "@tuesday/platform";
import { MEMBERS, PLANTED } from "./community.ts";

export const TOP = 10;

export type EvalRow = {
  seeker: string;
  helper: string;
  rank: number;
  helperScore: number;
  distractorScore: number;
  partner: string;
  weeklyOk: boolean;
};

export type EvalResult = { rows: EvalRow[]; inTop: number; weekly: number; distractorAbove: number; medianRank: number; members: number };

type App = { request: (path: string, init: RequestInit) => Response | Promise<Response> };

export async function evaluateMatching(env: { db: Db; deps: Deps; app: App }, tenantId: string): Promise<EvalResult> {
  const { db, deps, app } = env;
  const call = async <T>(method: string, p: string, token: string, body?: unknown): Promise<T> => {
    const res = await app.request(p, {
      method,
      headers: { host: `${tenantId}.localhost`, authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
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
    const user = await insertUser(db, {
      email: `${m.key}@eval.example`,
      passwordHash: null,
      homeCommunityId: tenantId,
      preferredLang: m.lang,
      emailVerified: true,
      policyAgreed: true,
    });
    const { token } = await createSession(db, { userId: user.id, communityId: tenantId, authMethod: "EMAIL" });
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
  const tenant = await deps.tenants.get(tenantId);
  if (!tenant) throw new Error(`no tenant ${tenantId}`);
  const operator = { tenant, actor: { kind: "operator" as const }, requestId: "eval", log: deps.log, db, deps, ip: undefined };
  const files = await exportWeeklyAudit(operator, { communityId: tenantId });
  // An admin (no profile, so never matched) reads how much a partner helps with the seeker's need:
  // the need <-> offer part of the score (concepts and topics, and the texts), each at its weight.
  const made = await createCommunityAdmin(operator, { email: `admin-${tenantId}@eval.example` });
  const adminToken = (await createSession(db, { userId: made.userId, communityId: tenantId, authMethod: "EMAIL" })).token;
  type Assist = {
    terms: { name: string; weight: number }[];
    topics: { subjectHelpsParticipant: number };
    complementarity: { subjectHelpsParticipant: number };
  };
  const helpsWithNeed = async (seeker: string, other: string) => {
    const a = await call<Assist>("GET", `/api/admin/pairs/${idOf.get(seeker)}/score-assistance?with=${idOf.get(other)}`, adminToken);
    const w = (name: string) => a.terms.find((t) => t.name === name)?.weight ?? 0;
    return w("topics") * a.topics.subjectHelpsParticipant + w("complementarity") * a.complementarity.subjectHelpsParticipant;
  };
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

  const rows: EvalRow[] = [];
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
    const partnerId = partnerOf.get(idOf.get(p.seeker) ?? "");
    const partner = partnerId ? (keyOf.get(partnerId) ?? "?") : "-";
    // The distractor is labelled as someone who cannot help, whatever the engine scores it.
    const weeklyOk =
      partner === p.helper ||
      (partner !== "-" && partner !== p.distractor && (await helpsWithNeed(p.seeker, partner)) > (await helpsWithNeed(p.seeker, p.helper)));
    rows.push({
      seeker: p.seeker,
      helper: p.helper,
      rank,
      helperScore: scores.get(p.helper) ?? 0,
      distractorScore: scores.get(p.distractor) ?? 0,
      partner,
      weeklyOk,
    });
  }
  const sorted = rows.map((r) => r.rank).sort((a, b) => a - b);
  return {
    rows,
    inTop: rows.filter((r) => r.rank > 0 && r.rank <= TOP).length,
    weekly: rows.filter((r) => r.weeklyOk).length,
    distractorAbove: rows.filter((r) => r.distractorScore > r.helperScore).length,
    medianRank: sorted[Math.floor(sorted.length / 2)] ?? 0,
    members: MEMBERS.length,
  };
}

export function printEvaluation(r: EvalResult): void {
  const n = r.rows.length;
  console.log(`Labelled community: ${r.members} members, ${n} planted seeker → helper pairs (top-${TOP} and the weekly match)\n`);
  for (const row of r.rows) {
    console.log(
      `${row.seeker} → ${row.helper}: rank ${String(row.rank).padStart(2)}, score ${row.helperScore.toFixed(3)}; distractor ${row.distractorScore.toFixed(3)}; weekly partner ${row.partner}${row.weeklyOk ? "" : " (miss)"}`,
    );
  }
  const pctOf = (k: number) => `${k}/${n} (${Math.round((100 * k) / n)}%)`;
  console.log("");
  console.log(`helper in the seeker's top-${TOP}: ${pctOf(r.inTop)} (target ≥ 90%)`);
  console.log(`weekly match is the helper, or someone who helps more with the seeker's need: ${pctOf(r.weekly)} (target ≥ 80%)`);
  console.log(`distractor ranked above the helper: ${pctOf(r.distractorAbove)}`);
  console.log(`median rank of the helper among ${r.members - 1}: ${r.medianRank}`);
}
