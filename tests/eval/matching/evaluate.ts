/**
 * The labelled evaluation of who the matching recommends: loads a labelled set's members through
 * the API as real members join, embeds their texts as the matching.embed job does, then reads each
 * seeker's on-demand ranking and the week as the weekly job pairs it. Counted strictly: the helper
 * in the seeker's top 10, in the top 3, and the helper as the weekly match (nobody else counts).
 * Used by `npm run eval:matching` (the development set, community.ts, or `--set heldout`) and by
 * tests/api/matching-eval.test.ts (the development set's targets).
 */
import { readFile } from "node:fs/promises";
import { createCommunityAdmin, createSession, type Deps, type Db, embedMemberTexts, exportWeeklyAudit, insertUser, parseMapping, parsePairing } from "@tuesday/platform";
import { z } from "zod";
import { DEV_SET, type EvalSet, type PairKind } from "./community.ts";

export const TOP = 10;
export const TOP_NARROW = 3;
export const KINDS: readonly PairKind[] = ["EN-EN", "RU-RU", "RU-EN", "EN-RU"];

export type EvalRow = {
  seeker: string;
  helper: string;
  kind: PairKind;
  rank: number;
  helperScore: number;
  /** The best-scored of the seeker's labelled distractors. */
  distractorScore: number;
  partner: string;
  weeklyHelper: boolean;
  /** Why the week did not pair the seeker with the helper (null when it did). */
  week: WeekMiss | null;
};

/**
 * Causes of a weekly miss, in this order of precedence: the seeker has no partner; the seeker-helper
 * pair is not in the weekly candidate graph; the seeker's partner scores at least as high as the
 * helper for the seeker (a ranking miss); otherwise the helper is taken by someone else (the
 * pairing's trade-off: the optimum over everyone gave the helper to another member).
 */
export type WeekCause = "unmatched" | "not in graph" | "partner ranked above" | "helper taken";
export const WEEK_CAUSES: readonly WeekCause[] = ["unmatched", "not in graph", "partner ranked above", "helper taken"];

export type WeekMiss = {
  cause: WeekCause;
  /** Relevance of the seeker with their weekly partner, and with the helper. */
  partnerScore: number;
  helperScore: number;
  /** The helper's own weekly partner (key, "-" when none) and that pair's relevance. */
  helperPartner: string;
  helperPartnerScore: number;
  /** Is the seeker's weekly partner a planted helper of another seeker, a seeker, a labelled distractor? */
  partnerRole: "helper" | "seeker" | "distractor" | "other";
  /** Semantic need <-> offer directions (in [0, 1]): the helper meets the seeker's need, the partner does, the seeker meets the partner's. */
  semHelperToSeeker: number;
  semSeekerToHelper: number;
  semPartnerToSeeker: number;
  semSeekerToPartner: number;
  /** The helper's own partner meets the helper's need / the helper meets theirs. */
  semHelperPartnerToHelper: number;
  semHelperToHelperPartner: number;
  /**
   * What outweighs the helper: each score term's contribution with the partner less that with the
   * helper, for the seeker (positive: the term favours the partner), largest first.
   */
  termGaps: { name: string; gap: number }[];
};

/** Strict counts over a group of planted pairs. */
export type Figures = { n: number; top10: number; top3: number; weekly: number; distractorAbove: number; medianRank: number };

/**
 * One term of the score: its mean share of the base score over the pairs the week chose, and its
 * mean contribution for the seeker with the helper and with a distractor (separation = the gap).
 */
export type TermStat = { name: string; shareOfChosen: number; helperMean: number; distractorMean: number };

export type EvalResult = {
  rows: EvalRow[];
  members: number;
  overall: Figures;
  /** Pairs with Russian on either side. */
  russian: Figures;
  byKind: Record<PairKind, Figures>;
  terms: TermStat[];
  /** Weekly misses by cause. */
  weekCauses: Record<WeekCause, number>;
  /**
   * The "partner ranked above" misses split by what puts the partner first: the semantic term alone
   * (it favours the partner at least as much as the whole score does), or the other terms (the
   * semantic term favours the helper, or less than the partner's lead) and which of them favour the
   * partner most often.
   */
  rankedAbove: { bySemantic: number; byOtherTerms: number; otherTerms: Record<string, number> };
};

