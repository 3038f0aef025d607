// A closed-loop HTTP load generator in its own thread, so the server under test keeps its event
// loop to itself (as with any real client). workerData: {port, headers, concurrency, requests:
// [{kind, path}]}; posts back {samples: [{kind, ms, status}], seconds, cpuMs} (cpuMs: this thread's
// CPU time from /proc on Linux, null elsewhere).
//
// Each client is one keep-alive connection speaking HTTP/1.1 directly: it writes a request, reads
// the status line, headers and Content-Length body, then sends its next request. It shares the
// machine with the server, so it is kept lean the way wrk is: node:http's client (agent, parser,
// streams) cost a third of a millisecond of CPU per request, a tenth of what is measured.
import fs from "node:fs";
import net from "node:net";
import { parentPort, workerData } from "node:worker_threads";

const { port, headers, concurrency, requests } = workerData;
const headerLines = Object.entries(headers)
  .map(([k, v]) => `${k}: ${v}\r\n`)
  .join("");
const HEAD_END = Buffer.from("\r\n\r\n");

/** One connection: `send(path)` resolves with the response status once the whole body arrived. */
function connection() {
  const socket = net.connect({ host: "127.0.0.1", port, noDelay: true });
  let buffer = Buffer.alloc(0);
  let pending = null;
  const fail = (err) => {
    if (pending) pending.reject(err);
    pending = null;
  };
  socket.on("error", fail);
  socket.on("close", () => fail(new Error("connection closed")));
  socket.on("data", (chunk) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    if (!pending) return;
    const headEnd = buffer.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = buffer.toString("latin1", 0, headEnd);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) return fail(new Error(`response without Content-Length: ${head.split("\r\n")[0]}`));
    const total = headEnd + 4 + Number(length[1]);
    if (buffer.length < total) return;
    const status = Number(head.slice(9, 12));
    buffer = buffer.subarray(total);
    const done = pending;
    pending = null;
    done.resolve(status);
  });
  return {
    send(path) {
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        socket.write(`GET ${path} HTTP/1.1\r\n${headerLines}\r\n`);
      });
    },
    close: () => socket.destroy(),
  };
}

/** This thread's CPU time in ms (utime + stime of /proc/thread-self/stat, in 10 ms ticks). */
function threadCpuMs() {
  try {
    const stat = fs.readFileSync("/proc/thread-self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

const clients = Array.from({ length: concurrency }, connection);
const cpuBefore = threadCpuMs();
const samples = [];
let cursor = 0;
const started = performance.now();
await Promise.all(
  clients.map(async (client) => {
    for (let i = cursor++; i < requests.length; i = cursor++) {
      const r = requests[i];
      const t0 = performance.now();
      const status = await client.send(r.path);
      samples.push({ kind: r.kind, ms: performance.now() - t0, status });
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const cpuAfter = threadCpuMs();
const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
for (const client of clients) client.close();
parentPort.postMessage({ samples, seconds, cpuMs });
