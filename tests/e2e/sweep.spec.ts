import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { messages as consoleMessages } from "../../admin-console/src/i18n.ts";
import { TRANSLATIONS } from "../../member-web/src/i18n/all.ts";
import { acceptedIntro, api, participant, uniqueWord } from "./chat-support.ts";
import { dataSettled, type PageData, visibleTexts, watchData } from "./i18n-check.ts";
import { apiLogin, registerAdmin, signInByCode, TENANTS, tenantApi, tenantUrl, uniqueEmail } from "./support.ts";

/**
 * The browser sweep (issue 27): every member route and console screen, in both languages, at a
 * phone's and a desktop's width, as the role that sees it. A screen fails on visible text that
 * looks like a translation key or an enum value, text in the other language, the page wider than
 * the screen, items of the top bar covering each other, a request answered 4xx/5xx, or a console
 * error. Screenshots of every screen go to tests/e2e/.screenshots (gitignored) to be looked at.
 */

const SHOTS = path.join(import.meta.dirname, ".screenshots");
const WIDTHS = [
  { name: "390", viewport: { width: 390, height: 844 } },
  { name: "1280", viewport: { width: 1280, height: 800 } },
] as const;
const LANGS = ["en", "ru"] as const;
type Lang = (typeof LANGS)[number];

const words = (value: unknown, out = new Set<string>()): Set<string> => {
  if (typeof value === "string") for (const w of value.match(/\p{L}+/gu) ?? []) out.add(w.toLowerCase());
  else if (value && typeof value === "object") for (const v of Object.values(value)) words(v, out);
  return out;
};
/** Latin words the Russian texts use themselves (Telegram, LinkedIn, e-mail...). */
const RU_LATIN = new Set([...words(TRANSLATIONS.ru), ...words(consoleMessages.ru)].filter((w) => /^[a-z]+$/.test(w)));
/** Every UPPER_CASE enum value of the API: shown as such, it is a value nobody translated. */
const openapi = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../openapi/openapi.json"), "utf8")) as unknown;
const ENUMS = new Set<string>();
(function collect(v: unknown): void {
  if (Array.isArray(v)) for (const x of v) collect(x);
  else if (v && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) {
      if (k === "enum" && Array.isArray(x)) for (const e of x) if (typeof e === "string" && /^[A-Z][A-Z0-9_]{2,}$/.test(e)) ENUMS.add(e);
      else collect(x);
    }
  }
})(openapi);
/** Upper-case words the interface writes itself (abbreviations of the catalogues: FAQ, URL...). */
const UPPER_OK = new Set(
  [...words(TRANSLATIONS.en), ...words(TRANSLATIONS.ru)].map((w) => w.toUpperCase()).filter((w) => ![...ENUMS].includes(w) || /^(URL|ID|FAQ)$/.test(w)),
);

const KEY_LIKE = [
  /\b[a-z]+[A-Z][A-Za-z]*\.[A-Za-z_]+\b/, // contactTypes.EMAIL, scoreMatch.unscored
  /\b[a-z]+\.[a-z]+[A-Z][A-Za-z]*\b/, // tour.helpLabel
  /\b[a-z]+:[a-z]+[A-Z.][A-Za-z.]*\b/, // ns:key.path
  /\b[A-Z][A-Z0-9]+_[A-Z0-9_]+\b/, // CAN_VIEW_ADMIN_PANEL
];

/** What a screen shows that it should not: keys, enum values, the other language. */
function textProblems(texts: string[], lang: Lang, data: PageData): string[] {
  const dataWords = new Set<string>();
  for (const s of data.strings) for (const w of s.match(/\p{L}+/gu) ?? []) dataWords.add(w.toLowerCase());
  const out = new Set<string>();
  for (const text of texts) {
    if (data.strings.has(text.trim())) continue;
    for (const re of KEY_LIKE) {
      const m = re.exec(text);
      if (m && !dataWords.has(m[0].toLowerCase()) && !text.includes("@")) out.add(`key-like "${m[0]}" in "${text}"`);
    }
    for (const w of text.match(/\b[A-Z][A-Z0-9_]{2,}\b/g) ?? []) {
      if (ENUMS.has(w) && !UPPER_OK.has(w) && !dataWords.has(w.toLowerCase())) out.add(`enum value "${w}" in "${text}"`);
    }
    if (lang === "en" && /\p{Script=Cyrillic}/u.test(text)) {
      const foreign = (text.match(/\p{Script=Cyrillic}+/gu) ?? []).filter((w) => !dataWords.has(w.toLowerCase()));
      // The language picker names Russian in Russian.
      if (foreign.length > 0 && !/^Русский$/.test(text.trim())) out.add(`Russian in English: "${text}"`);
    }
    if (lang === "ru") {
      const foreign = (text.match(/\b[A-Za-z]{3,}\b/g) ?? []).filter((w) => !RU_LATIN.has(w.toLowerCase()) && !dataWords.has(w.toLowerCase()));
      if (foreign.length > 0 && !/^English$/.test(text.trim()) && !/^(https?:|www\.)|@/.test(text.trim())) out.add(`English in Russian: "${text}" (${foreign.join(" ")})`);
    }
  }
  return [...out];
}