const EvalMemberSchema = z.object({
  key: z.string().min(1),
  lang: z.enum(["en", "ru"]),
  firstName: z.string().min(1),
  lastName: z.string(),
  city: z.string(),
  company: z.string(),
  position: z.string(),
  tags: z.array(z.string()),
  lookingForText: z.string(),
  canHelpWithText: z.string(),
});

const EvalSetSchema = z.object({
  members: z.array(EvalMemberSchema).min(2),
  planted: z.array(
    z.object({ seeker: z.string(), helper: z.string(), distractors: z.array(z.string()), kind: z.enum(["EN-EN", "RU-RU", "RU-EN", "EN-RU"]) }),
  ),
});

/** A labelled set from a JSON file of the development set's shape; every planted key must be a member. */
export async function loadEvalSet(path: string): Promise<EvalSet> {
  const set = EvalSetSchema.parse(JSON.parse(await readFile(path, "utf8")));
  const keys = new Set(set.members.map((m) => m.key));
  for (const p of set.planted) {
    for (const k of [p.seeker, p.helper, ...p.distractors]) if (!keys.has(k)) throw new Error(`planted pair names ${k}, who is not a member`);
  }
  return set;
}

type App = { request: (path: string, init: RequestInit) => Response | Promise<Response> };

function figures(rows: readonly EvalRow[]): Figures {
  const ranks = rows.map((r) => (r.rank > 0 ? r.rank : Number.POSITIVE_INFINITY)).sort((a, b) => a - b);
  return {
    n: rows.length,
    top10: rows.filter((r) => r.rank > 0 && r.rank <= TOP).length,
    top3: rows.filter((r) => r.rank > 0 && r.rank <= TOP_NARROW).length,
    weekly: rows.filter((r) => r.weeklyHelper).length,
    distractorAbove: rows.filter((r) => r.distractorScore > r.helperScore).length,
    medianRank: ranks[Math.floor(ranks.length / 2)] ?? 0,
  };
}

