/** Chat browser tests' setup: participants with completed profiles and an accepted intro, made through the API. */
import { type APIRequestContext, type Browser, type BrowserContext, expect } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";

/** Letters only, so names and tags never collide with earlier runs or other tests. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)] ?? "x");
}

export async function api(request: APIRequestContext, tenant: string, method: "GET" | "POST", path: string, token: string, data?: unknown) {
  const res = await request.fetch(`http://127.0.0.1:${E2E_PORT}${path}`, {
    method,
    headers: { Host: `${tenant}.localhost:${E2E_PORT}`, Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** A participant made here, with the community it belongs to. */
export type Member = { token: string; firstName: string; lastName: string; participantId: string; community: string };

/** A participant of `tenant` with a completed profile, made through the API as the onboarding screens would. */
export async function participant(request: APIRequestContext, tenant: string, token: string, firstName: string, tags: string[]): Promise<Member> {
  const user = (await api(request, tenant, "GET", "/api/current-user", token)) as { userId: string };
  const lastName = "Chatter";
  await api(request, tenant, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName, lastName });
  await api(request, tenant, "POST", "/api/participant/update-looking-for", token, {
    lookingFor: ["LOOKING_FOR", "CAN_HELP_WITH"],
    // The need's rare word is in the offer too: with only the shared tags to tell them apart, two
    // members made here ranked below demo members whose offers speak of partners (at most 3
    // on-demand contacts a week), and acceptedIntro found no recommendation late in a full run.
    lookingForText: `partners for ${tags[0]}`,
    canHelpWithText: `${tags[0]} partners and ${tags[1]} pilots`,
  });
  await api(request, tenant, "POST", "/api/participant/update-profile", token, {
    about: `I work on ${tags.join(" and ")}.`,
    company: `${firstName} Labs`,
    position: "Founder",
    city: "Lisbon",
    shareLocation: true,
    tags,
    contacts: { LINKEDIN: `https://www.linkedin.com/in/${firstName.toLowerCase()}-chatter` },
  });
  const me = (await api(request, tenant, "GET", "/api/participant/profile", token)) as { id: string };
  return { token, firstName, lastName, participantId: me.id, community: tenant };
}

/** a finds b among the on-demand recommendations, sends an intro, and b accepts it: the pair may chat (a and b of one community). */
export async function acceptedIntro(request: APIRequestContext, a: Member, b: Member): Promise<void> {
  const f = a.community;
  expect(b.community, "a and b in one community").toBe(f);
  // The server caches its matching model for a minute; a pause/resume drops it, so b is seen at once.
  await api(request, f, "POST", "/api/matching/resume", a.token, {});
  const page = (await api(request, f, "GET", "/api/matching/instant?page=0&size=20", a.token)) as {
    items: { matchingResultId: string; participant: { id: string } }[];
  };
  const rec = page.items.find((x) => x.participant.id === b.participantId);
  expect(rec, "b among a's recommendations").toBeDefined();
  const sent = (await api(request, f, "POST", "/api/matching/send-intro", a.token, {
    from: a.participantId,
    matchingResultId: rec?.matchingResultId,
    introMessage: `Hello ${b.firstName}, let's talk`,
  })) as { request: { id: string } };
  await api(request, f, "POST", `/api/requests/${sent.request.id}/answer`, b.token, { answer: "ACCEPTED" });
}

export async function signedInContext(browser: Browser, token: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript((t) => {
    if (!localStorage.getItem("token")) localStorage.setItem("token", t);
  }, token);
  return context;
}
