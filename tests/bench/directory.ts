/**
 * `npm run bench:directory`: member-directory search with 100,000 members in one tenant.
 *
 * Starts a scratch PostgreSQL (embedded in a temp dir, or a scratch database on DATABASE_URL's
 * server), migrates, bulk-loads realistic EN/RU members, starts the real app on a free port and
 * drives it with a closed loop of 20 concurrent keep-alive clients; then the same loop against
 * /healthz for this machine's baseline. Prints p50/p95/p99, throughput, their ratio and the
 * EXPLAIN (ANALYZE) of the main search; exits 1 when the plan scans participants sequentially.
 */
import { serve } from "@hono/node-server";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { Worker } from "node:worker_threads";
import pino from "pino";
import { applyTenants, createDeps, createSession, type Db, explainDirectorySearch, migrate, openPools, poolSizes, TenantConfigSchema, testConfig, } from "@tuesday/platform";
import { createApp } from "@tuesday/platform/http";
import { scratchDatabase } from "../support/scratch-db.ts";
import { tenantFixture } from "../support/tenants.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
/**
 * Requests before measuring, so the measurement is the steady state a running server is in: V8 has
 * optimized the request path and every PostgreSQL connection has its statements prepared and its
 * pages cached. With 300 the run still measured that warm-up (p95 65 ms where 3,000 gave 42-45 ms
 * on the same machine and data; 6,000 gave the same as 3,000).
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const TARGET_P95_MS = 50;
const TENANT = "bench";
const BATCH = 2_000;
/** The members the query mix is made of: the first SAMPLE_PER_BATCH of each batch, SAMPLE_SIZE in all. */
const SAMPLE_PER_BATCH = 50;
const SAMPLE_SIZE = 500;

// ---------------------------------------------------------------- data

/** Deterministic PRNG (mulberry32), so every run loads the same community. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = prng(20240521);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
/** Zipf-like: the first entries are far more common, as real tags and cities are. */
const pickSkewed = <T>(xs: readonly T[]): T => xs[Math.floor(xs.length * rnd() ** 2.2)] as T;
const chance = (p: number) => rnd() < p;

