// @vitest-environment node
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "./index.ts";

// A server that answers /api/current-user at once and never answers anything else.
let server: http.Server;
let baseUrl: string;
const hanging: http.ServerResponse[] = [];
const languages: (string | undefined)[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url?.startsWith("/api/current-user")) {
      languages.push(req.headers["accept-language"]);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: "alpha" }));
    } else hanging.push(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("createApiClient's timeoutMs", () => {
  it("gives up on a call the server never answers, with a TimeoutError", async () => {
    const api = createApiClient({ baseUrl, timeoutMs: 300 });
    const err = await api.GET("/api/chats").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).name).toBe("TimeoutError");
  });

  it("leaves a call that answers alone, and sends the token as before", async () => {
    // A limit far above any local answer under load: what is tested is that a limit leaves an
    // answered call alone, not how fast the machine answers.
    const api = createApiClient({ baseUrl, timeoutMs: 30_000, token: "tsk_live_x" });
    const { response } = await api.GET("/api/current-user");
    expect(response.status).toBe(200);
  });

  it("keeps the caller's own abort signal working", async () => {
    const api = createApiClient({ baseUrl, timeoutMs: 60_000 });
    const own = new AbortController();
    const pending = api.GET("/api/chats", { signal: own.signal }).then(
      () => undefined,
      (e: unknown) => e,
    );
    own.abort();
    expect(((await pending) as Error).name).toBe("AbortError");
  });

  it("without timeoutMs sets no limit of its own", async () => {
    const seen: (AbortSignal | null | undefined)[] = [];
    const api = createApiClient({
      baseUrl,
      fetch: (input, init) => {
        seen.push(init?.signal ?? (input instanceof Request ? input.signal : undefined));
        return globalThis.fetch(input, init);
      },
    });
    await api.GET("/api/current-user");
    expect(seen).toHaveLength(1);
    expect(seen[0]?.aborted ?? false).toBe(false);
  });
});

describe("createApiClient's lang", () => {
  it("sends the app's current language as Accept-Language on every call, read at each call", async () => {
    let current = "ru";
    const api = createApiClient({ baseUrl, lang: () => current });
    languages.length = 0;
    await api.GET("/api/current-user");
    current = "en";
    await api.GET("/api/current-user");
    expect(languages).toEqual(["ru", "en"]);
  });
});
