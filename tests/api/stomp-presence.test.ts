import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { introduce, type Member, member, openChat } from "./chat-helpers.ts";
import { FAST, type Inbox, json, type Served, type Stomp, serve, sleep, stompConnect, wsUrl } from "./stomp-helpers.ts";

const env = await testEnvForFile();
let served: Served;
let observer: Stomp;
let presence: Inbox;
beforeAll(async () => {
  served = await serve(env, FAST);
  const watcher = await member(env, "alpha", { firstName: "Wanda", lastName: "Watcher" });
  observer = await stompConnect(wsUrl(served, "alpha", watcher.token));
  presence = observer.subscribe("/topic/community/alpha/presence");
  await presence.ready;
});
afterAll(async () => {
  await observer?.close();
  await served?.close();
});

const GRACE = FAST.presenceGraceMs ?? 300;
const eventsOf = (m: Member) => presence.messages.map(json).filter((e) => e.participantId === m.id);

async function nextEventOf(m: Member, count: number, ms = 3000): Promise<{ status: string; at: string }[]> {
  const started = Date.now();
  while (eventsOf(m).length < count) {
    if (Date.now() - started > ms) throw new Error(`${count} presence events of ${m.id} not within ${ms} ms: ${JSON.stringify(eventsOf(m))}`);
    await sleep(10);
  }
  return eventsOf(m);
}

describe("community/{id}/presence", () => {
  it("publishes ONLINE on a member's first socket and OFFLINE after their last one closed and the grace period passed; tabs count once", async () => {
    const anna = await member(env, "alpha", { firstName: "Anna", lastName: "Alpha" });
    const boris = await member(env, "alpha", { firstName: "Boris", lastName: "Beta" });
    await introduce(env, anna, boris);
    const chatId = await openChat(env, anna, [boris]);
    const online = async () =>
      (await env.request("GET", "/api/chats", { token: boris.token })).body.items
        .find((c: { id: string }) => c.id === chatId)
        .participants.find((p: { id: string }) => p.id === anna.id).online;
    expect(await online()).toBe(false);

    const tab1 = await stompConnect(wsUrl(served, "alpha", anna.token));
    const [first] = await nextEventOf(anna, 1);
    expect(first).toMatchObject({ type: "PRESENCE", participantId: anna.id, status: "ONLINE" });
    expect(await online()).toBe(true);

    const tab2 = await stompConnect(wsUrl(served, "alpha", anna.token));
    await tab1.close();
    await sleep(GRACE + 300);
    // Still one tab open: nothing happened as far as others can tell.
    expect(eventsOf(anna)).toHaveLength(1);
    expect(await online()).toBe(true);

    const closedAt = Date.now();
    await tab2.close();
    const events = await nextEventOf(anna, 2);
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(GRACE - 20);
    expect(events.map((e) => e.status)).toEqual(["ONLINE", "OFFLINE"]);
    expect(await online()).toBe(false);
  });

  it("publishes nothing for a reload within the grace period", async () => {
    const cleo = await member(env, "alpha", { firstName: "Cleo", lastName: "Gamma" });
    const tab = await stompConnect(wsUrl(served, "alpha", cleo.token));
    await nextEventOf(cleo, 1);
    await tab.close();
    await sleep(GRACE / 3);
    const reloaded = await stompConnect(wsUrl(served, "alpha", cleo.token));
    await sleep(GRACE + 300);
    expect(eventsOf(cleo).map((e) => e.status)).toEqual(["ONLINE"]);
    await reloaded.close();
    expect((await nextEventOf(cleo, 2)).map((e) => e.status)).toEqual(["ONLINE", "OFFLINE"]);
  });

  it("takes a member offline whose sockets were held by a process that died (its row went stale)", async () => {
    const dora = await member(env, "alpha", { firstName: "Dora", lastName: "Dead" });
    const [dead] = await env.db<{ node: string }[]>`
      insert into presence_processes (node, seen_at) values (gen_random_uuid(), now() - interval '10 minutes') returning node`;
    await env.db`insert into presence_nodes (community_id, participant_id, node) values ('alpha', ${dora.id}, ${dead?.node ?? ""})`;
    await served.stomp.presence.refreshAndSweep();
    expect((await nextEventOf(dora, 1)).map((e) => e.status)).toEqual(["OFFLINE"]);
    const [left] = await env.db`select count(*)::int as n from presence_nodes where participant_id = ${dora.id}`;
    expect(left?.n).toBe(0);
    const [deadRow] = await env.db`select count(*)::int as n from presence_processes where node = ${dead?.node ?? ""}`;
    expect(deadRow?.n).toBe(0);
  });

  it("keeps a live process's members online by refreshing one row of its own, not every member's", async () => {
    const node = served.stomp.presence.node;
    const [eve, fay] = await Promise.all([member(env, "alpha", { firstName: "Eve", lastName: "E" }), member(env, "alpha", { firstName: "Fay", lastName: "F" })]);
    const sockets = await Promise.all([eve, fay].map((m) => stompConnect(wsUrl(served, "alpha", m.token))));
    await nextEventOf(eve, 1);
    await nextEventOf(fay, 1);
    const versions = () => env.db<{ v: string }[]>`select xmin::text as v from presence_nodes where node = ${node} order by participant_id`;
    const seen = async () => (await env.db<{ at: Date }[]>`select seen_at as at from presence_processes where node = ${node}`)[0]?.at.getTime() ?? 0;
    const rowsBefore = await versions();
    expect(rowsBefore.length).toBeGreaterThanOrEqual(3);
    const seenBefore = await seen();
    await sleep(20);
    await served.stomp.presence.refreshAndSweep();
    expect(await seen()).toBeGreaterThan(seenBefore);
    // The member rows were not written (the same row versions).
    expect(await versions()).toEqual(rowsBefore);
    expect(eventsOf(eve).map((e) => e.status)).toEqual(["ONLINE"]);
    await Promise.all(sockets.map((s) => s.close()));
  });

  it("is published to the member's own community only", async () => {
    const other = await member(env, "beta", { firstName: "Olga", lastName: "Other" });
    const s = await stompConnect(wsUrl(served, "beta", other.token));
    await sleep(300);
    expect(presence.messages.map(json).some((e) => e.participantId === other.id)).toBe(false);
    await s.close();
  });
});
