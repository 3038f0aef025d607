import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { ownCommunity, operatorCli, signInByCode, tenantApi, TENANTS, tenantUrl, uniqueEmail } from "./support.ts";


/** Letters only, so names never collide with earlier runs or other tests. */
function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)] ?? "x");
}

const api = (request: APIRequestContext, method: "GET" | "POST" | "PATCH", path: string, token: string | null, data?: unknown, community: string = TENANTS.founders) =>
  tenantApi(request, community, method, path, token, data);

type Member = { token: string; firstName: string; lastName: string; participantId: string; community: string };

/** A member of `community` (founders unless said) who completed onboarding, made through the API as the onboarding screens would. */
async function onboardedMember(
  request: APIRequestContext,
  firstName: string,
  profile: { tags: string[]; lookingForText: string; canHelpWithText: string; about: string },
  community: string = TENANTS.founders,
): Promise<Member> {
  const email = uniqueEmail("match");
  const token = await signInByCode(request, email, community);
  const user = (await api(request, "GET", "/api/current-user", token, undefined, community)) as { userId: string };
  const lastName = "Pairwise";
  await api(request, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName, lastName }, community);
  await api(
    request,
    "POST",
    "/api/participant/update-looking-for",
    token,
    {
      lookingFor: ["LOOKING_FOR", "CAN_HELP_WITH"],
      lookingForText: profile.lookingForText,
      canHelpWithText: profile.canHelpWithText,
    },
    community,
  );
  await api(request, "POST", "/api/participant/update-profile", token, {
    about: profile.about,
    // A company of their own: colleagues are not paired (the community's matchingRules).
    company: `${firstName} Labs`,
    position: "Founder",
    city: "Lisbon",
    shareLocation: true,
    tags: profile.tags,
    contacts: { LINKEDIN: `https://www.linkedin.com/in/${firstName.toLowerCase()}-pairwise` },
  }, community);
  const me = (await api(request, "GET", "/api/participant/profile", token, undefined, community)) as { id: string; profileCompleted: boolean };
  expect(me.profileCompleted).toBe(true);
  return { token, firstName, lastName, participantId: me.id, community };
}

/** A page signed in as `member` (the token in localStorage, as the login page leaves it). */
async function signedInPage(browser: Browser, member: Member, path: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((token) => {
    if (!localStorage.getItem("token")) localStorage.setItem("token", token);
  }, member.token);
  const page = await context.newPage();
  await page.goto(tenantUrl(member.community, path));
  return page;
}