/** The page's layout problems: wider than the screen, interactive items of the bar covering each other. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    // Inside a box that scrolls or clips sideways (a scrolling tab strip), sticking out is by design.
    const clipped = (el: HTMLElement) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== "visible") return true;
      return false;
    };
    if (doc.scrollWidth > doc.clientWidth + 1) {
      const wide = [...document.body.querySelectorAll<HTMLElement>("*")]
        .filter((el) => el.checkVisibility() && el.getBoundingClientRect().right > doc.clientWidth + 1 && !clipped(el))
        .slice(-1)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`);
      out.push(`page ${doc.scrollWidth}px wide on a ${doc.clientWidth}px screen (${wide.join(", ")})`);
    }
    for (const bar of document.querySelectorAll<HTMLElement>("header, .topbar, [role=tablist], [role=dialog][data-tour]")) {
      const items = [...bar.querySelectorAll<HTMLElement>("a, button, select, [role=button]")].filter((el) => {
        if (!el.checkVisibility()) return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0;
      });
      for (let i = 0; i < items.length; i++) {
        for (let j = i + 1; j < items.length; j++) {
          const a = items[i] as HTMLElement;
          const b = items[j] as HTMLElement;
          if (a.contains(b) || b.contains(a)) continue;
          const ra = a.getBoundingClientRect();
          const rb = b.getBoundingClientRect();
          const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
          const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
          if (w > 2 && h > 2) out.push(`"${a.textContent?.trim() || a.getAttribute("aria-label")}" and "${b.textContent?.trim() || b.getAttribute("aria-label")}" overlap`);
        }
      }
    }
    // Cards, lists and tabs: a child sticking out of the screen's right edge.
    for (const el of document.querySelectorAll<HTMLElement>("main .card, main [role=tablist], main li, main [role=tab]")) {
      if (el.checkVisibility() && el.getBoundingClientRect().right > doc.clientWidth + 1 && !clipped(el)) {
        out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} runs past the screen's edge`);
        break;
      }
    }
    return out;
  });
}

type Watch = { problems: string[]; data: PageData };

function watch(page: Page): Watch {
  const problems: string[] = [];
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  page.on("requestfailed", (req) => {
    const err = req.failure()?.errorText ?? "";
    // A navigation cancels the requests of the page it leaves.
    if (!err.includes("ERR_ABORTED")) problems.push(`failed ${req.method()} ${new URL(req.url()).pathname}: ${err}`);
  });
  page.on("console", (msg) => {
    if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) problems.push(`console error: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  return { problems, data: watchData(page) };
}

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  // Loading indicators only: a determinate progress bar (aria-valuenow) is content, not loading.
  await expect(page.locator(".skeleton, .RaLoadingIndicator-loadedLoading, [role=progressbar]:not([aria-valuenow])"), `still loading: ${page.url()}`).toHaveCount(0);
  // Toasts come and go; the screenshot is of the screen.
  await page.evaluate(() => document.fonts.ready);
}

/** Visits `routes` of one tenant in one language and width; returns the problems found per route. */
async function sweep(
  browser: Browser,
  opts: { tenant: string; role: string; lang: Lang; width: (typeof WIDTHS)[number]; token?: string; routes: string[]; consoleApp?: boolean },
): Promise<string[]> {
  const context = await browser.newContext({ viewport: opts.width.viewport });
  await context.addInitScript(
    ([t, lang]) => {
      if (!localStorage.getItem("local")) localStorage.setItem("local", lang as string);
      if (t && !localStorage.getItem("token")) localStorage.setItem("token", t);
      // The tour waits for its own button in these screens: it would cover them on its own.
      if (!localStorage.getItem("onboardingTour")) localStorage.setItem("onboardingTour", JSON.stringify({ completed: true, skipped: false, step: 1, lastShownAt: 1 }));
    },
    [opts.token ?? "", opts.lang],
  );
  const page = await context.newPage();
  const w = watch(page);
  const found: string[] = [];
  for (const route of opts.routes) {
    const url = opts.consoleApp ? tenantUrl(opts.tenant, `/console/${route}`) : tenantUrl(opts.tenant, route);
    w.problems.length = 0;
    await page.goto(url);
    await settled(page);
    await dataSettled(w.data);
    const here = [...w.problems, ...textProblems(await visibleTexts(page), opts.lang, w.data), ...(await layoutProblems(page))];
    const name = `${opts.tenant}-${opts.role}-${opts.lang}-${opts.width.name}-${route.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}`;
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
    for (const p of here) found.push(`${name}: ${p}`);
  }
  await context.close();
  return found;
}

