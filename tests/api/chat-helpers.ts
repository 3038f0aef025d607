/** Shared arrangement for the chat and STOMP tests: members who met through an accepted intro, and chats opened through the API. */
import { expect } from "vitest";
import type { TestEnv } from "../support/harness.ts";
import { arrangeMatch, type Member, member } from "./matching-api-helpers.ts";

export type { Member };
export { member };

/** a sends b an intro through the API and b accepts it: the pair may then open a one-to-one chat. */
export async function introduce(env: TestEnv, a: Member, b: Member): Promise<void> {
  const match = await arrangeMatch(env, a.tenant, a.id, b.id, { source: "WEEKLY" });
  const sent = await env.request("POST", "/api/matching/send-intro", {
    tenant: a.tenant,
    token: a.token,
    body: { from: a.id, matchingResultId: match.resultA, introMessage: "Let's talk" },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const answered = await env.request("POST", `/api/requests/${sent.body.request.id}/answer`, { tenant: b.tenant, token: b.token, body: { answer: "ACCEPTED" } });
  expect(answered.status, JSON.stringify(answered.body)).toBe(200);
}

/** Opens a chat as `by` with `others` (expects success) and returns its id. */
export async function openChat(env: TestEnv, by: Member, others: Member[], name?: string): Promise<string> {
  const q = name ? `?name=${encodeURIComponent(name)}` : "";
  const res = await env.request("POST", `/api/chats${q}`, { tenant: by.tenant, token: by.token, body: { participants: others.map((o) => o.id) } });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return res.body.id as string;
}
