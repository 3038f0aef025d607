/**
 * The STOMP 1.2 server at /api/ws?token=... on the HTTP port (`ws` carries the WebSocket; no
 * maintained server-side STOMP package exists, so the framing is ours: frame.ts).
 *
 * - The upgrade is the sign-in: the token (query, else Bearer or cookie) must be a session of the
 *   request's community whose user is a participant there; otherwise the upgrade is answered 401
 *   or 403 with the API's {code, msg} and no socket is opened.
 * - Topics are /topic/{name} (topics.ts) with JSON bodies: chat/{chatId} (its members), the
 *   member's notifications/{participantId}, community/{id}/presence (its participants). A
 *   subscription outside those gets an ERROR frame and the connection closes, as STOMP demands
 *   after an ERROR; nothing of the topic is delivered.
 * - SEND to a chat topic stores the message through the chat module (membership checked for every
 *   message) which publishes it to every process through the bus.
 * - Heart-beats are negotiated (spec: 10000 ms each way); a client silent for longer than the
 *   negotiated window (times `heartbeatTolerance`) is dropped.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "pino";
import { type RawData, WebSocket, WebSocketServer } from "ws";
import { SESSIONS_CHANGED } from "../../auth/session-cache.ts";
import { validateSessionToken } from "../../auth/session.ts";
import { findUserById } from "../../auth/users.ts";
import { authorize, participantOf } from "../../authz/index.ts";
import { CHAT_ACCESS_DENIED, canReadChat, MessageTextSchema, postChatMessage } from "../../chat/index.ts";
import type { Ctx, Deps } from "../../context.ts";
import { isDatabaseUnavailable } from "../../db/client.ts";
import { AppError, ErrorCode, statusOf } from "../../lib/errors.ts";
import type { BusMessage } from "../bus.ts";
import { nodeHeaders, resolveContext, sessionToken } from "../../http/request-context.ts";
import { setMetricsSource, stompFrames } from "../../lib/metrics.ts";
import { parseDestination, TOPIC_CHANNEL, type Topic, type TopicEnvelope } from "../topics.ts";
import { escapeHeader, type Frame, FrameParser, StompProtocolError, serializeFrame } from "./frame.ts";
import { PresenceTracker } from "./presence.ts";

export const STOMP_PATH = "/api/ws";
/** Frames one connection may have waiting for the ones before them (each SEND is a database write). */
const MAX_FRAMES_IN_FLIGHT = 64;

export type StompOptions = {
  /** How often the server can send heart-beats (the first CONNECTED heart-beat value); 0: never. */
  heartbeatOutMs: number;
  /** How often the server wants the client's (the second value); 0: none wanted. */
  heartbeatInMs: number;
  /** A client is dropped after this many negotiated intervals without a byte. */
  heartbeatTolerance: number;
  /** Largest frame accepted, headers and body. */
  maxFrameBytes: number;
  /** Time to send CONNECT after the socket opened. */
  connectTimeoutMs: number;
  /** After a member's last socket closed, how long until OFFLINE is published. */
  presenceGraceMs: number;
  maxSubscriptions: number;
  /** A consumer this far behind (bytes queued on its socket) is dropped. */
  maxBufferedBytes: number;
  /**
   * Sockets one user may hold on this process (tabs, devices); a new one past it closes that
   * user's oldest with an ERROR frame. Per process: behind a proxy spreading one user's sockets,
   * the bound is this times the processes.
   */
  maxSessionsPerUser: number;
  /** Per chat SEND, when each stage ended (monotonic ms, `performance.now()`): for the benchmark's breakdown. */
  trace?: ((t: SendTrace) => void) | undefined;
};

/**
 * Where one chat SEND spent its time (monotonic ms): the frame parsed, its turn in the
 * connection's queue, stored (the statement returned), delivered to this process's subscribers,
 * and the NOTIFY for the other processes sent.
 */