export async function evaluateMatching(
  env: { db: Db; deps: Deps; app: App },
  tenantId: string,
  set: EvalSet = DEV_SET,
  opts: { vectors?: boolean } = {},
): Promise<EvalResult> {
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
  for (const [i, m] of set.members.entries()) {
    const user = await insertUser(db, {
      email: `member${i}@eval.example`,
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
      contacts: { LINKEDIN: `https://www.linkedin.com/in/eval-member-${i}` },
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
  // What the matching.embed job does after the profiles change (here at once, not through the queue).
  // Without vectors: the engine as it was before them (words, lexicon and topics only), for comparison.
  if (opts.vectors !== false) await embedMemberTexts(deps, tenantId);
  deps.models.invalidate(tenantId);

  // The week as the weekly job pairs it.
  const tenant = await deps.tenants.get(tenantId);
  if (!tenant) throw new Error(`no tenant ${tenantId}`);
  const operator = { tenant, actor: { kind: "operator" as const }, requestId: "eval", log: deps.log, db, deps, ip: undefined };
  const files = await exportWeeklyAudit(operator, { communityId: tenantId });
  const mapping = parseMapping(files.mapping);
  if (files.members < set.members.length) throw new Error(`only ${files.members} of ${set.members.length} members are eligible for the week`);
  const partnerOf = new Map<string, string>();
  const chosen: [string, string][] = [];
  for (const [u, v] of parsePairing(files.pairing)) {
    const a = mapping[u];
    const b = mapping[v];
    if (a && b) {
      partnerOf.set(a, b);
      partnerOf.set(b, a);
      chosen.push([a, b]);
    }
  }

  // An admin (no profile, so never matched) reads each score's terms.
  const made = await createCommunityAdmin(operator, { email: `admin-${tenantId}@eval.example` });
  const adminToken = (await createSession(db, { userId: made.userId, communityId: tenantId, authMethod: "EMAIL" })).token;
  type Assist = {
    score: number;
    base: number;
    terms: { name: string; contribution: number }[];
    semantic: { participantHelpsSubject: number; subjectHelpsParticipant: number };
  };
  const termGaps = (partner: Assist | null, helper: Assist) => {
    const names = new Set([...(partner?.terms ?? []), ...helper.terms].map((t) => t.name));
    const of = (x: Assist | null, name: string) => x?.terms.find((t) => t.name === name)?.contribution ?? 0;
    return [...names].map((name) => ({ name, gap: of(partner, name) - of(helper, name) })).sort((x, y) => y.gap - x.gap);
  };
  const termsOf = (a: string, b: string) => call<Assist>("GET", `/api/admin/pairs/${a}/score-assistance?with=${b}`, adminToken);

  const rows: EvalRow[] = [];
  const helperTerms = new Map<string, number[]>();
  const distractorTerms = new Map<string, number[]>();
  const note = (into: Map<string, number[]>, a: Assist) => {
    for (const t of a.terms) {
      const list = into.get(t.name) ?? [];
      list.push(t.contribution);
      into.set(t.name, list);
    }
  };
  const others = set.members.map((m) => m.key);
  const edges = new Set<string>();
  for (const line of files.graph.split("\n").slice(1)) {
    const [u, v] = line.trim().split(/\s+/);
    const a = u === undefined ? undefined : mapping[Number(u)];
    const b = v === undefined ? undefined : mapping[Number(v)];
    if (a && b) edges.add(a < b ? `${a}:${b}` : `${b}:${a}`);
  }
  const inGraph = (a: string, b: string) => edges.has(a < b ? `${a}:${b}` : `${b}:${a}`);
  const helpers = new Set(set.planted.map((p) => p.helper));
  const seekers = new Set(set.planted.map((p) => p.seeker));
  const distractors = new Set(set.planted.flatMap((p) => p.distractors));
  for (const p of set.planted) {
    const token = tokenOf.get(p.seeker) ?? "";
    const ids = others.filter((k) => k !== p.seeker).map((k) => idOf.get(k) ?? "");
    const scores = new Map<string, number>();
    for (let i = 0; i < ids.length; i += 50) {
      const res = await call<{ items: { participantId: string; score: number }[] }>("POST", "/api/matching/calc-relevance-rate", token, {
        participantIds: ids.slice(i, i + 50),
      });
      for (const it of res.items) scores.set(keyOf.get(it.participantId) ?? "", it.score);
    }
    // Ties go against the helper: a helper level with others is not ranked above them.
    const helperScore = scores.get(p.helper) ?? 0;
    const rank = scores.has(p.helper) ? 1 + [...scores.entries()].filter(([k, s]) => k !== p.helper && s >= helperScore).length : 0;
    const partnerId = partnerOf.get(idOf.get(p.seeker) ?? "");
    const partner = partnerId ? (keyOf.get(partnerId) ?? "?") : "-";
    let week: WeekMiss | null = null;
    if (partner !== p.helper) {
      const sId = idOf.get(p.seeker) ?? "";
      const hId = idOf.get(p.helper) ?? "";
      const withHelper = await termsOf(sId, hId);
      const withPartner = partnerId ? await termsOf(sId, partnerId) : null;
      const helperPartnerId = partnerOf.get(hId);
      const helperWithPartner = helperPartnerId ? await termsOf(hId, helperPartnerId) : null;
      const partnerScore = withPartner?.score ?? 0;
      const cause: WeekCause = !partnerId
        ? "unmatched"
        : !inGraph(sId, hId)
          ? "not in graph"
          : partnerScore >= withHelper.score
            ? "partner ranked above"
            : "helper taken";
      week = {
        cause,
        partnerScore,
        helperScore: withHelper.score,
        helperPartner: helperPartnerId ? (keyOf.get(helperPartnerId) ?? "?") : "-",
        helperPartnerScore: helperWithPartner?.score ?? 0,
        partnerRole: helpers.has(partner) ? "helper" : seekers.has(partner) ? "seeker" : distractors.has(partner) ? "distractor" : "other",
        semHelperToSeeker: withHelper.semantic.subjectHelpsParticipant,
        semSeekerToHelper: withHelper.semantic.participantHelpsSubject,
        semPartnerToSeeker: withPartner?.semantic.subjectHelpsParticipant ?? 0,
        semSeekerToPartner: withPartner?.semantic.participantHelpsSubject ?? 0,
        semHelperPartnerToHelper: helperWithPartner?.semantic.subjectHelpsParticipant ?? 0,
        semHelperToHelperPartner: helperWithPartner?.semantic.participantHelpsSubject ?? 0,
        termGaps: termGaps(withPartner, withHelper),
      };
    }
    rows.push({
      seeker: p.seeker,
      helper: p.helper,
      kind: p.kind,
      rank,
      helperScore,
      distractorScore: Math.max(0, ...p.distractors.map((d) => scores.get(d) ?? 0)),
      partner,
      weeklyHelper: partner === p.helper,
      week,
    });
    note(helperTerms, await termsOf(idOf.get(p.seeker) ?? "", idOf.get(p.helper) ?? ""));
    for (const d of p.distractors) note(distractorTerms, await termsOf(idOf.get(p.seeker) ?? "", idOf.get(d) ?? ""));
  }

  const shares = new Map<string, number[]>();
  for (const [a, b] of chosen) {
    const s = await termsOf(a, b);
    for (const t of s.terms) {
      const list = shares.get(t.name) ?? [];
      list.push(s.base > 0 ? t.contribution / s.base : 0);
      shares.set(t.name, list);
    }
  }
  const mean = (xs: readonly number[] | undefined) => (xs && xs.length > 0 ? xs.reduce((x, y) => x + y, 0) / xs.length : 0);
  const terms: TermStat[] = [...helperTerms.keys()].map((name) => ({
    name,
    shareOfChosen: mean(shares.get(name)),
    helperMean: mean(helperTerms.get(name)),
    distractorMean: mean(distractorTerms.get(name)),
  }));
  const rankedAbove: EvalResult["rankedAbove"] = { bySemantic: 0, byOtherTerms: 0, otherTerms: {} };
  for (const r of rows) {
    if (r.week?.cause !== "partner ranked above") continue;
    const total = r.week.termGaps.reduce((x, t) => x + t.gap, 0);
    // The semantic term puts the partner first when it favours the partner (or the other terms alone would not).
    const semantic = r.week.termGaps.find((t) => t.name === "semantic")?.gap ?? 0;
    if (semantic > 0 || total - semantic <= 0) rankedAbove.bySemantic++;
    else {
      rankedAbove.byOtherTerms++;
      for (const t of r.week.termGaps) if (t.name !== "semantic" && t.gap > 0) rankedAbove.otherTerms[t.name] = (rankedAbove.otherTerms[t.name] ?? 0) + 1;
    }
  }
  const byKind = Object.fromEntries(KINDS.map((k) => [k, figures(rows.filter((r) => r.kind === k))])) as Record<PairKind, Figures>;
  return {
    rows,
    members: set.members.length,
    overall: figures(rows),
    russian: figures(rows.filter((r) => r.kind !== "EN-EN")),
    byKind,
    terms,
    weekCauses: Object.fromEntries(WEEK_CAUSES.map((c) => [c, rows.filter((r) => r.week?.cause === c).length])) as Record<WeekCause, number>,
    rankedAbove,
  };
}

/** Prints the figures; per-member rows only with `perMember` (never for a held-out set). */
export function printEvaluation(r: EvalResult, opts: { perMember?: boolean; title?: string } = {}): void {
  const n = r.rows.length;
  console.log(`${opts.title ?? "Labelled community"}: ${r.members} members, ${n} planted seeker → helper pairs, counted strictly\n`);
  if (opts.perMember !== false) {
    for (const row of r.rows) {
      console.log(
        `${row.seeker} → ${row.helper} (${row.kind}): rank ${String(row.rank).padStart(2)}, score ${row.helperScore.toFixed(3)}; best distractor ${row.distractorScore.toFixed(3)}; weekly partner ${row.partner}${row.weeklyHelper ? "" : " (miss)"}`,
      );
    }
    console.log("");
    console.log("weekly misses: seeker's score with partner / helper; helper's partner and score; semantic directions (h->s, s->h | partner->s, s->partner | helper's partner->h, h->helper's partner)");
    for (const row of r.rows) {
      const w = row.week;
      if (!w) continue;
      const f = (x: number) => x.toFixed(2);
      console.log(
        `  ${row.seeker} (${row.kind}) ${w.cause.padEnd(20)} partner ${row.partner} (${w.partnerRole}) ${f(w.partnerScore)} vs helper ${f(w.helperScore)}; helper with ${w.helperPartner} ${f(w.helperPartnerScore)}; sem ${f(w.semHelperToSeeker)} ${f(w.semSeekerToHelper)} | ${f(w.semPartnerToSeeker)} ${f(w.semSeekerToPartner)} | ${f(w.semHelperPartnerToHelper)} ${f(w.semHelperToHelperPartner)}`,
      );
      const gaps = w.termGaps.filter((t) => Math.abs(t.gap) >= 0.0005);
      console.log(`      terms partner - helper: ${gaps.map((t) => `${t.name} ${t.gap >= 0 ? "+" : ""}${t.gap.toFixed(3)}`).join(", ") || "none"}`);
    }
    console.log("");
  }
  console.log(`weekly misses by cause: ${WEEK_CAUSES.map((c) => `${c} ${r.weekCauses[c]}`).join(", ")}`);
  const others = Object.entries(r.rankedAbove.otherTerms)
    .sort((x, y) => y[1] - x[1])
    .map(([name, k]) => `${name} ${k}`)
    .join(", ");
  console.log(
    `partner ranked above: by the semantic term ${r.rankedAbove.bySemantic}, by the other terms ${r.rankedAbove.byOtherTerms}${others ? ` (favouring the partner: ${others})` : ""}\n`,
  );
  const pct = (k: number, of: number) => (of === 0 ? "-" : `${k}/${of} (${Math.round((100 * k) / of)}%)`);
  const line = (label: string, f: Figures) =>
    console.log(
      `${label.padEnd(16)} top-${TOP} ${pct(f.top10, f.n).padEnd(13)} top-${TOP_NARROW} ${pct(f.top3, f.n).padEnd(13)} weekly = helper ${pct(f.weekly, f.n).padEnd(13)} distractor above ${pct(f.distractorAbove, f.n).padEnd(13)} median rank ${f.medianRank}`,
    );
  line("overall", r.overall);
  line("with Russian", r.russian);
  for (const k of KINDS) line(k, r.byKind[k]);
  console.log(`\n(targets: top-${TOP} ≥ 90% overall and ≥ 80% with Russian, top-${TOP_NARROW} ≥ 70%, weekly = helper ≥ 60%)\n`);
  console.log("score terms: share of the chosen weekly pairs' base score; mean contribution seeker–helper vs seeker–distractor (separation)");
  for (const t of r.terms) {
    console.log(
      `  ${t.name.padEnd(16)} share ${(100 * t.shareOfChosen).toFixed(1).padStart(5)}%   helper ${t.helperMean.toFixed(3)}   distractor ${t.distractorMean.toFixed(3)}   separation ${(t.helperMean - t.distractorMean).toFixed(3)}`,
    );
  }
}