const EN_FIRST = ["James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "William", "Elizabeth", "David", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen", "Daniel", "Nancy", "Matthew", "Lisa", "Anthony", "Emily", "Mark", "Olivia", "Andrew", "Sophia", "Alex", "Anna", "Grace", "Ada", "Ethan", "Chloe", "Noah", "Mia", "Lucas", "Zoe", "Priya", "Wei", "Carlos", "Fatima", "Kenji", "Ingrid"];
const EN_LAST_COMMON = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Wilson", "Anderson", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Thompson", "White", "Harris", "Clark", "Lewis", "Robinson", "Walker", "Young", "King", "Wright", "Scott", "Hill", "Green", "Adams", "Baker", "Nelson", "Carter", "Mitchell", "Roberts", "Turner", "Campbell", "Parker", "Evans", "Edwards", "Collins", "Stewart", "Morris", "Murphy", "Nakamura", "Okafor", "Kowalski", "Lindqvist", "Haddad"];
const EN_LAST_A = ["Ash", "Black", "Brad", "Craw", "Dun", "Elling", "Fair", "Gold", "Hart", "Kings", "Lang", "Mar", "North", "Oak", "Pem", "Rad", "Stan", "Thorn", "Wex", "Wood"];
const EN_LAST_B = ["ford", "wood", "ley", "well", "stone", "field", "ham", "ridge", "brook", "worth", "ton", "hurst", "more", "by", "wick"];
const RU_FIRST_M = ["Александр", "Алексей", "Андрей", "Дмитрий", "Иван", "Михаил", "Николай", "Павел", "Сергей", "Владимир", "Константин", "Максим", "Роман", "Егор", "Артём", "Илья", "Тимур", "Глеб"];
const RU_FIRST_F = ["Анастасия", "Анна", "Екатерина", "Елена", "Ирина", "Мария", "Наталья", "Ольга", "Светлана", "Татьяна", "Юлия", "Виктория", "Ксения", "Марина", "Дарья", "Полина", "Алина", "Вера"];
const RU_ROOTS = ["Иван", "Смирн", "Кузнец", "Поп", "Петр", "Соколов", "Михайл", "Новик", "Фёдор", "Мороз", "Волк", "Алексе", "Лебед", "Семён", "Егор", "Павл", "Козл", "Степан", "Николае", "Орл", "Андрее", "Макар", "Захар", "Зайц", "Соловь", "Борис", "Яковл", "Григорь", "Роман", "Воробь", "Сергее", "Кузьмин", "Фрол", "Александр", "Дмитри", "Королё", "Гусе", "Киселё", "Ильин", "Максим"];
const COMPANIES = ["Яндекс", "Сбер", "Тинькофф", "Лаборатория Касперского", "Ozon", "Avito", "Wildberries", "VK", "Google", "Microsoft", "Stripe", "Revolut", "Spotify", "Booking.com", "JetBrains", "Miro", "Acme Robotics", "Analytical Engines", "Navy Labs", "Northwind Traders", "Contoso", "Globex", "Initech", "Umbrella Health", "Stark Industries", "Wayne Enterprises", "Hooli", "Pied Piper", "Aviato", "Massive Dynamic"];
const COMPANY_A = ["Blue", "Северный", "Bright", "Open", "Green", "Новый", "Silver", "Deep", "Quantum", "Урал", "Atlas", "Nova", "Pixel", "Orbit", "Вектор", "Summit", "River", "Polar", "Cedar", "Байкал"];
const COMPANY_B = ["Harbor Labs", "Ventures", "Консалтинг", "Analytics", "Systems", "Студия", "Capital", "Digital", "Технологии", "Health", "Logistics", "Media", "Foods", "Robotics", "Партнёры"];
const POSITIONS = ["CEO", "CTO", "Founder", "Co-founder", "Product Manager", "Software Engineer", "Data Scientist", "Designer", "Marketing Manager", "Sales Director", "HR Business Partner", "Investor", "Head of Growth", "Consultant", "Генеральный директор", "Продакт-менеджер", "Разработчик", "Аналитик данных", "Дизайнер", "Маркетолог", "Основатель", "Инвестор", "Руководитель отдела продаж", "HR-директор"];
const TAGS = ["AI", "Marketing", "Startups", "Fintech", "Sales", "Product Management", "Machine Learning", "Маркетинг", "Стартапы", "Инвестиции", "Design", "Venture Capital", "SaaS", "B2B", "Leadership", "Продажи", "Финтех", "E-commerce", "EdTech", "HealthTech", "Blockchain", "UX", "Python", "JavaScript", "Data Science", "Cloud", "DevOps", "Cybersecurity", "Аналитика", "Дизайн", "Менеджмент", "Образование", "Mobile", "Gaming", "Real Estate", "Sustainability", "Climate", "Biotech", "Retail", "Logistics", "HR", "Recruiting", "Public Speaking", "Mentoring", "Психология", "Недвижимость", "ИИ", "Разработка", "Предпринимательство", "Коучинг", "Photography", "Travel", "Music", "Yoga", "Impact", "Web3", "Robotics", "Hardware", "Compilers", "Open Source"];
const CITIES: readonly [string, number, number][] = [["Moscow", 55.75, 37.62], ["Москва", 55.75, 37.62], ["Saint Petersburg", 59.93, 30.31], ["London", 51.51, -0.13], ["Berlin", 52.52, 13.4], ["Tbilisi", 41.72, 44.79], ["Yerevan", 40.18, 44.51], ["Almaty", 43.24, 76.89], ["Dubai", 25.2, 55.27], ["Belgrade", 44.79, 20.45], ["Limassol", 34.68, 33.04], ["Lisbon", 38.72, -9.14], ["Paris", 48.86, 2.35], ["Amsterdam", 52.37, 4.9], ["New York", 40.71, -74.0], ["San Francisco", 37.77, -122.42], ["Kazan", 55.79, 49.12], ["Novosibirsk", 55.03, 82.92], ["Warsaw", 52.23, 21.01], ["Barcelona", 41.39, 2.17]];
const EN_ABOUT = ["I build {t1} products and love talking about {t2}.", "Working on {t1} at {c}; before that I spent years in {t2}.", "Helping teams grow with {t1}. Curious about {t2} and good coffee.", "Former consultant, now deep into {t1}. Happy to share what I learned about {t2}.", "I run a small studio focused on {t1} and {t2}."];
const RU_ABOUT = ["Работаю в {c}, занимаюсь темой {t1}. Интересуюсь {t2} и стартапами.", "Строю продукты в сфере {t1}, помогаю командам с {t2}.", "Люблю {t1}, последние годы руковожу направлением {t2} в {c}.", "Предприниматель, ищу партнёров для проекта в области {t1}. Готов помочь советом по {t2}.", "Инвестирую в проекты {t1}, раньше работала в {c}."];
const LOOKING_FOR = ["LOOKING_FOR", "CAN_HELP_WITH", "NEED_HELP_WITH", "MEET_NEW_PEOPLE", "OPEN_TO_ANY", "OTHER"] as const;
const LOOKING_TEXT = ["a co-founder for a {t} startup", "investors interested in {t}", "партнёров для проекта по {t}", "mentors in {t}", "инвесторов в {t}", "new friends who like {t}"];

