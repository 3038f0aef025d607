// A closed-loop HTTP load generator in its own thread, so the server under test keeps its event
// loop to itself (as with any real client). workerData: {port, headers, concurrency, requests:
// [{kind, path}]}; posts back {samples: [{kind, ms, status}], seconds}.
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
agent.destroy();
parentPort.postMessage({ samples, seconds });
