// Chat bench clients, in a process of their own (forked by tests/bench/chat.ts) so the server's
// memory and event loop are its own. Raw `ws` clients, kept lean: a client's cost is not measured.
//
// Messages from the parent:
//   {cmd: "idle", urls, stomp}      open one socket per URL (STOMP: CONNECT with 10000,10000
//                                   heart-beats, then an EOL every 10 s from then on); reply {ready}
//   {cmd: "receive", urls, chatId}  every URL subscribes to /topic/chat/{chatId}; reply {ready} once
//                                   the server confirmed every subscription; MESSAGE latencies are kept
//   {cmd: "send", urls, chatId, rate, seconds}
//                                   the URLs SEND `rate` messages a second in all for `seconds`, each
//                                   stamped with CLOCK_MONOTONIC; reply {sent, lag, loop, cpuMs}
//   {cmd: "count"}                  reply {received} (cheap, while waiting for the last deliveries)
//   {cmd: "report"}                 reply {received, latencies, loop, cpuMs} (receivers)
//   {cmd: "close"}                  close everything and exit
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
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

/** Milliseconds on CLOCK_MONOTONIC, which every process on the machine shares (the server's traces too). */
const now = () => Number(process.hrtime.bigint()) / 1e6;

const loopDelay = monitorEventLoopDelay({ resolution: 5 });
let cpuFrom;
const receiving = { latencies: [], received: 0 };

/** Every URL subscribes to the chat (a RECEIPT confirms each); every MESSAGE's latency is kept. */
async function receive({ urls, chatId }) {
  const list = await openAll(urls, true);
  const destination = `/topic/chat/${chatId}`;
  await Promise.all(
    list.map(
      (ws, i) =>
        new Promise((resolve) => {
          ws.on("message", (data) => {
            const at = now();
            const text = data.toString();
            if (text.startsWith("RECEIPT") && text.includes(`receipt-id:sub-${i}\n`)) resolve();
            if (!text.startsWith("MESSAGE")) return;
            // The body is {"type":"MESSAGE","message":{..."text":"t:<ms>"...}}: read the stamp without parsing it all.
            const from = text.indexOf('"t:') + 3;
            receiving.latencies.push(at - Number(text.slice(from, text.indexOf('"', from))));
            receiving.received++;
          });
          ws.send(`SUBSCRIBE\nid:0\ndestination:${destination}\nreceipt:sub-${i}\n\n\0`);
        }),
    ),
  );
  loopDelay.reset();
  loopDelay.enable();
  cpuFrom = process.cpuUsage();
  return { ready: list.length };
}

/**
 * `urls` SEND `rate` messages a second in all for `seconds`, each on its own schedule (staggered),
 * stamped with the monotonic time of sending; how late the sends ran behind their schedule is kept.
 */
async function send({ urls, chatId, rate, seconds }) {
  const list = await openAll(urls, true);
  const destination = `/topic/chat/${chatId}`;
  loopDelay.reset();
  loopDelay.enable();
  cpuFrom = process.cpuUsage();
  const total = Math.round(rate * seconds);
  const perSender = Math.ceil(total / list.length);
  const interval = 1000 / (rate / list.length);
  const lags = [];
  let sent = 0;
  const begin = performance.now() + 100;
  await Promise.all(
    list.map(
      (ws, s) =>
        new Promise((resolve) => {
          let n = 0;
          const start = begin + (s * interval) / list.length;
          const tick = () => {
            if (n >= perSender || sent >= total) return resolve();
            lags.push(performance.now() - (start + n * interval));
            ws.send(`SEND\ndestination:${destination}\ncontent-type:application/json\n\n{"text":"t:${now().toFixed(3)}"}\0`);
            n++;
            sent++;
            setTimeout(tick, Math.max(0, start + n * interval - performance.now()));
          };
          setTimeout(tick, Math.max(0, start - performance.now()));
        }),
    ),
  );
  lags.sort((a, b) => a - b);
  return { sent, lag: { p50: percentile(lags, 50), p99: percentile(lags, 99) }, ...health() };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** This process's event-loop delay (ms) and CPU time since the run began. */
function health() {
  loopDelay.disable();
  const cpu = process.cpuUsage(cpuFrom);
  return { loop: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 }, cpuMs: (cpu.user + cpu.system) / 1000 };
}

process.on("message", async (msg) => {
  try {
    if (msg.cmd === "idle") {
      const list = await openAll(msg.urls, msg.stomp);
      process.send({ ready: list.length });
    } else if (msg.cmd === "receive") {
      process.send(await receive(msg));
    } else if (msg.cmd === "send") {
      process.send(await send(msg));
    } else if (msg.cmd === "count") {
      process.send({ received: receiving.received });
    } else if (msg.cmd === "report") {
      process.send({ received: receiving.received, latencies: receiving.latencies, ...health() });
    } else if (msg.cmd === "close") {
      for (const ws of sockets) ws.terminate();
      process.exit(0);
    }
  } catch (err) {
    process.send({ error: String(err?.stack ?? err) });
  }
});