function enLast(): string {
  return chance(0.6) ? pick(EN_LAST_COMMON) : `${pick(EN_LAST_A)}${pick(EN_LAST_B)}`;
}
function ruName(): [string, string] {
  const female = chance(0.5);
  const root = pick(RU_ROOTS);
  const last = /[ое]$/.test(root) ? `${root}в` : root.endsWith("ин") ? root : `${root}ов`;
  return female ? [pick(RU_FIRST_F), `${last}а`] : [pick(RU_FIRST_M), last];
}
function company(): string {
  return chance(0.4) ? pick(COMPANIES) : `${pick(COMPANY_A)} ${pick(COMPANY_B)}`;
}
const fill = (tpl: string, v: Record<string, string>) => tpl.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? "");

type MemberRow = Record<string, unknown>;

function memberRow(i: number, userId: string, now: number): MemberRow {
  const ru = chance(0.45);
  const [firstName, lastName] = ru ? ruName() : [pick(EN_FIRST), enLast()];
  const tags = [...new Set(Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => pickSkewed(TAGS)))];
  const c = company();
  const [city, lat, lng] = pickSkewed(CITIES);
  const share = chance(0.6);
  const slug = `member-${i.toString(36)}`;
  const privacy = chance(0.8) ? "NONE" : chance(0.5) ? "CUSTOM" : "PRIVATE";
  const t1 = tags[0] ?? "AI";
  const t2 = pick(TAGS);
  return {
    id: randomUUID(),
    community_id: TENANT,
    user_id: userId,
    slug,
    role: "member",
    moderation_status: chance(0.96) ? "confirmed" : chance(0.75) ? "pending" : "rejected",
    first_name: firstName,
    last_name: lastName,
    company: c,
    position: pick(POSITIONS),
    about: fill(pick(ru ? RU_ABOUT : EN_ABOUT), { t1, t2, c }),
    looking_for: LOOKING_FOR.filter(() => chance(0.3)),
    looking_for_text: chance(0.5) ? fill(pick(LOOKING_TEXT), { t: t2 }) : null,
    can_help_with_text: chance(0.3) ? `advice on ${t1}` : null,
    city: chance(0.9) ? city : null,
    share_location: share,
    latitude: share ? lat + (rnd() - 0.5) * 0.2 : null,
    longitude: share ? lng + (rnd() - 0.5) * 0.2 : null,
    contacts: { LINKEDIN: `https://www.linkedin.com/in/${slug}`, TELEGRAM: `https://t.me/${slug.replace(/-/g, "_")}` },
    privacy,
    hidden_contacts: privacy === "CUSTOM" ? ["TELEGRAM"] : [],
    tags,
    profile_enabled: chance(0.99),
    avatar: chance(0.6) ? { id: `a${i}`, key: `bench/${i}`, sizes: { "108": `/media/bench/${i}/108.jpg`, "256": `/media/bench/${i}/256.jpg`, "512": `/media/bench/${i}/512.jpg` } } : null,
    profile_completed_at: chance(0.7) ? new Date(now - rnd() * 3e10) : null,
    created_at: new Date(now - rnd() * 6e10),
  };
}

