import http from "node:http";

/**
 * A local stand-in for the IP geolocation service at GEO_LOOKUP_URL, speaking its protocol: GET
 * answers JSON about the caller's connection (country_code, city, latitude, longitude), readable
 * cross-origin. By default it knows only a country outside the Russian set (so the document set and
 * the quiet detection behave as without a city); a test sets the answer (POST /answer, the body is
 * served as it is, or `{"status": 503}` to fail) and puts it back (POST /reset).
 */
const DEFAULT_ANSWER = JSON.stringify({ country_code: "RS" });

export function startGeoLookupServer(port: number): Promise<() => Promise<void>> {
  let answer: { status: number; body: string } = { status: 200, body: DEFAULT_ANSWER };
  const server = http.createServer((req, res) => {
    if (req.method === "POST" && (req.url === "/answer" || req.url === "/reset")) {
      let body = "";
      req.on("data", (c: Buffer) => {
        body += c.toString("utf8");
      });
      req.on("end", () => {
        if (req.url === "/reset") answer = { status: 200, body: DEFAULT_ANSWER };
        else {
          const parsed = JSON.parse(body) as { status?: number; body?: string };
          answer = { status: parsed.status ?? 200, body: parsed.body ?? "" };
        }
        res.writeHead(204).end();
      });
      return;
    }
    res.writeHead(answer.status, { "content-type": "application/json", "access-control-allow-origin": "*", "cache-control": "no-store" }).end(answer.body);
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve(() => new Promise<void>((done) => server.close(() => done())))),
  );
}