test.describe("matching: recommendations, intros, requests, bookmarks, not interested (founders)", () => {
  test("a weekly match from the CLI: A sees why, connects; B accepts; A bookmarks and dismisses another contact", async ({ browser, request }) => {
    test.setTimeout(120_000);
    // A community of its own (founders' files): the weekly run pairs every member of the community,
    // here only A and B, and no other spec's members are paired, or taken from A, meanwhile.
    const f = await ownCommunity(TENANTS.founders, "matching");
    // Rare shared tags and mirrored texts make A and B each other's best contact.
    const rare = uniqueWord("quantumwidgets");
    const rarer = uniqueWord("zebralogistics");
    const a = await onboardedMember(request, uniqueWord("Ada"), {
      tags: [rare, rarer, "Fintech"],
      lookingForText: `a partner for ${rare} distribution and ${rarer} pilots`,
      canHelpWithText: "fundraising in Europe and hiring the first engineers",
      about: `I build ${rare} for ${rarer} companies.`,
    }, f);
    const b = await onboardedMember(request, uniqueWord("Bruno"), {
      tags: [rare, rarer, "Logistics"],
      lookingForText: "fundraising in Europe and hiring the first engineers",
      canHelpWithText: `${rare} distribution and ${rarer} pilots`,
      about: `I sell ${rarer} and ${rare} to retailers.`,
    }, f);

    // The weekly pairing, as an operator runs it (no e-mail: the recommendation itself is under test).
    const report = JSON.parse(await operatorCli("matching", "run", "--community", f, "--no-mail", "--json")) as { stats: { pairs: number; repeats: number } };
    expect(report.stats.pairs).toBeGreaterThanOrEqual(1);
    expect(report.stats.repeats).toBe(0);
    // C joins after the weekly run, so C can only come as an on-demand recommendation.
    const c = await onboardedMember(request, uniqueWord("Clara"), {
      tags: [rarer, "Fintech"],
      lookingForText: "hiring the first engineers",
      canHelpWithText: `${rarer} pilots`,
      about: "Operator and angel investor.",
    }, f);
    // The server caches its matching model for a minute; a pause/resume (a real member action) drops it,
    // so the on-demand recommendations below see C at once.
    await api(request, "POST", "/api/matching/resume", a.token, {}, f);

    // 1. A sees B on /my_communities with the reasons and contacts.
    const pageA = await signedInPage(browser, a, "/my_communities");
    await expect(pageA.getByRole("heading", { level: 1 })).toHaveText("My communities");
    const cardB = pageA.getByTestId("recommendation").filter({ hasText: b.firstName });
    await expect(cardB).toBeVisible();
    await expect(cardB.getByText("Your contact of the week")).toBeVisible();
    const why = cardB.getByRole("region", { name: "Why you two" });
    await expect(why.getByRole("listitem").first()).toBeVisible();
    await expect(why).toContainText(rare);
    await expect(cardB.locator('[data-contact="LINKEDIN"]')).toBeVisible();
    await expect(pageA.getByTestId("matching-status")).toContainText("Next contact:");

    // 2. Connect: an empty intro is refused in place; then the intro goes out and costs credits.
    await cardB.getByRole("button", { name: "Connect" }).click();
    const connect = pageA.getByRole("dialog", { name: `Introduce yourself to ${b.firstName} ${b.lastName}` });
    await expect(connect).toBeVisible();
    await expect(connect.getByTestId("credits")).toContainText("Connecting costs 10 credits");
    await connect.getByRole("button", { name: "Send intro" }).click();
    await expect(connect.getByText("Write a few words")).toBeVisible();
    const intro = `Hello ${b.firstName}, shall we talk about ${rare} next week?`;
    await connect.getByLabel("Intro message").fill(intro);
    await connect.getByRole("button", { name: "Send intro" }).click();
    await expect(connect).toBeHidden();
    await expect(pageA.locator(".notice-row")).toContainText(`Your intro is on its way to ${b.firstName}`);
    await expect(cardB.getByTestId("connected")).toContainText("Intro sent");
    await expect(cardB.getByRole("button", { name: "Connect" })).toHaveCount(0);

    // My request lists it with the message.
    await pageA.getByRole("tab", { name: "My request" }).click();
    await expect(pageA).toHaveURL(/tab=my-request/);
    await expect(pageA.getByTestId("my-request").filter({ hasText: b.firstName })).toContainText(intro);

    // 3. B sees the intro in Requests and accepts it.
    const pageB = await signedInPage(browser, b, "/my_communities?tab=requests");
    const request1 = pageB.getByTestId("request").filter({ hasText: a.firstName });
    await expect(request1).toContainText(intro);
    await request1.getByRole("button", { name: "Accept" }).click();
    await expect(request1.getByText("Accepted")).toBeVisible();
    await expect(request1.getByRole("button", { name: "Accept" })).toHaveCount(0);
    await pageB.context().close();

    // 4. A bookmarks B (it shows under Contacts › Bookmarks), then removes the bookmark.
    await pageA.getByRole("tab", { name: "Recommended" }).click();
    await cardB.getByRole("button", { name: "Bookmark" }).click();
    await expect(cardB.getByRole("button", { name: "Remove bookmark" })).toHaveAttribute("aria-pressed", "true");
    await pageA.goto(tenantUrl(f, "/contacts/bookmarks"));
    await expect(pageA.getByRole("tab", { name: "Bookmarks" })).toHaveAttribute("aria-selected", "true");
    await expect(pageA.getByTestId("bookmark").filter({ hasText: b.firstName })).toBeVisible();
    await pageA.goto(tenantUrl(f, "/my_communities"));
    await cardB.getByRole("button", { name: "Remove bookmark" }).click();
    await expect(cardB.getByRole("button", { name: "Bookmark", exact: true })).toHaveAttribute("aria-pressed", "false");
    const bookmarks = (await api(request, "GET", "/api/bookmarks", a.token, undefined, f)) as { items: unknown[] };
    expect(bookmarks.items).toHaveLength(0);

    // 5. A second recommendation (C, on demand): not interested, with a reason; the card disappears.
    const cardC = pageA.getByTestId("recommendation").filter({ hasText: c.firstName });
    await expect(cardC).toBeVisible();
    await cardC.getByRole("button", { name: "Not interested" }).click();
    const dismiss = pageA.getByRole("dialog", { name: `Not interested in ${c.firstName} ${c.lastName}?` });
    await dismiss.getByLabel("I already know this person").check();
    await dismiss.getByLabel(/^Note/).fill("We worked together in 2019.");
    await dismiss.getByRole("button", { name: "Hide this contact" }).click();
    await expect(dismiss).toBeHidden();
    await expect(cardC).toHaveCount(0);
    await pageA.reload();
    await expect(cardB).toBeVisible();
    await expect(pageA.getByTestId("recommendation").filter({ hasText: c.firstName })).toHaveCount(0);
    const relations = (await api(request, "GET", "/api/relations", a.token, undefined, f)) as { items: { subjectId: string; relationType: string; reason: string }[] };
    expect(relations.items).toContainEqual(expect.objectContaining({ subjectId: c.participantId, relationType: "DISLIKE", reason: "ALREADY_KNOW" }));

    // 6. Contacts › Interested: B with a private note.
    await pageA.goto(tenantUrl(f, "/contacts"));
    const contactB = pageA.getByTestId("contact").filter({ hasText: b.firstName });
    await expect(contactB).toContainText("Intro sent");
    await contactB.getByRole("button", { name: "Add a note" }).click();
    await contactB.getByLabel("Private note").fill("Met at the demo day");
    await contactB.getByRole("button", { name: "Save note" }).click();
    await expect(contactB.getByTestId("note")).toContainText("Met at the demo day");
    await expect(pageA.getByTestId("contact").filter({ hasText: c.firstName })).toHaveCount(0);

    // 7. The follow-up e-mail's link opens the rating of that contact; "we did not meet" is saved.
    const history = (await api(request, "GET", "/api/matching/matches-history", a.token, undefined, f)) as {
      items: { matchingResultId: string; participant: { id: string } }[];
    };
    const resultB = history.items.find((i) => i.participant.id === b.participantId);
    expect(resultB).toBeDefined();
    await pageA.goto(tenantUrl(f, `/contacts?feedback=${resultB?.matchingResultId}`));
    const rate = pageA.getByRole("dialog", { name: `How was your meeting with ${b.firstName} ${b.lastName}?` });
    await rate.getByRole("button", { name: "Save" }).click();
    await expect(rate.getByText("Choose 1 to 5 stars")).toBeVisible();
    await rate.getByLabel("4 of 5").check({ force: true });
    await rate.getByLabel("Notes (optional)").fill("Great talk");
    await rate.getByRole("button", { name: "Save" }).click();
    await expect(rate).toBeHidden();
    await expect(contactB.getByTestId("rating")).toContainText("Your rating: 4 of 5");
    await pageA.context().close();
  });

  test("the weekly status: pause, resume, and skipping a week from the reminder e-mail", async ({ browser, request }) => {
    const member = await onboardedMember(request, uniqueWord("Petra"), {
      tags: [uniqueWord("tag")],
      lookingForText: "anyone",
      canHelpWithText: "anything",
      about: "Here for the status panel.",
    });
    const page = await signedInPage(browser, member, "/my_communities");
    const panel = page.getByTestId("matching-status");
    await expect(panel).toContainText("Next contact:");
    // Plurals come from i18next (Intl.PluralRules): "1 week", "2 weeks".
    await expect(panel.getByLabel("Pause for").locator("option")).toHaveText(["1 week", "2 weeks", "4 weeks"]);
    await panel.getByLabel("Pause for").selectOption("2");
    await panel.getByRole("button", { name: "Pause" }).click();
    await expect(panel.getByText("Matching paused.")).toBeVisible();
    await expect(panel).toContainText("Paused until");
    await panel.getByRole("button", { name: "Resume" }).click();
    await expect(panel.getByText("Matching resumed.")).toBeVisible();
    await expect(panel).not.toContainText("Paused until");
    const status = (await api(request, "GET", "/api/matching/status", member.token)) as { comingWeek: string; pausedUntil: string | null };
    expect(status.pausedUntil).toBeNull();

    // The reminder e-mail's link skips the coming week and says so; the panel shows it.
    await page.goto(tenantUrl(TENANTS.founders, `/my_communities?skip=${status.comingWeek}`));
    await expect(page.getByTestId("skip-confirmation")).toContainText("You skip the week of");
    await expect(panel).toContainText("You skip the week of");
    const skipped = (await api(request, "GET", "/api/matching/status", member.token)) as { skippedWeek: string | null };
    expect(skipped.skippedWeek).toBe(status.comingWeek);

    // In Russian the page and the panel speak Russian.
    await api(request, "POST", "/api/participant/update-profile", member.token, { language: "ru" });
    await page.evaluate(() => localStorage.setItem("local", "ru"));
    await page.goto(tenantUrl(TENANTS.founders, "/my_communities?tab=requests"));
    await expect(page.getByRole("tab", { name: "Запросы", exact: true })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("empty-state")).toContainText("Запросов пока нет");
    // Russian plurals (the panel is on the recommendations tab): one, few ("2 недели", "4 недели").
    await page.getByRole("tab", { name: "Рекомендации", exact: true }).click();
    await expect(panel.getByLabel("Пауза на").locator("option")).toHaveText(["1 неделю", "2 недели", "4 недели"]);
    await page.context().close();
  });
});

