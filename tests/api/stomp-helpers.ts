/**
 * Serving an app with its STOMP endpoint on a real port, and clients for it: the real
 * `@stomp/stompjs` client (over `ws`, as Node has no browser WebSocket of the same shape) and a
 * raw `ws` client that writes frames by hand.
 */
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { Client, type IFrame, type IMessage, type StompSubscription } from "@stomp/stompjs";
import WebSocket from "ws";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Deps } from "@tuesday/platform";
import { type AppEnv, attachRealtime, createHttpServer, createStompServer, STOMP_PATH, type StompOptions, type StompServer } from "@tuesday/platform/http";

/** Short timings so tests run fast; the product's are 10000 ms heart-beats and a 5000 ms presence grace. */
export const FAST: Partial<StompOptions> = { heartbeatOutMs: 200, heartbeatInMs: 200, presenceGraceMs: 300, connectTimeoutMs: 2000 };

export type Served = { port: number; stomp: StompServer; close: () => Promise<void> };

/** The app on a real port with its STOMP endpoint, as server.ts serves it. */
export async function serve(target: { app: OpenAPIHono<AppEnv>; deps: Deps }, opts: Partial<StompOptions> = FAST): Promise<Served> {
  const server = createHttpServer(target.app);
  const stomp = await createStompServer(target.deps, opts);
  attachRealtime(server).route(STOMP_PATH, stomp.handleUpgrade);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    stomp,
    close: async () => {
      await stomp.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The WebSocket URL for a member of `tenant` on `served` (the Host is 127.0.0.1, so the communityId query names the community). */
export function wsUrl(served: Served, tenant: string, token?: string): string {
  return `ws://127.0.0.1:${served.port}${STOMP_PATH}?communityId=${tenant}${token ? `&token=${encodeURIComponent(token)}` : ""}`;
}

export type Stomp = {
  client: Client;
  connected: IFrame;
  errors: IFrame[];
  closed: Promise<void>;
  isClosed: () => boolean;
  subscribe: (destination: string, headers?: Record<string, string>) => Inbox;
  send: (destination: string, body: unknown, headers?: Record<string, string>) => void;
  close: () => Promise<void>;
  /** A round trip on this socket: resolves once the server answered a frame sent now, so every frame it wrote before has arrived. */
  roundTrip: () => Promise<void>;
};

let receipts = 0;

export type Inbox = {
  messages: IMessage[];
  sub: StompSubscription;
  /** Resolves once the server confirmed the subscription (its RECEIPT); rejects after 3 s. */
  ready: Promise<void>;
  /** Resolves with the n-th message (1-based) once it arrived; rejects after `ms`. */
  nth: (n: number, ms?: number) => Promise<IMessage>;
};

/** A connected @stomp/stompjs client (no reconnects: a test sees every close). */
export async function stompConnect(
  url: string,
  opts: {
    heartbeat?: number;
    connectHeaders?: Record<string, string>;
    /** While `muted` is true, the client's outgoing heart-beats (bare EOLs) never reach the socket: a client gone silent. */
    silence?: { muted: boolean };
  } = {},
): Promise<Stomp> {
  const errors: IFrame[] = [];
  let closedResolve: () => void = () => {};
  let isClosed = false;
  const closed = new Promise<void>((resolve) => {
    closedResolve = resolve;
  });
  const client = new Client({
    brokerURL: url,
    webSocketFactory: () => {
      const ws = new WebSocket(url);
      const silence = opts.silence;
      if (silence) {
        const send = ws.send.bind(ws);
        ws.send = ((data: unknown, ...rest: unknown[]) => {
          if (silence.muted && data === "\n") return;
          (send as (...args: unknown[]) => void)(data, ...rest);
        }) as typeof ws.send;
      }
      return ws;
    },
    reconnectDelay: 0,
    heartbeatIncoming: opts.heartbeat ?? 0,
    heartbeatOutgoing: opts.heartbeat ?? 0,
    connectHeaders: opts.connectHeaders ?? {},
    debug: () => {},
  });
  const connected = await new Promise<IFrame>((resolve, reject) => {
    client.onConnect = resolve;
    client.onStompError = (f) => {
      errors.push(f);
      reject(new Error(`STOMP ERROR: ${f.headers.message}`));
    };
    client.onWebSocketClose = (e) => {
      isClosed = true;
      closedResolve();
      reject(new Error(`socket closed before CONNECTED (${(e as { code?: number }).code})`));
    };
    client.activate();
  });
  client.onStompError = (f) => void errors.push(f);
  client.onWebSocketClose = () => {
    isClosed = true;
    closedResolve();
  };
  return {
    client,
    connected,
    errors,
    closed,
    isClosed: () => isClosed,
    subscribe(destination, headers = {}) {
      const messages: IMessage[] = [];
      const waiters: { n: number; resolve: (m: IMessage) => void }[] = [];
      const receipt = `sub-${++receipts}`;
      const ready = new Promise<void>((resolve, reject) => {
        client.watchForReceipt(receipt, () => resolve());
        setTimeout(() => reject(new Error(`no receipt for ${destination}`)), 3000);
      });
      ready.catch(() => {});
      const sub = client.subscribe(
        destination,
        (m) => {
          messages.push(m);
          for (const w of waiters.filter((x) => x.n === messages.length)) w.resolve(m);
        },
        { ...headers, receipt },
      );
      return {
        messages,
        sub,
        ready,
        nth: (n, ms = 3000) =>
          new Promise<IMessage>((resolve, reject) => {
            const have = messages[n - 1];
            if (have) return resolve(have);
            waiters.push({ n, resolve });
            setTimeout(() => reject(new Error(`message ${n} on ${destination} not within ${ms} ms (have ${messages.length})`)), ms);
          }),
      };
    },
    send(destination, body, headers = {}) {
      client.publish({ destination, body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } });
    },
    close: async () => {
      await client.deactivate();
    },
    roundTrip: () =>
      new Promise<void>((resolve, reject) => {
        // UNSUBSCRIBE of an id never used changes nothing; its RECEIPT comes back after everything queued before it.
        const receipt = `barrier-${++receipts}`;
        client.watchForReceipt(receipt, () => resolve());
        client.unsubscribe(receipt, { receipt });
        setTimeout(() => reject(new Error("no receipt for the round trip")), 3000);
      }),
  };
}

/**
 * Everything committed before the call has been delivered to `sockets`: the process heard every
 * bus message up to now (`bus.sync()`), and each socket then made a round trip, so whatever the
 * server wrote to it has arrived. The barrier for "nothing more arrives" assertions.
 */
export async function settled(deps: Pick<Deps, "bus">, ...sockets: Stomp[]): Promise<void> {
  await deps.bus.sync();
  await Promise.all(sockets.map((s) => s.roundTrip()));
}

/** A raw WebSocket client: frames written by hand, everything received kept as text. */
export type Raw = { ws: WebSocket; received: string[]; closed: Promise<number>; send: (text: string) => void; waitFor: (re: RegExp, ms?: number) => Promise<string> };

export async function rawConnect(url: string): Promise<Raw> {
  const ws = new WebSocket(url);
  const received: string[] = [];
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  ws.on("message", (data) => received.push(data.toString()));
  await new Promise<void>((resolve, reject) => {
    ws.on("open", () => resolve());
    ws.on("error", reject);
  });
  return {
    ws,
    received,
    closed,
    send: (text) => ws.send(text),
    waitFor: async (re, ms = 3000) => {
      const started = Date.now();
      for (;;) {
        const hit = received.find((r) => re.test(r));
        if (hit) return hit;
        if (Date.now() - started > ms) throw new Error(`nothing matching ${re} within ${ms} ms; got ${JSON.stringify(received)}`);
        await sleep(10);
      }
    },
  };
}

/** The HTTP answer to an upgrade that was refused: status and JSON body. */
export function upgradeRefusal(url: string): Promise<{ status: number; body: { code?: number; msg?: string } }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on("unexpected-response", (_req, res: http.IncomingMessage) => {
      let text = "";
      res.on("data", (c) => {
        text += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
    });
    ws.on("open", () => {
      ws.close();
      reject(new Error("the upgrade was accepted"));
    });
    ws.on("error", () => {});
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(fn: () => T | undefined | Promise<T | undefined>, ms = 3000, what = "condition"): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await fn();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > ms) throw new Error(`${what} not within ${ms} ms`);
    await sleep(10);
  }
}

export const json = (m: IMessage) => JSON.parse(m.body);

let rawReceipts = 0;
/** A round trip on a raw socket: an UNSUBSCRIBE that changes nothing, and its RECEIPT back. */
export async function rawRoundTrip(raw: Raw): Promise<void> {
  const receipt = `raw-barrier-${++rawReceipts}`;
  raw.send(`UNSUBSCRIBE\nid:${receipt}\nreceipt:${receipt}\n\n\0`);
  await raw.waitFor(new RegExp(`receipt-id:${receipt}\\n`));
}