/** Every language and width of one role's routes, the four at once. */
async function sweepAll(browser: Browser, opts: Omit<Parameters<typeof sweep>[1], "lang" | "width">): Promise<string[]> {
  const runs = LANGS.flatMap((lang) => WIDTHS.map((width) => sweep(browser, { ...opts, lang, width })));
  return (await Promise.all(runs)).flat();
}

test.describe("browser sweep: every screen, both languages, phone and desktop", () => {
  // Not yet seen green: written in issue 27's session while the shared machine ran at a load of
  // 40 on 2 cores (first page loads over 20 s). E2E_UNVERIFIED=1 runs it; remove this line once
  // it has passed here.
  test.fixme(!process.env.E2E_UNVERIFIED);
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  test("signed out", async ({ browser }) => {
    test.setTimeout(120_000);
    const problems = await sweepAll(browser, { tenant: TENANTS.founders, role: "guest", routes: ["/", "/login", "/registration", "/recovery", "/one-time-code"] });
    expect(problems).toEqual([]);
  });

  test("a member of founders", async ({ browser, request }) => {
    test.setTimeout(180_000);
    const f = TENANTS.founders;
    const tags = [uniqueWord("sweeptag"), uniqueWord("sweeppilot")];
    const a = await participant(request, f, await signInByCode(request, uniqueEmail("sweep-a")), uniqueWord("Sweep"), tags);
    const b = await participant(request, f, await signInByCode(request, uniqueEmail("sweep-b")), uniqueWord("Peer"), tags);
    await acceptedIntro(request, a, b);
    const chat = (await api(request, f, "POST", "/api/chats", b.token, { participants: [a.participantId] })) as { id: string };
    await api(request, f, "POST", `/api/chats/${chat.id}`, b.token, { text: "Hello there" });
    const me = (await api(request, f, "GET", "/api/participant/profile", a.token)) as { slug: string };
    const routes = [
      "/my_communities",
      "/my_communities?tab=requests",
      "/contacts",
      "/contacts/bookmarks",
      "/profile",
      "/participants",
      "/chats",
      `/chats/${chat.id}`,
      "/notifications",
      "/events",
      "/score-match",
      "/subscriptions",
      "/invite",
      `/u/${me.slug}`,
    ];
    const problems = await sweepAll(browser, { tenant: f, role: "member", token: a.token, routes });
    expect(problems).toEqual([]);
  });

  test("a member of northbank (partner sections, tour and donation in the bar)", async ({ browser, request }) => {
    test.setTimeout(120_000);
    const n = TENANTS.northbank;
    const token = await signInByCode(request, uniqueEmail("sweep-nb"), n);
    const user = (await tenantApi(request, n, "GET", "/api/current-user", token)) as { userId: string };
    await tenantApi(request, n, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName: uniqueWord("Bank"), lastName: "Sweep" });
    const problems = await sweepAll(browser, { tenant: n, role: "member", token, routes: ["/my_communities", "/profile", "/events", "/notifications"] });
    expect(problems).toEqual([]);
  });

  test("an admin in the console", async ({ browser, request }) => {
    test.setTimeout(180_000);
    const f = TENANTS.founders;
    const email = uniqueEmail("sweep-admin");
    const password = "Sweep-admin-password-1";
    await registerAdmin(request, f, email, password);
    const token = await apiLogin(request, f, email, password);
    const routes = ["#/", "#/participants", "#/members", "#/events", "#/topics", "#/questions", "#/mailings", "#/audit", "#/analytics", "#/matches", "#/settings", "#/account"];
    const problems = await sweepAll(browser, { tenant: f, role: "admin", token, routes, consoleApp: true });
    expect(problems).toEqual([]);
  });
});