/**
 * Loads the members with multi-row inserts; the indexes of participants and of its directory
 * projection (filled by trigger as rows arrive) are rebuilt once at the end, as a bulk load does.
 */
async function loadMembers(db: Db): Promise<{ viewerUserId: string; sample: MemberRow[] }> {
  const indexes = await db<{ name: string; def: string }[]>`
    select i.indexname as name, i.indexdef as def from pg_indexes i
    where i.tablename in ('participants', 'directory_entries') and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`;
  for (const ix of indexes) await db.unsafe(`drop index ${ix.name}`);
  const now = Date.now();
  const sample: MemberRow[] = [];
  let viewerUserId = "";
  for (let start = 0; start < MEMBERS; start += BATCH) {
    const n = Math.min(BATCH, MEMBERS - start);
    const users = Array.from({ length: n }, (_, k) => ({ id: randomUUID(), email: `bench-${start + k}@example.com`, home_community_id: TENANT, email_verified_at: new Date() }));
    const members = users.map((u, k) => memberRow(start + k, u.id, now));
    if (start === 0) {
      // The benchmark's viewer: a confirmed member with a complete profile (so contacts are shown).
      Object.assign(members[0] ?? {}, { moderation_status: "confirmed", profile_enabled: true, profile_completed_at: new Date() });
      viewerUserId = users[0]?.id ?? "";
    }
    await db`insert into users ${db(users)}`;
    await db`insert into participants ${db(members)}`;
    if (sample.length < SAMPLE_SIZE) sample.push(...members.slice(0, SAMPLE_PER_BATCH));
    if ((start / BATCH) % 10 === 9) process.stdout.write(`  ${start + n} members\n`);
  }
  await db`set maintenance_work_mem = '256MB'`;
  for (const ix of indexes) await db.unsafe(ix.def);
  // Vacuumed as after any bulk load (autovacuum would get there within minutes): hint bits and the
  // visibility map set, so the measured reads are the steady state, not the first touch of each page.
  // participant_name_words above all: the load updated its counters 100,000 times, and until
  // autovacuum came by (a minute later) the typo corrections read through all those dead rows.
  await db`vacuum (analyze) users, participants, directory_entries, directory_words, participant_name_words`;
  // The load's dirty pages written out now rather than by the checkpointer during the measurement
  // (needs superuser or pg_checkpoint: skipped where the role lacks it).
  await db`checkpoint`.catch(() => console.log("  (no CHECKPOINT privilege: the load's pages are written out during the run)"));
  return { viewerUserId, sample };
}

/** The viewer and the sample of a database loaded by an earlier run (the slugs loadMembers gave them). */
async function loadedMembers(db: Db): Promise<{ viewerUserId: string; sample: MemberRow[] }> {
  const slugs: string[] = [];
  for (let start = 0; slugs.length < SAMPLE_SIZE; start += BATCH) for (let k = 0; k < SAMPLE_PER_BATCH; k++) slugs.push(`member-${(start + k).toString(36)}`);
  const rows = await db<MemberRow[]>`select * from participants where community_id = ${TENANT} and slug in ${db(slugs)}`;
  const bySlug = new Map(rows.map((r) => [String(r.slug), r]));
  const sample = slugs.flatMap((s): MemberRow[] => {
    const row = bySlug.get(s);
    return row ? [row] : [];
  });
  return { viewerUserId: String(sample[0]?.user_id ?? ""), sample };
}

// ---------------------------------------------------------------- load generator

type Sample = { kind: string; ms: number; status: number };

