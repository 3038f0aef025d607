/**
 * The matching-quality issue's three examples, through the API as members write them: the person
 * who can help wins over a same-city, same-words distractor, in the on-demand ranking and the
 * weekly pairing, and the reason names the need in the member's language.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { runWeeklyPairing } from "@tuesday/platform";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { type Member, member, type Profile } from "./matching-api-helpers.ts";
import { ctxFor } from "./matching-weekly-helpers.ts";

const env = await testEnvForFile();
const TENANTS = ["ncto", "nvat", "nvid"];
beforeAll(async () => {
  await env.addTenants(...TENANTS.map((t) => tenantFixture(t, { langChoices: ["en", "ru"] })));
});

const WEEK = "2030-01-01"; // a Tuesday
const pair = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Everyday members around the example, so that IDF and the week have a community. */
async function crowd(tenant: string, lang: "en" | "ru"): Promise<void> {
  const en: Profile[] = [
    { tags: ["running"], city: "Lisbon", lookingForText: "A running club in Lisbon", canHelpWithText: "Training plans for a first marathon" },
    { tags: ["books"], city: "Prague", lookingForText: "Readers for my newsletter", canHelpWithText: "Editing long-form essays" },
    { tags: ["coffee"], city: "Vienna", lookingForText: "Suppliers of green coffee", canHelpWithText: "Opening a small cafe" },
    { tags: ["chess"], city: "Oslo", lookingForText: "Chess partners online", canHelpWithText: "Chess openings for beginners" },
  ];
  const ru: Profile[] = [
    { tags: ["бег"], city: "Казань", lookingForText: "Компанию для пробежек", canHelpWithText: "Планы тренировок к марафону" },
    { tags: ["книги"], city: "Пермь", lookingForText: "Читателей для рассылки", canHelpWithText: "Редактура длинных текстов" },
    { tags: ["кофе"], city: "Самара", lookingForText: "Поставщиков зелёного кофе", canHelpWithText: "Как открыть маленькую кофейню" },
    { tags: ["шахматы"], city: "Тверь", lookingForText: "Партнёров по шахматам", canHelpWithText: "Дебюты для начинающих" },
  ];
  for (const [i, p] of (lang === "en" ? en : ru).entries()) await member(env, tenant, { firstName: `Crowd${i}`, language: lang, ...p });
}

async function ranking(seeker: Member, others: Member[]): Promise<string[]> {
  const res = await env.request("POST", "/api/matching/calc-relevance-rate", {
    tenant: seeker.tenant,
    token: seeker.token,
    body: { participantIds: others.map((o) => o.id) },
  });
  expect(res.status).toBe(200);
  return [...res.body.items].sort((a: { score: number }, b: { score: number }) => b.score - a.score).map((i: { participantId: string }) => i.participantId);
}

async function reasons(seeker: Member, other: Member): Promise<string[]> {
  const res = await env.request("GET", `/api/matching/get-relevance-rate?participantId=${other.id}`, { tenant: seeker.tenant, token: seeker.token });
  expect(res.status).toBe(200);
  return res.body.reasons;
}

async function weeklyPairs(tenant: string): Promise<string[]> {
  await runWeeklyPairing(ctxFor(env, await env.deps.tenants.require(tenant)), { communityId: tenant, week: WEEK, mail: false });
  const rows = await env.db<{ low: string; high: string }[]>`
    select participant_low as low, participant_high as high from matches where community_id = ${tenant} and week = ${WEEK} and source = 'WEEKLY'`;
  return rows.map((r) => pair(r.low, r.high));
}

async function example(tenant: string, lang: "en" | "ru", seeker: Profile, helper: Profile, distractor: Profile) {
  await crowd(tenant, lang);
  const s = await member(env, tenant, { firstName: "Seeker", language: lang, ...seeker });
  const h = await member(env, tenant, { firstName: "Helper", language: lang, ...helper });
  const d = await member(env, tenant, { firstName: "Distractor", language: lang, ...distractor });
  // The texts' vectors, as the job queued by the profile writes computes them.
  await env.drainJobs("matching.embed");
  const ranked = await ranking(s, [h, d]);
  expect(ranked[0]).toBe(h.id);
  expect(await weeklyPairs(tenant)).toContain(pair(s.id, h.id));
  return { s, h, d };
}

describe("the person who can help is recommended", () => {
  it("co-founder ↔ CTO: a technical co-founder search meets a CTO ready to join, not a bakery owner looking for a co-founder in the same city", async () => {
    const { s, h } = await example(
      "ncto",
      "en",
      { city: "London", tags: ["startups", "saas"], lookingForText: "Looking for a technical co-founder to build the product with me", canHelpWithText: "Customer discovery for B2B tools" },
      { city: "Berlin", tags: ["backend", "architecture"], lookingForText: "A climbing partner", canHelpWithText: "Ready to join an early-stage company as CTO; ten years of shipping backend platforms" },
      { city: "London", tags: ["startups", "saas"], lookingForText: "A co-founder for my bakery business", canHelpWithText: "Sourdough and running a small shop" },
    );
    expect((await reasons(s, h)).join(" ")).toMatch(/can help with what you need: .*(co-?founder|CTO)/i);
  });

  it("VAT: a cross-border VAT need meets the EU indirect tax adviser, not the Shopify developer next door", async () => {
    const { s, h } = await example(
      "nvat",
      "en",
      { city: "Amsterdam", tags: ["ecommerce", "shopify"], lookingForText: "We sell on our Shopify store across the EU and need to sort out VAT registration for cross-border sales", canHelpWithText: "Growing an online store" },
      { city: "Dublin", tags: ["tax", "compliance"], lookingForText: "Good history podcasts", canHelpWithText: "EU indirect tax for online retailers: OSS and IOSS returns, distance selling thresholds" },
      { city: "Amsterdam", tags: ["ecommerce", "shopify"], lookingForText: "Clients who need a new Shopify store theme", canHelpWithText: "I build Shopify stores and custom themes" },
    );
    expect((await reasons(s, h)).join(" ")).toMatch(/can help with what you need: .*VAT/);
  });

  it("промо-ролик: «снять рекламный ролик» meets a video producer, not a realtor who helps «снять квартиру»", async () => {
    const { s, h } = await example(
      "nvid",
      "ru",
      { city: "Москва", tags: ["стартапы", "приложения"], lookingForText: "Нужно снять рекламный ролик к запуску нашего приложения", canHelpWithText: "Запуск приложений в сторах" },
      { city: "Санкт-Петербург", tags: ["видео", "продакшн"], lookingForText: "Хороший бариста рядом с офисом", canHelpWithText: "Продюсирую промо-видео для брендов: сценарий, съёмка, монтаж" },
      { city: "Москва", tags: ["стартапы", "недвижимость"], lookingForText: "Новых клиентов, которые хотят переехать", canHelpWithText: "Помогу снять квартиру в Москве без комиссии" },
    );
    // The seeker reads the reason in Russian.
    expect((await reasons(s, h)).join(" ")).toMatch(/может помочь с тем, что вам нужно: /);
  });
});
