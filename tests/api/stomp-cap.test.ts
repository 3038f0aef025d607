import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_STOMP_OPTIONS } from "@tuesday/platform/http";
import { testEnvForFile } from "../support/harness.ts";
import { type Member, member } from "./chat-helpers.ts";
import { FAST, type Served, type Stomp, serve, stompConnect, until, wsUrl } from "./stomp-helpers.ts";

/** One user's sockets on one process are capped: a new one closes that user's oldest. */
const env = await testEnvForFile();
let served: Served;
let a: Member;
let b: Member;
const open: Stomp[] = [];
beforeAll(async () => {
  served = await serve(env, { ...FAST, maxSessionsPerUser: 3 });
  a = await member(env, "alpha", { firstName: "Anna", lastName: "Alpha" });
  b = await member(env, "alpha", { firstName: "Boris", lastName: "Beta" });
});
afterAll(async () => {
  for (const s of open) if (!s.isClosed()) await s.close();
  await served?.close();
});

const connect = async (m: Member) => {
  const s = await stompConnect(wsUrl(served, "alpha", m.token));
  open.push(s);
  return s;
};

describe("sockets per user", () => {
  it("are 20 by default", () => {
    expect(DEFAULT_STOMP_OPTIONS.maxSessionsPerUser).toBe(20);
  });

  it("past the cap, close the user's oldest with an ERROR frame; the others and other users stay", async () => {
    const [first, second, third] = [await connect(a), await connect(a), await connect(a)];
    const other = await connect(b);
    expect(served.stomp.sessionCount()).toBe(4);

    const fourth = await connect(a);
    await first.closed;
    expect(first.errors.map((f) => f.headers.message)).toEqual([expect.stringMatching(/too many connections/i)]);
    for (const s of [second, third, fourth, other]) expect(s.isClosed()).toBe(false);
    await until(() => served.stomp.sessionCount() === 4);

    // Each new one closes the then-oldest.
    const fifth = await connect(a);
    await second.closed;
    for (const s of [third, fourth, fifth, other]) expect(s.isClosed()).toBe(false);
  });
});