function typo(word: string, random: () => number): string {
  if (word.length < 5) return word;
  const i = 2 + Math.floor(random() * (word.length - 3));
  return word.slice(0, i) + (word[i + 1] ?? "") + (word[i] ?? "") + word.slice(i + 2);
}

/** The same requests in the same order on every run (its own PRNG: a reused database skips the load). */
function queryMix(members: MemberRow[], seed: number): { kind: string; path: string }[] {
  const random = prng(seed);
  const base = `/api/community/${TENANT}/participants`;
  const q = (kind: string, params: Record<string, string>) => ({ kind, path: `${base}?${new URLSearchParams(params)}` });
  const out: { kind: string; path: string }[] = [];
  for (const m of members) {
    const first = String(m.first_name);
    const last = String(m.last_name);
    out.push(q("full name", { search: `${first} ${last}` }));
    out.push(q("partial name", { search: last.slice(0, 4) }));
    out.push(q("name typo", { search: `${first} ${typo(last, random)}` }));
    out.push(q("company", { search: String(m.company) }));
  }
  for (const t of TAGS.slice(0, 40)) out.push(q("tag word", { search: t.toLowerCase() }));
  for (const w of ["инвест", "стартапами", "партнёров", "помогаю командам", "маркетинг", "руковожу", "Яндекс", "разработчик"]) out.push(q("russian words", { search: w }));
  for (let p = 0; p < 40; p++) out.push(q("no search, paging", { page: String(p % 20), size: "20" }));
  for (const t of TAGS.slice(0, 15)) out.push(q("tag filter", { tag: t }));
  // Shuffle so each kind is spread over the run.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as (typeof out)[number], out[i] as (typeof out)[number]];
  }
  return out;
}

function get(agent: http.Agent, port: number, reqPath: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: reqPath, method: "GET", agent, headers }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * A closed loop of `CONCURRENCY` clients, each sending its next request when the previous one
 * answered. It runs in a worker thread (load-worker.mjs): sharing the server's event loop would
 * measure the load generator as much as the server.
 */
