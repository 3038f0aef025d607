// Chat bench clients, in a process of their own (forked by tests/bench/chat.ts) so the server's
// memory and event loop are its own. Raw `ws` clients, kept lean: a client's cost is not measured.
//
// Messages from the parent:
//   {cmd: "idle", urls, stomp}      open one socket per URL (STOMP: CONNECT with 10000,10000
//                                   heart-beats, then an EOL every 10 s from then on); reply {ready}
//   {cmd: "fanout", urls, chatId, senders, rate, seconds}
//                                   every URL subscribes to /topic/chat/{chatId}; `senders` of them
//                                   SEND `rate` messages a second in all for `seconds`; reply
//                                   {sent, received, expected, latencies: {p50, p99, max}}
//   {cmd: "close"}                  close everything and exit
import { performance } from "node:perf_hooks";
import WebSocket from "ws";

const sockets = [];
/** STOMP sockets, each sent an EOL every 10 s from the moment it connected (one timer for all). */
const beating = [];
const CONCURRENT_OPENS = 200;
setInterval(() => {
  for (const ws of beating) if (ws.readyState === WebSocket.OPEN) ws.send("\n");
}, 10_000).unref();

function open(url, stomp) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.on("error", reject);
    ws.on("open", () => {
      if (!stomp) return resolve(ws);
      ws.send("CONNECT\naccept-version:1.2\nhost:bench\nheart-beat:10000,10000\n\n\0");
      const onMessage = (data) => {
        const text = data.toString();
        if (text.startsWith("CONNECTED")) {
          ws.off("message", onMessage);
          beating.push(ws);
          resolve(ws);
        } else if (text.startsWith("ERROR")) reject(new Error(text));
      };
      ws.on("message", onMessage);
    });
  });
}

async function openAll(urls, stomp) {
  const out = new Array(urls.length);
  let next = 0;
  async function lane() {
    while (next < urls.length) {
      const i = next++;
      out[i] = await open(urls[i], stomp);
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_OPENS, urls.length) }, lane));
  sockets.push(...out);
  return out;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function fanout({ urls, chatId, senders, rate, seconds }) {
  const list = await openAll(urls, true);
  const destination = `/topic/chat/${chatId}`;
  const latencies = [];
  let received = 0;
  await Promise.all(
    list.map(
      (ws, i) =>
        new Promise((resolve) => {
          ws.on("message", (data) => {
            const text = data.toString();
            if (text.startsWith("RECEIPT") && text.includes(`receipt-id:sub-${i}\n`)) resolve();
            if (!text.startsWith("MESSAGE")) return;
            const at = performance.timeOrigin + performance.now();
            const body = JSON.parse(text.slice(text.indexOf("\n\n") + 2, text.lastIndexOf("\0")));
            const sentAt = Number(body.message.text.slice(2));
            latencies.push(at - sentAt);
            received++;
          });
          ws.send(`SUBSCRIBE\nid:0\ndestination:${destination}\nreceipt:sub-${i}\n\n\0`);
        }),
    ),
  );
  const total = Math.round(rate * seconds);
  const perSender = Math.ceil(total / senders);
  const interval = 1000 / (rate / senders);
  let sent = 0;
  await Promise.all(
    list.slice(0, senders).map(
      (ws, s) =>
        new Promise((resolve) => {
          let n = 0;
          const start = performance.now() + (s * interval) / senders;
          const tick = () => {
            if (n >= perSender || sent >= total) return resolve();
            const t = performance.timeOrigin + performance.now();
            ws.send(`SEND\ndestination:${destination}\ncontent-type:application/json\n\n{"text":"t:${t.toFixed(3)}"}\0`);
            n++;
            sent++;
            const due = start + n * interval - performance.now();
            setTimeout(tick, Math.max(0, due));
          };
          setTimeout(tick, Math.max(0, start - performance.now()));
        }),
    ),
  );
  const expected = sent * list.length;
  const deadline = Date.now() + 10_000;
  while (received < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  latencies.sort((a, b) => a - b);
  return { sent, received, expected, latencies: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? 0 } };
}

process.on("message", async (msg) => {
  try {
    if (msg.cmd === "idle") {
      const list = await openAll(msg.urls, msg.stomp);
      process.send({ ready: list.length });
    } else if (msg.cmd === "fanout") {
      process.send(await fanout(msg));
    } else if (msg.cmd === "close") {
      for (const ws of sockets) ws.terminate();
      process.exit(0);
    }
  } catch (err) {
    process.send({ error: String(err?.stack ?? err) });
  }
});
