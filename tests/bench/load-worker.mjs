// A closed-loop HTTP load generator in its own thread, so the server under test keeps its event
// loop to itself (as with any real client). workerData: {port, headers, concurrency, requests:
// [{kind, path}]}; posts back {samples: [{kind, ms, status}], seconds, cpuMs} (cpuMs: this thread's
// CPU time from /proc on Linux, null elsewhere).
import fs from "node:fs";
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

const { port, headers, concurrency, requests } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function get(path) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method: "GET", headers, agent }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
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

const cpuBefore = threadCpuMs();
const samples = [];
let cursor = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let i = cursor++; i < requests.length; i = cursor++) {
      const r = requests[i];
      const t0 = performance.now();
      const status = await get(r.path);
      samples.push({ kind: r.kind, ms: performance.now() - t0, status });
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const cpuAfter = threadCpuMs();
const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
agent.destroy();
parentPort.postMessage({ samples, seconds, cpuMs });
