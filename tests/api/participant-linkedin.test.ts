import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { createUser } from "../support/users.ts";

let env: TestEnv;
let server: http.Server;
const seen: string[] = [];

/** A stand-in for the LinkedIn lookup provider, on loopback. */
function startProvider(): Promise<number> {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const profileUrl = url.searchParams.get("profileUrl") ?? "";
    seen.push(`${url.pathname}?${url.searchParams.toString()}`);
    if (profileUrl.endsWith("/broken")) {
      res.writeHead(500).end("{}");
    } else if (profileUrl.endsWith("/garbage")) {
      res.writeHead(200, { "content-type": "application/json" }).end("<html>not json");
    } else if (profileUrl.endsWith("/hangup")) {
      req.socket.destroy();
    } else {
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          firstName: "Jane",
          lastName: "Doe",
          company: "Acme",
          position: "CTO",
          about: null,
          city: "Berlin",
          avatarUrl: "https://media.example.com/jane.jpg",
          somethingElse: 42,
        }),
      );
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  const port = await startProvider();
  env = await createTestEnv({ config: { linkedinSearchUrl: `http://127.0.0.1:${port}/lookup` } });
});
afterAll(async () => {
  await env?.close();
  await new Promise((resolve) => server?.close(resolve));
});

function search(token: string | undefined, link: string, tenant = "alpha") {
  return env.request("GET", `/api/participant/search-linkedin?linkedInProfileUrl=${encodeURIComponent(link)}`, { tenant, token });
}

describe("GET /api/participant/search-linkedin", () => {
  it("asks the provider with the normalised link and maps its answer", async () => {
    const u = await createUser(env, { tenant: "alpha" });
    const res = await search(u.token, "linkedin.com/in/jane-doe/");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      linkedInProfileUrl: "https://www.linkedin.com/in/jane-doe",
      firstName: "Jane",
      lastName: "Doe",
      company: "Acme",
      position: "CTO",
      about: null,
      city: "Berlin",
      avatarUrl: "https://media.example.com/jane.jpg",
    });
    expect(seen.at(-1)).toBe(`/lookup?profileUrl=${encodeURIComponent("https://www.linkedin.com/in/jane-doe")}`);
  });

  it("maps provider failures to 502 (code 1020)", async () => {
    const u = await createUser(env, { tenant: "alpha" });
    for (const name of ["broken", "garbage", "hangup"]) {
      const res = await search(u.token, `https://www.linkedin.com/in/${name}`);
      expect(res.status, name).toBe(502);
      expect(res.body).toMatchObject({ code: 1020, msg: expect.stringContaining("Professional-network load failed") });
    }
  });

  it("refuses a link that breaks the prefix rule without calling the provider", async () => {
    const u = await createUser(env, { tenant: "alpha" });
    const before = seen.length;
    const res = await search(u.token, "https://example.com/in/jane");
    expect(res.status).toBe(400);
    expect(res.body.errors.linkedInProfileUrl).toBe("The link must start with https://www.linkedin.com/in/ followed by the username");
    expect(seen.length).toBe(before);
  });

  it("needs a session of this community", async () => {
    const u = await createUser(env, { tenant: "alpha" });
    expect((await search(undefined, "https://www.linkedin.com/in/jane")).status).toBe(401);
    expect((await search(u.token, "https://www.linkedin.com/in/jane", "beta")).status).toBe(401);
  });
});
