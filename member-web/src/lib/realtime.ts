import { Client, type IMessage, type StompSubscription } from "@stomp/stompjs";
import { useSyncExternalStore } from "react";

/** Spec 9: the chat socket reconnects after 5000 ms and beats every 10000 ms each way. */
export const RECONNECT_DELAY_MS = 5_000;
export const HEARTBEAT_MS = 10_000;

type Handler = (body: unknown) => void;
/**
 * `subscribed`: called each time the server confirms the topic's subscription (the first time and
 * after every reconnect). What was published before that never reaches the handlers, so a screen
 * that read its data before then reads it again here.
 */
type Entry = { destination: string; handlers: Set<Handler>; subscribed: Set<() => void>; sub: StompSubscription | undefined };

const listeners = new Set<() => void>();
const entries = new Map<string, Entry>();
let client: Client | undefined;
let clientToken: string | undefined;
let connected = false;
let receiptSeq = 0;
/** receipt id → destination of a SUBSCRIBE, so an ERROR naming it drops that topic only. */
const pendingReceipts = new Map<string, string>();

function setConnected(value: boolean): void {
  if (connected === value) return;
  connected = value;
  for (const l of listeners) l();
}

function socketUrl(token: string): string {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}/api/ws?token=${encodeURIComponent(token)}`;
}

function deliver(entry: Entry, message: IMessage): void {
  let body: unknown;
  try {
    body = JSON.parse(message.body);
  } catch {
    return;
  }
  for (const h of entry.handlers) h(body);
}

function subscribeNow(entry: Entry): void {
  if (!client?.connected) return;
  receiptSeq += 1;
  const receipt = `sub-${receiptSeq}`;
  pendingReceipts.set(receipt, entry.destination);
  client.watchForReceipt(receipt, () => {
    pendingReceipts.delete(receipt);
    if (entries.get(entry.destination) === entry) for (const cb of entry.subscribed) cb();
  });
  entry.sub = client.subscribe(entry.destination, (m) => deliver(entry, m), { receipt });
}

/**
 * The app's one STOMP connection (spec 4.8): opened for a signed-in participant, closed with the
 * session. It is either connected or not; subscriptions made before connecting are queued and run
 * on (every re)connect; sending works only when connected.
 */
export const realtime = {
  /**
   * `onRefused`: the socket closed before it was ever connected on this attempt, or the server
   * ended the session on it. The browser does not tell a refused upgrade's status, so the caller
   * asks the API once: a 401 there ends the session (and so this connection) at the first refusal
   * instead of retrying with a revoked token. The reason is given when the server named it (the
   * account was disabled).
   */
  start(token: string, opts: { onRefused?: (reason?: "account_disabled") => void } = {}): void {
    if (client && clientToken === token) return;
    realtime.stop();
    clientToken = token;
    let attemptConnected = false;
    const c = new Client({
      brokerURL: socketUrl(token),
      reconnectDelay: RECONNECT_DELAY_MS,
      heartbeatIncoming: HEARTBEAT_MS,
      heartbeatOutgoing: HEARTBEAT_MS,
      debug: () => {},
      beforeConnect: () => {
        attemptConnected = false;
      },
    });
    c.onConnect = () => {
      attemptConnected = true;
      setConnected(true);
      for (const entry of entries.values()) subscribeNow(entry);
    };
    c.onStompError = (frame) => {
      const receipt = frame.headers["receipt-id"];
      const destination = receipt ? pendingReceipts.get(receipt) : undefined;
      if (receipt) pendingReceipts.delete(receipt);
      // Spec 6: a chat access-denied answer is only logged. The topic is dropped so the reconnect
      // does not ask for it again.
      if (destination) entries.delete(destination);
      console.warn("realtime:", frame.headers.message ?? "error", destination ?? "");
      if (frame.headers.message === "Session ended") opts.onRefused?.();
      else if (frame.headers.message === "Account disabled") opts.onRefused?.("account_disabled");
    };
    c.onWebSocketClose = () => {
      for (const entry of entries.values()) entry.sub = undefined;
      setConnected(false);
      if (!attemptConnected && client === c) opts.onRefused?.();
    };
    client = c;
    c.activate();
  },
  stop(): void {
    const c = client;
    client = undefined;
    clientToken = undefined;
    for (const entry of entries.values()) entry.sub = undefined;
    setConnected(false);
    if (c) void c.deactivate();
  },
  isConnected: () => connected,
  /**
   * Listens to `/topic/{name}`; queued until connected. Returns the unsubscribe. `onSubscribed` runs
   * whenever the server has confirmed the subscription (RECEIPT), at first and after a reconnect:
   * messages published before then were not delivered, so the caller reads its data again there.
   * Joining a topic already subscribed adds no frame and no call (its handler is on before the
   * caller's own read can answer).
   */
  subscribe(name: string, handler: Handler, onSubscribed?: () => void): () => void {
    const destination = `/topic/${name}`;
    let entry = entries.get(destination);
    const fresh = !entry;
    if (!entry) {
      entry = { destination, handlers: new Set(), subscribed: new Set(), sub: undefined };
      entries.set(destination, entry);
    }
    entry.handlers.add(handler);
    if (onSubscribed) entry.subscribed.add(onSubscribed);
    if (fresh) subscribeNow(entry);
    const own = entry;
    return () => {
      own.handlers.delete(handler);
      if (onSubscribed) own.subscribed.delete(onSubscribed);
      if (own.handlers.size > 0) return;
      if (entries.get(destination) === own) entries.delete(destination);
      if (own.sub && client?.connected) own.sub.unsubscribe();
      own.sub = undefined;
    };
  },
  /** Publishes a JSON body; false (nothing sent) while not connected. */
  send(name: string, body: unknown): boolean {
    if (!client?.connected) return false;
    client.publish({ destination: `/topic/${name}`, body: JSON.stringify(body), headers: { "content-type": "application/json" } });
    return true;
  },
};

export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => connected,
  );
}