export type SendTrace = { text: string; parsed: number; started: number; stored: number; delivered: number; notified: number };

export const DEFAULT_STOMP_OPTIONS: StompOptions = {
  heartbeatOutMs: 10_000,
  heartbeatInMs: 10_000,
  heartbeatTolerance: 2,
  maxFrameBytes: 64 * 1024,
  connectTimeoutMs: 10_000,
  presenceGraceMs: 5_000,
  maxSubscriptions: 200,
  maxBufferedBytes: 1024 * 1024,
  maxSessionsPerUser: 20,
};

export type StompServer = {
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** Open STOMP sessions on this process. */
  sessionCount: () => number;
  presence: PresenceTracker;
  close: () => Promise<void>;
};

type Subscription = { session: Session; id: string; destination: string };

/** This process's subscriptions by community and topic; bus messages are delivered from here. */
class Hub {
  private readonly topics = new Map<string, Set<Subscription>>();
  private messageSeq = 0;
  private readonly prefix = Math.random().toString(36).slice(2, 8);

  private static key(communityId: string, topic: string): string {
    return `${communityId}\0${topic}`;
  }

  add(communityId: string, topic: string, sub: Subscription): void {
    const key = Hub.key(communityId, topic);
    let subs = this.topics.get(key);
    if (!subs) {
      subs = new Set();
      this.topics.set(key, subs);
    }
    subs.add(sub);
  }

  remove(communityId: string, topic: string, sub: Subscription): void {
    const key = Hub.key(communityId, topic);
    const subs = this.topics.get(key);
    if (!subs) return;
    subs.delete(sub);
    if (subs.size === 0) this.topics.delete(key);
  }

  deliver(envelope: TopicEnvelope): void {
    const subs = this.topics.get(Hub.key(envelope.c, envelope.t));
    if (!subs) return;
    // One MESSAGE per message: its body is serialised and encoded once, and the frame's bytes are
    // built once per (destination, subscription id) pair, which clients mostly share ("sub-0"),
    // so a 100-member fan-out writes one Buffer to 100 sockets. message-id names the message.
    const body = Buffer.from(JSON.stringify(envelope.b));
    const id = `${this.prefix}-${++this.messageSeq}`;
    const tail = Buffer.from(`\nmessage-id:${id}\ncontent-type:application/json\ncontent-length:${body.length}\n\n`);
    const frames = new Map<string, Buffer>();
    for (const sub of subs) {
      const key = `${sub.destination}\0${sub.id}`;
      let frame = frames.get(key);
      if (!frame) {
        frame = Buffer.concat([Buffer.from(`MESSAGE\ndestination:${escapeHeader(sub.destination)}\nsubscription:${escapeHeader(sub.id)}`), tail, body, NUL]);
        frames.set(key, frame);
      }
      sub.session.sendRaw(frame);
    }
    // Members removed from a group stop hearing its topic in every process, right after being told.
    const b = envelope.b as { type?: unknown; removed?: unknown } | null;
    if (b?.type === "CHAT_UPDATED" && Array.isArray(b.removed) && b.removed.length > 0) {
      const removed = new Set(b.removed);
      for (const sub of [...subs]) if (removed.has(sub.session.participant)) sub.session.dropSubscription(sub.id);
    }
  }
}

const NUL = Buffer.from([0]);

/** Negotiated interval of one direction (STOMP 1.2 "Heart-beating"): 0 when either side says 0. */
function negotiate(mine: number, theirs: number): number {
  return mine === 0 || theirs === 0 ? 0 : Math.max(mine, theirs);
}

function parseHeartBeat(value: string | undefined): [number, number] | undefined {
  if (value === undefined) return [0, 0];
  const m = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(value);
  if (!m) return undefined;
  return [Number(m[1]), Number(m[2])];
}

/** The ERROR frame's message when the server ends a socket's session (the member app reads it). */
const STOMP_SESSION_ENDED = "Session ended";
const STOMP_ACCOUNT_DISABLED = "Account disabled";

