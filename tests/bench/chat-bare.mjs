// The reference of bench:chat: a bare `ws` server in a process of its own, holding connections
// and nothing else. Messages: {cmd: "rss"} -> {rss} (after a full GC when --expose-gc is on);
// {cmd: "close"} exits. Sends {port} once it listens.
import { WebSocketServer } from "ws";

const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: false, clientTracking: false });
wss.on("connection", (ws) => ws.on("message", () => {}));
wss.on("listening", () => process.send({ port: wss.address().port }));
process.on("message", async (msg) => {
  if (msg.cmd === "rss") {
    globalThis.gc?.();
    await new Promise((r) => setTimeout(r, 200));
    globalThis.gc?.();
    process.send({ rss: process.memoryUsage().rss });
  } else if (msg.cmd === "close") process.exit(0);
});
