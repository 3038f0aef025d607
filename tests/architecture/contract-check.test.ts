import { describe, expect, it } from "vitest";
import { checkResponse, checkWebhookPayload, ContractViolation } from "../support/contract.ts";

/** The contract check the API tests run on every answer (tests/support/contract.ts) can fail. */
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const unauthenticated = { code: 1004, msg: "Authentication required", requestId: "r1" };

describe("the contract check", () => {
  it("passes a documented answer", async () => {
    await expect(checkResponse("GET", "http://alpha.localhost/api/current-user", json(401, unauthenticated))).resolves.toBeUndefined();
  });

  it("fails an undocumented status", async () => {
    await expect(checkResponse("GET", "http://alpha.localhost/api/current-user", json(418, unauthenticated))).rejects.toThrow(/status 418 is not declared/);
  });

  it("fails a field the document does not name, and a field of the wrong type", async () => {
    await expect(checkResponse("GET", "/api/current-user", json(401, { ...unauthenticated, stack: "at x" }))).rejects.toThrow(/"stack"/);
    await expect(checkResponse("GET", "/api/current-user", json(401, { ...unauthenticated, code: "1004" }))).rejects.toThrow(ContractViolation);
  });

  it("fails an undeclared media type", async () => {
    const text = new Response("oops", { status: 401, headers: { "content-type": "text/plain" } });
    await expect(checkResponse("GET", "/api/current-user", text)).rejects.toThrow(/media type "text\/plain"/);
  });

  it("lets an API path outside the document be only a 404", async () => {
    await expect(checkResponse("GET", "/api/no-such-thing", json(404, { code: 1003, msg: "Not found" }))).resolves.toBeUndefined();
    await expect(checkResponse("GET", "/api/no-such-thing", json(200, {}))).rejects.toThrow(/no operation/);
    await expect(checkResponse("GET", "/healthz", json(200, { status: "ok" }))).resolves.toBeUndefined();
  });

  it("matches a parameter segment and prefers a literal one", async () => {
    // /community/{id}/assets/{file} (an image), not /community/{id}/{file} (a landing document)
    const svg = new Response("<svg/>", { status: 200, headers: { "content-type": "image/svg+xml" } });
    await expect(checkResponse("GET", "/community/alpha/assets/logo.svg", svg)).resolves.toBeUndefined();
    await expect(checkResponse("GET", "/api/chats/7c0e5b52-4f7e-4c43-9d2b-0f1f6f0f2c11?size=20", json(401, unauthenticated))).resolves.toBeUndefined();
    await expect(checkResponse("DELETE", "/api/event/upcoming", json(200, {}))).rejects.toThrow(ContractViolation);
  });

  it("checks a webhook body against its type in the webhooks section, objects closed", () => {
    const intro = { introId: "00000000-0000-4000-8000-000000000001", fromParticipantId: "00000000-0000-4000-8000-000000000002", toParticipantId: "00000000-0000-4000-8000-000000000003", matchingResultId: null, status: "PENDING" };
    const body = { type: "intro.sent", timestamp: "2026-11-28T10:00:00.000Z", version: "2026-11-28", communityId: "alpha", data: intro };
    expect(() => checkWebhookPayload(body)).not.toThrow();
    expect(() => checkWebhookPayload({ ...body, data: { ...intro, message: "private words" } })).toThrow(/"message"/);
    expect(() => checkWebhookPayload({ ...body, type: "no.such" })).toThrow(ContractViolation);
  });
});