class StompError extends Error {
  constructor(
    message: string,
    readonly details = "",
  ) {
    super(message);
  }
}

class Session {
  private readonly parser: FrameParser;
  private state: "connecting" | "connected" | "closed" = "connecting";
  private readonly subs = new Map<string, Subscription & { topic: Topic }>();
  private readonly transactions = new Map<string, Frame[]>();
  private queue: Promise<void> = Promise.resolve();
  /** Frames received and not handled yet: a client that floods faster than its frames are stored is cut off. */
  private inFlight = 0;
  private lastReceived = Date.now();
  private lastSent = Date.now();
  private timers: NodeJS.Timeout[] = [];
  private awaitingPong = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly ctx: Ctx,
    /** The session's token, to check it again when the database announces a change (logout, account disabled, participant removed). */
    private readonly token: string,
    private readonly participantId: string,
    private readonly server: { hub: Hub; presence: PresenceTracker; opts: StompOptions; log: Logger; sessions: Set<Session> },
  ) {
    this.parser = new FrameParser(server.opts.maxFrameBytes);
    server.sessions.add(this);
    ws.on("message", (data, isBinary) => this.onData(data, isBinary));
    ws.on("close", () => this.onClose());
    ws.on("error", () => this.ws.terminate());
    ws.on("pong", () => {
      this.awaitingPong = false;
      this.lastReceived = Date.now();
    });
    const connectTimer = setTimeout(() => {
      if (this.state === "connecting") this.fail(new StompError("No CONNECT frame in time"));
    }, server.opts.connectTimeoutMs);
    connectTimer.unref();
    this.timers.push(connectTimer);
  }

  private onData(data: RawData, _isBinary: boolean): void {
    if (this.state === "closed") return;
    this.lastReceived = Date.now();
    const chunk = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    let frames: Frame[];
    try {
      frames = this.parser.push(chunk);
    } catch (err) {
      this.fail(new StompError(err instanceof StompProtocolError ? err.message : "Malformed frame"));
      return;
    }
    this.inFlight += frames.length;
    stompFrames.inc({ direction: "in" }, frames.length);
    if (this.inFlight > MAX_FRAMES_IN_FLIGHT) {
      this.fail(new StompError("Too many frames in flight", "Wait for receipts before sending more"));
      return;
    }
    const parsed = this.server.opts.trace ? performance.now() : 0;
    for (const frame of frames) {
      this.queue = this.queue.then(() => {
        this.inFlight--;
        return this.handle(frame, parsed);
      });
    }
  }

  private async handle(frame: Frame, parsed: number): Promise<void> {
    if (this.state === "closed") return;
    try {
      await this.dispatch(frame, parsed);
    } catch (err) {
      const error = err instanceof StompError ? err : toStompError(err, this.ctx);
      this.fail(error, frame.headers.get("receipt"));
    }
  }

  private async dispatch(frame: Frame, parsed: number): Promise<void> {
    const { command, headers } = frame;
    if (this.state === "connecting") {
      if (command !== "CONNECT" && command !== "STOMP") throw new StompError("Send CONNECT first");
      return this.connect(headers);
    }
    switch (command) {
      case "SUBSCRIBE":
        await this.subscribe(headers);
        break;
      case "UNSUBSCRIBE":
        this.unsubscribe(required(headers, "id"));
        break;
      case "SEND": {
        const tx = headers.get("transaction");
        if (tx !== undefined) {
          const buffered = this.transactions.get(tx);
          if (!buffered) throw new StompError(`Unknown transaction ${tx}`);
          buffered.push(frame);
          break;
        }
        await this.send(frame, parsed);
        break;
      }
      case "ACK":
      case "NACK":
        // Topics deliver at most once; acknowledgements change nothing.
        required(headers, "id");
        break;
      case "BEGIN": {
        const tx = required(headers, "transaction");
        if (this.transactions.has(tx)) throw new StompError(`Transaction ${tx} already begun`);
        this.transactions.set(tx, []);
        break;
      }
      case "COMMIT":
      case "ABORT": {
        const tx = required(headers, "transaction");
        const buffered = this.transactions.get(tx);
        if (!buffered) throw new StompError(`Unknown transaction ${tx}`);
        this.transactions.delete(tx);
        if (command === "COMMIT") for (const f of buffered) await this.send(f, parsed);
        break;
      }
      case "DISCONNECT": {
        const receipt = headers.get("receipt");
        if (receipt !== undefined) this.sendFrame("RECEIPT", [["receipt-id", receipt]]);
        this.close(1000);
        return;
      }
      case "CONNECT":
      case "STOMP":
        throw new StompError("Already connected");
      default:
        throw new StompError(`Unknown command ${command.slice(0, 20)}`);
    }
    const receipt = headers.get("receipt");
    if (receipt !== undefined) this.sendFrame("RECEIPT", [["receipt-id", receipt]]);
  }

  private connect(headers: Map<string, string>): void {
    const versions = (headers.get("accept-version") ?? "1.0").split(",").map((v) => v.trim());
    if (!versions.includes("1.2")) {
      this.sendFrame("ERROR", [["version", "1.2"], ["message", "Supported protocol versions are 1.2"], ["content-type", "text/plain"]], "Supported protocol versions are 1.2");
      this.close(1002);
      return;
    }
    const beat = parseHeartBeat(headers.get("heart-beat"));
    if (!beat) throw new StompError("Malformed heart-beat header");
    const [cx, cy] = beat;
    const { opts } = this.server;
    const outgoing = negotiate(opts.heartbeatOutMs, cy);
    const incoming = negotiate(cx, opts.heartbeatInMs);
    this.state = "connected";
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    this.sendFrame("CONNECTED", [
      ["version", "1.2"],
      ["heart-beat", `${opts.heartbeatOutMs},${opts.heartbeatInMs}`],
      ["server", "Tuesday/1.0"],
      ["user-name", this.participantId],
    ]);
    if (outgoing > 0) {
      const timer = setInterval(() => {
        if (Date.now() - this.lastSent >= outgoing - 5) this.sendRaw("\n");
      }, outgoing);
      timer.unref();
      this.timers.push(timer);
    }
    const window = incoming > 0 ? incoming * opts.heartbeatTolerance : 0;
    if (window > 0) {
      const check = setInterval(() => {
        if (Date.now() - this.lastReceived > window) {
          this.server.log.info({ participantId: this.participantId, windowMs: window }, "stomp client silent past its heart-beat window; dropped");
          this.ws.terminate();
        }
      }, Math.max(10, Math.floor(incoming / 2)));
      check.unref();
      this.timers.push(check);
    } else {
      // No STOMP heart-beats from this client: WebSocket pings find a dead peer instead.
      const every = opts.heartbeatInMs || DEFAULT_STOMP_OPTIONS.heartbeatInMs;
      const ping = setInterval(() => {
        if (this.awaitingPong) {
          this.ws.terminate();
          return;
        }
        this.awaitingPong = true;
        this.ws.ping();
      }, every * opts.heartbeatTolerance);
      ping.unref();
      this.timers.push(ping);
    }
    this.server.presence.connected(this.ctx.tenant.id, this.participantId);
  }

  private async authorizeTopic(topic: Topic): Promise<void> {
    switch (topic.kind) {
      case "chat":
        if (!(await canReadChat(this.ctx, this.participantId, topic.chatId))) throw new StompError(CHAT_ACCESS_DENIED);
        return;
      case "presence":
        if (topic.communityId !== this.ctx.tenant.id) throw new StompError("Access denied", "This topic is another community's");
        return;
      case "notifications":
        if (topic.participantId !== this.participantId) throw new StompError("Access denied", "Only your own notifications");
        return;
      case "admin":
        if (topic.communityId !== this.ctx.tenant.id) throw new StompError("Access denied", "This topic is another community's");
        // The role as it is now (a demoted admin's next SUBSCRIBE is refused); the topic carries
        // only ids, read again through the API's own checks.
        await authorize(this.ctx, "admin").catch(() => {
          throw new StompError("Access denied", "Only the community's admins");
        });
        return;
    }
  }

  private async subscribe(headers: Map<string, string>): Promise<void> {
    const id = required(headers, "id");
    const destination = required(headers, "destination");
    if (this.subs.has(id)) throw new StompError(`Subscription id ${id} is in use`);
    if (this.subs.size >= this.server.opts.maxSubscriptions) throw new StompError("Too many subscriptions");
    const topic = parseDestination(destination);
    if (!topic) throw new StompError("Unknown destination", destination);
    await this.authorizeTopic(topic);
    if (this.state !== "connected") return;
    const sub = { session: this, id, destination, topic };
    this.subs.set(id, sub);
    this.server.hub.add(this.ctx.tenant.id, topic.name, sub);
  }

  private unsubscribe(id: string): void {
    const sub = this.subs.get(id);
    if (!sub) return;
    this.subs.delete(id);
    this.server.hub.remove(this.ctx.tenant.id, sub.topic.name, sub);
  }

  private async send(frame: Frame, parsed: number): Promise<void> {
    const destination = required(frame.headers, "destination");
    const topic = parseDestination(destination);
    if (!topic) throw new StompError("Unknown destination", destination);
    if (topic.kind !== "chat") throw new StompError("Only chat topics take SEND", destination);
    let body: unknown;
    try {
      body = JSON.parse(frame.body.toString("utf8"));
    } catch {
      throw new StompError("The body must be JSON", '{"text": "..."}');
    }
    const text = MessageTextSchema.safeParse((body as { text?: unknown } | null)?.text);
    if (!text.success) throw new StompError("Invalid message", text.error.issues[0]?.message ?? "text is required");
    const { trace } = this.server.opts;
    if (!trace) {
      await postChatMessage(this.ctx, topic.chatId, text.data);
      return;
    }
    const t: SendTrace = { text: text.data, parsed, started: performance.now(), stored: 0, delivered: 0, notified: 0 };
    await postChatMessage(this.ctx, topic.chatId, text.data, (stage) => {
      t[stage] = performance.now();
      if (stage === "notified") trace(t);
    });
  }

  get participant(): string {
    return this.participantId;
  }

  /** Ends one subscription without a frame (the member left the chat). */
  dropSubscription(id: string): void {
    this.unsubscribe(id);
  }

  /** Sends a frame; a Buffer goes as a text message too (STOMP frames here are UTF-8 text). */
  sendRaw(text: string | Buffer): void {
    if (this.state === "closed" || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > this.server.opts.maxBufferedBytes) {
      this.server.log.warn({ participantId: this.participantId }, "stomp client too slow; dropped");
      this.ws.terminate();
      return;
    }
    this.lastSent = Date.now();
    stompFrames.inc({ direction: "out" });
    if (typeof text === "string") this.ws.send(text);
    else this.ws.send(text, { binary: false });
  }

  private sendFrame(command: string, headers: [string, string][], body = ""): void {
    this.sendRaw(serializeFrame(command, headers, body));
  }

  /** ERROR, then the connection closes (STOMP 1.2: the server closes right after an ERROR). */
  private fail(error: StompError, receipt?: string): void {
    if (this.state === "closed") return;
    const headers: [string, string][] = [["message", error.message]];
    if (receipt !== undefined) headers.push(["receipt-id", receipt]);
    headers.push(["content-type", "text/plain"]);
    this.server.log.info({ participantId: this.participantId, error: error.message }, "stomp error frame");
    this.sendFrame("ERROR", headers, error.details || error.message);
    this.close(1002);
  }

  private close(code: number): void {
    if (this.state === "closed") return;
    this.ws.close(code);
    const kill = setTimeout(() => this.ws.terminate(), 2000);
    kill.unref();
    this.onClose();
  }

  private onClose(): void {
    if (this.state === "closed") return;
    const wasConnected = this.state === "connected";
    this.state = "closed";
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    for (const sub of this.subs.values()) this.server.hub.remove(this.ctx.tenant.id, sub.topic.name, sub);
    this.subs.clear();
    this.server.sessions.delete(this);
    if (wasConnected) this.server.presence.disconnected(this.ctx.tenant.id, this.participantId);
  }

  get sessionId(): string {
    return this.ctx.actor.kind === "user" ? this.ctx.actor.sessionId : "";
  }

  get userId(): string {
    return this.ctx.actor.kind === "user" ? this.ctx.actor.userId : "";
  }

  /** Ends the connection unless its session is still valid and still a participant here. */
  revalidate(): void {
    this.queue = this.queue.then(async () => {
      if (this.state === "closed") return;
      try {
        const valid = await validateSessionToken(this.ctx.deps.db, this.token, this.ctx.tenant.id);
        if (!valid?.participant || valid.participant.id !== this.participantId) this.fail(new StompError(await this.endReason()));
      } catch (err) {
        this.server.log.warn({ err }, "stomp session check failed");
      }
    });
  }

  /**
   * Why the session ended, for the member's screen: a disabled account (its sessions are deleted
   * with it) says so, as a refused sign-in does; anything else is the session itself.
   */
  private async endReason(): Promise<string> {
    const user = this.userId ? await findUserById(this.ctx.deps.db, this.userId) : null;
    return user && !user.enabled ? STOMP_ACCOUNT_DISABLED : STOMP_SESSION_ENDED;
  }

  terminate(): void {
    this.ws.terminate();
    this.onClose();
  }

  /** Closed to make room for the same user's newer socket (maxSessionsPerUser). */
  displace(): void {
    this.fail(new StompError("Too many connections for this user", "The oldest connection was closed for a newer one"));
  }
}