async function closedLoop(
  port: number,
  total: number,
  next: (i: number) => { kind: string; path: string },
  headers: Record<string, string>,
): Promise<{ samples: Sample[]; seconds: number; cpuMs: number | null }> {
  const requests = Array.from({ length: total }, (_, i) => next(i));
  const worker = new Worker(new URL("./load-worker.mjs", import.meta.url), {
    workerData: { port, headers, concurrency: CONCURRENCY, requests },
  });
  try {
    return await new Promise((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
  } finally {
    await worker.terminate();
  }
}

/**
 * This thread's CPU time in ms (utime + stime of /proc/thread-self/stat, 10 ms ticks); null off
 * Linux. load-worker.mjs has its own copy: a plain-JavaScript worker cannot import TypeScript.
 */
function threadCpuMs(): number | null {
  try {
    const stat = readFileSync("/proc/thread-self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** CPU time (ms) of every PostgreSQL process on this machine, from /proc (Linux); 0 elsewhere. */
async function postgresCpuMs(): Promise<number> {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of await fs.readdir("/proc").catch(() => [] as string[])) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = (await fs.readFile(`/proc/${pid}/stat`, "utf8").catch(() => "")).trim();
    const m = /^\d+ \(([^)]*)\) (.*)$/.exec(stat);
    if (m?.[1] !== "postgres") continue;
    const fields = (m[2] ?? "").split(" ");
    total += ((Number(fields[11]) + Number(fields[12])) / ticks) * 1000;
  }
  return total;
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function summarise(samples: Sample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { n: ms.length, p50: pct(ms, 50), p95: pct(ms, 95), p99: pct(ms, 99), max: ms.at(-1) ?? Number.NaN };
}

const f1 = (x: number) => x.toFixed(1).padStart(7);

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn().catch((err) => console.error("cleanup:", err));
  };
  let seqScan = false;
  try {
    console.log(`Directory benchmark: ${MEMBERS.toLocaleString("en")} members, ${CONCURRENCY} concurrent clients, ${REQUESTS} requests`);
    console.log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} (shared machine)`);

    // BENCH_DATABASE (with DATABASE_URL) reruns against a database an earlier run kept;
    // BENCH_KEEP_DATABASE=1 (with DATABASE_URL) leaves the loaded database for studying plans.
    const url = await scratchDatabase("bench-directory", cleanups, { reuse: process.env.BENCH_DATABASE, keep: process.env.BENCH_KEEP_DATABASE === "1" });
    const reuse = process.env.DATABASE_URL ? process.env.BENCH_DATABASE : undefined;
    // The product's pools for a database on this machine (runtime.ts poolSizes); BENCH_POOL and
    // BENCH_SEARCH_POOL override their sizes.
    const sizes = poolSizes(
      {
        databasePoolSize: process.env.BENCH_POOL ? Number(process.env.BENCH_POOL) : undefined,
        searchPoolSize: process.env.BENCH_SEARCH_POOL ? Number(process.env.BENCH_SEARCH_POOL) : undefined,
      },
      true,
    );
    const pools = openPools(url, sizes);
    const { db, searchDb } = pools;
    cleanups.push(pools.end);
    await migrate(db);
    await applyTenants(db, [{ config: TenantConfigSchema.parse(tenantFixture(TENANT, { transparent: true })), landing: {}, navigation: null, dir: "" }], { actor: { kind: "operator" } });

    let t = performance.now();
    const { viewerUserId, sample } = reuse ? await loadedMembers(db) : await loadMembers(db);
    if (!reuse) console.log(`loaded ${MEMBERS.toLocaleString("en")} members (+ users), indexes built, vacuumed and analyzed in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const log = pino({ level: "silent" });
    const config = testConfig({ logLevel: "silent", databaseUrl: url, devTools: false });
    const deps = await createDeps(config, { ...pools, url, close: async () => {} }, log);
    console.log(`pools: ${sizes.main} connections, ${sizes.search} for searches`);
    cleanups.push(() => deps.jobs.stop(), () => deps.bus.close());
    const app = createApp(deps);
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.address() as AddressInfo).port;
    const { token } = await createSession(db, { userId: viewerUserId, communityId: TENANT, authMethod: "EMAIL" });
    const headers = { host: `${TENANT}.localhost:${port}`, authorization: `Bearer ${token}`, connection: "keep-alive" };

    // The warm-up searches for other members than the measured run does, so nothing the
    // measurement asks has been asked before by name (tag words and pages necessarily repeat).
    const mix = queryMix(sample.slice(0, 120), 7);
    const warmMix = queryMix(sample.slice(250, 370), 11);
    const probe = await get(new http.Agent(), port, mix[0]?.path ?? "/", headers);
    if (probe !== 200) throw new Error(`directory answered ${probe} to the probe request`);

    await closedLoop(port, WARMUP, (i) => warmMix[i % warmMix.length] ?? { kind: "", path: "/" }, headers);
    t = performance.now();
    const cpuBefore = { node: process.cpuUsage(), main: threadCpuMs(), postgres: await postgresCpuMs() };
    const dir = await closedLoop(port, REQUESTS, (i) => mix[i % mix.length] ?? { kind: "", path: "/" }, headers);
    const nodeCpu = process.cpuUsage(cpuBefore.node);
    const mainCpu = threadCpuMs();
    const cpuPerRequest = {
      // The worker thread generating the load is counted with the server: both live in this process.
      node: (nodeCpu.user + nodeCpu.system) / 1000 / REQUESTS,
      nodeSystem: nodeCpu.system / 1000 / REQUESTS,
      postgres: ((await postgresCpuMs()) - cpuBefore.postgres) / REQUESTS,
      loadGenerator: dir.cpuMs === null ? null : dir.cpuMs / REQUESTS,
      server: mainCpu === null || cpuBefore.main === null ? null : (mainCpu - cpuBefore.main) / REQUESTS,
    };
    const bad = dir.samples.filter((s) => s.status !== 200).length;

    const health = { kind: "healthz", path: "/healthz" };
    await closedLoop(port, WARMUP, () => health, headers);
    const hz = await closedLoop(port, REQUESTS, () => health, headers);

    const d = summarise(dir.samples);
    const h = summarise(hz.samples);
    const dRps = d.n / dir.seconds;
    const hRps = h.n / hz.seconds;
    console.log("");
    console.log(`GET /api/community/${TENANT}/participants (mixed searches), ${CONCURRENCY} concurrent:`);
    console.log("  kind                   n     p50 ms   p95 ms   p99 ms");
    const kinds = [...new Set(dir.samples.map((s) => s.kind))].sort();
    for (const k of kinds) {
      const s = summarise(dir.samples.filter((x) => x.kind === k));
      console.log(`  ${k.padEnd(20)} ${String(s.n).padStart(4)}  ${f1(s.p50)}  ${f1(s.p95)}  ${f1(s.p99)}`);
    }
    console.log(`  ${"all".padEnd(20)} ${String(d.n).padStart(4)}  ${f1(d.p50)}  ${f1(d.p95)}  ${f1(d.p99)}   max ${d.max.toFixed(1)} ms`);
    console.log(`  throughput ${dRps.toFixed(0)} req/s; non-200 answers: ${bad}`);
    console.log(
      `  CPU per request: this process ${cpuPerRequest.node.toFixed(2)} ms (server + load generator; ${cpuPerRequest.nodeSystem.toFixed(2)} ms of it in the kernel${
        cpuPerRequest.loadGenerator === null ? "" : `; the load generator's thread ${cpuPerRequest.loadGenerator.toFixed(2)} ms`
      }${cpuPerRequest.server === null ? "" : `; the server's main thread ${cpuPerRequest.server.toFixed(2)} ms`}), PostgreSQL ${cpuPerRequest.postgres.toFixed(2)} ms`,
    );
    console.log(`GET /healthz, ${CONCURRENCY} concurrent: p50 ${h.p50.toFixed(1)} ms, p95 ${h.p95.toFixed(1)} ms, p99 ${h.p99.toFixed(1)} ms, ${hRps.toFixed(0)} req/s`);
    console.log("");
    console.log(`ratio directory / healthz throughput: ${(dRps / hRps).toFixed(3)} (${(100 * (dRps / hRps)).toFixed(1)} %)`);
    console.log(`p95 ${d.p95.toFixed(1)} ms vs target ${TARGET_P95_MS} ms: ${d.p95 <= TARGET_P95_MS ? "MET" : "MISSED"}`);
    console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);

    // The plans, once, exactly as the service runs them. A selective search must use the indexes;
    // a broad word ("маркетинг", ~8% of members) may be read sequentially up to the candidate cap.
    const m = sample[3] ?? {};
    for (const [label, text, mustUseIndex] of [
      ["name search", `${String(m.first_name)} ${String(m.last_name).slice(0, 5)}`, true],
      ["word search", "маркетинг", false],
    ] as const) {
      const plan = await explainDirectorySearch(searchDb, { communityId: TENANT, search: text }, { limit: 21, offset: 0 }, { analyze: true });
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the directory search, ${label} "${text}":\n${plan}`);
      if (mustUseIndex && /Seq Scan on (participants|directory_entries)/.test(plan)) seqScan = true;
    }
    const listPlan = await explainDirectorySearch(searchDb, { communityId: TENANT, search: null }, { limit: 21, offset: 200 }, { analyze: true });
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the unsearched list, page 10:\n${listPlan}`);
    // The page walks the order index; only the capped count (at most 201 rows) may read sequentially.
    if (!/Index (Only )?Scan using directory_entries_order/.test(listPlan)) seqScan = true;
    if (seqScan) console.log("\nFAIL: a selective search or the list page reads the directory sequentially");
    if (bad > 0) console.log(`\nFAIL: ${bad} requests did not answer 200`);
    if (seqScan || bad > 0) process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

main()
  .then(() => process.exit(process.exitCode ?? 0))
  .catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
