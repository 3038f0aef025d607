import http from "node:http";
import net from "node:net";

/**
 * Ports freePort hands out: below Linux's ephemeral range (32768-60999; macOS's starts at 49152),
 * from which the kernel picks a port for listen(0) and for outgoing connections. A port the kernel
 * picked could be picked again by another test's listen(0) between this check and the server's
 * own bind: two test files once got the same one (a server failed EADDRINUSE and its readiness
 * probe reached another test's webhook receiver).
 */
const PORT_RANGE = { from: 20_000, to: 32_767 };

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    // All interfaces, as the server binds.
    srv.listen(port, () => srv.close(() => resolve(true)));
  });
}

/** A TCP port nobody listens on right now, outside the kernel's ephemeral range, for a server a test starts. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from + 1));
    if (await bindable(port)) return port;
  }
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string };

/**
 * A GET through node's own client to a server on this machine, with the headers exactly as given
 * (fetch drops or checks Host; these tests need to send malformed ones).
 */
export function rawGet(port: number, path: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method: "GET", headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end();
  });
}