function required(headers: Map<string, string>, name: string): string {
  const value = headers.get(name);
  if (value === undefined || value === "") throw new StompError(`Missing ${name} header`);
  return value;
}

/** A verb's refusal as an ERROR frame's message; anything else is logged and stays generic. */
function toStompError(err: unknown, ctx: Ctx): StompError {
  if (err instanceof AppError) return new StompError(err.message);
  ctx.log.error({ err }, "stomp frame failed");
  // Reported (SENTRY_DSN) like a request's 500; an unreachable database is an outage, not a fault.
  if (!isDatabaseUnavailable(err)) ctx.deps.errors?.capture(err, { source: "stomp", communityId: ctx.tenant.id, userId: ctx.actor.kind === "user" ? ctx.actor.userId : undefined });
  return new StompError("Server error");
}

function refuseUpgrade(socket: Duplex, error: AppError): void {
  const body = JSON.stringify({ code: error.code, msg: error.message });
  const status = statusOf(error.code);
  socket.end(
    `HTTP/1.1 ${status} ${status === 401 ? "Unauthorized" : status === 403 ? "Forbidden" : status === 404 ? "Not Found" : "Error"}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** The STOMP endpoint of one process; it listens on the bus before it resolves. */
export async function createStompServer(deps: Deps, options: Partial<StompOptions> = {}): Promise<StompServer> {
  const opts: StompOptions = { ...DEFAULT_STOMP_OPTIONS, ...options };
  const log = deps.log.child({ module: "stomp" });
  const hub = new Hub();
  const presence = new PresenceTracker(deps.db, deps.bus, log, opts.presenceGraceMs);
  const sessions = new Set<Session>();
  const shared = { hub, presence, opts, log, sessions };
  setMetricsSource("stompSessions", () => sessions.size);
  // A message up to twice the frame limit still reaches the parser, which answers with an ERROR
  // frame; a larger one is cut off by ws itself (close 1009) before it is buffered.
  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxFrameBytes * 2, perMessageDeflate: false, clientTracking: false });
  const unsubscribe = await deps.bus.subscribe<TopicEnvelope>(TOPIC_CHANNEL, (m: BusMessage<TopicEnvelope>) => hub.deliver(m.payload));
  // A logout, a disabled or deleted account, a participant removed: the database announces it
  // (migration 010) and the sockets of that session or user are checked again. After a gap in
  // the bus every socket is.
  const unsubscribeSessions = await deps.bus.subscribe<{ sessionId?: unknown; userId?: unknown }>(SESSIONS_CHANGED, ({ payload }) => {
    for (const s of sessions) {
      if (typeof payload?.sessionId === "string" ? s.sessionId === payload.sessionId : typeof payload?.userId === "string" ? s.userId === payload.userId : true) {
        s.revalidate();
      }
    }
  });
  const stopGap = deps.bus.onGap(() => {
    for (const s of sessions) s.revalidate();
  });

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    const token = url.searchParams.get("token") ?? undefined;
    let ctx: Ctx;
    try {
      ctx = await resolveContext(deps, nodeHeaders(req.headers), req.socket.remoteAddress, {
        token: token || undefined,
        communityQuery: url.searchParams.get("communityId") ?? undefined,
      });
    } catch (err) {
      refuseUpgrade(socket, err instanceof AppError ? err : new AppError(ErrorCode.UNAVAILABLE, "Server is unavailable"));
      return;
    }
    if (ctx.actor.kind !== "user") return refuseUpgrade(socket, new AppError(ErrorCode.UNAUTHENTICATED, "Authentication required"));
    // A cookie or header session is sent by the browser to any page's socket: only this community's pages may use it.
    if (!token && !originAllowed(req, ctx)) return refuseUpgrade(socket, new AppError(ErrorCode.ACCESS_DENIED, "Cross-site request refused"));
    const participant = await participantOf(ctx);
    if (!participant) return refuseUpgrade(socket, new AppError(ErrorCode.NOT_A_PARTICIPANT, "You are not a participant of this community"));
    const used = token || sessionToken(nodeHeaders(req.headers)) || "";
    if (socket.destroyed) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      // Sessions iterate in the order they opened: the first ones of this user are the oldest.
      const userId = ctx.actor.kind === "user" ? ctx.actor.userId : "";
      const mine = [...sessions].filter((s) => s.userId === userId);
      for (const old of mine.slice(0, Math.max(0, mine.length - opts.maxSessionsPerUser + 1))) old.displace();
      new Session(ws, ctx, used, participant.id, shared);
    });
  }

  return {
    handleUpgrade(req, socket, head) {
      socket.on("error", () => socket.destroy());
      upgrade(req, socket, head).catch((err) => {
        log.error({ err }, "stomp upgrade failed");
        if (!isDatabaseUnavailable(err)) deps.errors?.capture(err, { source: "stomp" });
        if (!socket.destroyed) refuseUpgrade(socket, new AppError(ErrorCode.UNAVAILABLE, "Server is unavailable"));
      });
    },
    sessionCount: () => sessions.size,
    presence,
    async close() {
      for (const s of [...sessions]) s.terminate();
      await presence.close();
      stopGap();
      await unsubscribe();
      await unsubscribeSessions();
      wss.close();
    },
  };
}

function originAllowed(req: IncomingMessage, ctx: Ctx): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return false;
  }
  const tenant = ctx.tenant;
  const allowed = new Set([(req.headers.host ?? "").toLowerCase(), tenant.domain, ...tenant.config.aliases, new URL(tenant.url).host]);
  return allowed.has(host);
}
