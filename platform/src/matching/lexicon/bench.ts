/**
 * Micro-benchmark of the concept matcher: 100k members x 4 texts of ~20 words, EN and RU mixed.
 * Run: node --import tsx platform/src/matching/lexicon/bench.ts [members]
 */
import { compileLexicon } from "./index.ts";

const FRAGMENTS = [
  "looking for a technical co-founder for my fintech startup",
  "raising a seed round and need intros to angel investors",
  "can help with B2B sales, cold outreach and building a sales team from zero",
  "our cloud bill doubled, want to cut AWS costs",
  "tax adviser: EU VAT, OSS/IOSS returns, cross-border e-commerce",
  "product designer, UX research and usability testing",
  "ищу бухгалтера на аутсорс для ООО на УСН",
  "веду бухгалтерию малого бизнеса удалённо",
  "нужно снять рекламный ролик для запуска продукта",
  "продюсирую промо-видео и рекламные ролики для брендов",
  "инвестирую в стартапы на ранней стадии, помогаю с привлечением инвестиций",
  "хочу переехать в Португалию, ищу квартиру в Лиссабоне",
  "burning out after two years of building, would love to talk to someone",
  "coaching founders through stress, preventing burnout",
  "Rust developer, backend, distributed systems and Kubernetes",
  "маркетолог: таргет, контекстная реклама, SEO и SMM",
  "I love hiking, coffee and good books about history",
  "работаю в банке, люблю путешествия и фотографию",
  "data scientist, churn prediction and recommendation systems",
  "юрист по IT: договоры, интеллектуальная собственность, персональные данные",
  "shipping from China, customs clearance and fulfillment for Amazon FBA",
  "organize meetups and conferences, happy to speak at events",
];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const members = Number(process.argv[2] ?? 100_000);
const random = rng(42);
const pick = () => FRAGMENTS[Math.floor(random() * FRAGMENTS.length)] as string;
const texts: string[] = [];
for (let i = 0; i < members * 4; i++) texts.push(`${pick()}. ${pick()}`);
const words = texts.reduce((n, t) => n + t.split(/\s+/).length, 0);

let t0 = performance.now();
const lexicon = compileLexicon();
const compileMs = performance.now() - t0;

// Warm-up on a slice (JIT, token cache), then the timed full pass.
for (let i = 0; i < 20_000; i++) lexicon.match(texts[i]);
t0 = performance.now();
const cpu0 = process.cpuUsage();
let matches = 0;
for (const t of texts) matches += lexicon.match(t).length;
const cpu = process.cpuUsage(cpu0);
const ms = performance.now() - t0;
// CPU time (user + system) of this process: on a shared machine the wall time includes waiting.
const cpuMs = (cpu.user + cpu.system) / 1000;

console.log(
  `lexicon: ${lexicon.size} concepts, ${lexicon.phrasingCount} phrasings, compiled in ${compileMs.toFixed(0)} ms\n` +
    `matched ${texts.length} texts (${members} members x 4, ${(words / texts.length).toFixed(1)} words each): ` +
    `${cpuMs.toFixed(0)} ms CPU (${((cpuMs * 1e6) / words).toFixed(0)} ns/word), ${ms.toFixed(0)} ms wall; ${matches} concept matches`,
);
