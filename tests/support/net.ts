import http from "node:http";
import net from "node:net";

/** A TCP port nobody listens on right now (the OS picks it), for a server a test starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
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
