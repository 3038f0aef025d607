import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../support/harness.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env?.close());

describe("community lookup", () => {
  it("resolves the tenant from the Host header", async () => {
    const res = await env.request("GET", "/api/community/get-by-domain?domain=beta.test.example");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: "beta", lang: "ru", communityUrl: "http://beta.localhost:3000" });
  });

  it("answers 404 with the error shape for an unknown community", async () => {
    const res = await env.request("GET", "/api/community/get-by-id?communityId=nope");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 1002, msg: expect.any(String) });
  });

  it("refuses a missing query parameter with 400 and field errors", async () => {
    const res = await env.request("GET", "/api/community/get-by-id");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1001, errors: { communityId: expect.any(String) } });
  });
});