test.describe("a signed-in start on my communities (issue 17, main.tsx askEarly)", () => {
  test("its questions are asked once each, at start, before the page's code has arrived", async ({ browser, request }) => {
    const member = await onboardedMember(request, uniqueWord("Early"), {
      tags: ["Fintech"],
      lookingForText: "a co-founder for a payments start-up",
      canHelpWithText: "product management",
      about: "I build payment tools.",
    });
    const context = await browser.newContext();
    await context.addInitScript((token) => {
      if (!localStorage.getItem("token")) localStorage.setItem("token", token);
    }, member.token);
    const page = await context.newPage();
    const events: string[] = [];
    // The page's code comes in the signed-in start's chunk (member-web/vite.config.ts).
    const asked = (url: string) => new URL(url).pathname.replace(/^\/assets\/signed-in-.*$/, "page code");
    page.on("request", (req) => events.push(`asked ${asked(req.url())}`));
    page.on("requestfinished", (req) => events.push(`done ${asked(req.url())}`));
    await page.goto(tenantUrl(TENANTS.founders, "/my_communities"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("matching-status")).toBeVisible();
    await page.waitForLoadState("networkidle");
    for (const path of ["/api/matching/instant", "/api/matching/status", "/api/current-user"]) {
      expect(events.filter((e) => e === `asked ${path}`), path).toHaveLength(1);
    }
    // Asked by main.tsx, not by the page once its code has run.
    expect(events.indexOf("asked /api/matching/instant")).toBeLessThan(events.indexOf("done page code"));
    expect(events.indexOf("asked /api/matching/status")).toBeLessThan(events.indexOf("done page code"));
    await context.close();
  });
});
