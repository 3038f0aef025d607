import http from "node:http";

/**
 * A local stand-in for the IP geolocation service at GEO_LOOKUP_URL, speaking its protocol: GET
 * answers JSON about the caller's connection (country_code, city, latitude, longitude), readable
 * cross-origin. By default it knows only a country outside the Russian set (so the document set and
 * the quiet detection behave as without a city); a test sets the answer for the pages of one origin
 * (POST /answer `{"origin", "body"}`, the body served as it is, or `{"origin", "status": 503}` to
 * fail) and puts it back (POST /reset `{"origin"}`). Pages of every other origin keep the default,
 * so a test that sets an answer changes nothing for the tests running beside it.
 */
const DEFAULT_ANSWER = { status: 200, body: JSON.stringify({ country_code: "RS" }) };

export function startGeoLookupServer(port: number): Promise<() => Promise<void>> {
  const answers = new Map<string, { status: number; body: string }>();
  const server = http.createServer((req, res) => {
    if (req.method === "POST" && (req.url === "/answer" || req.url === "/reset")) {
      let body = "";
      req.on("data", (c: Buffer) => {
        body += c.toString("utf8");
      });
      req.on("end", () => {
        const parsed = JSON.parse(body || "{}") as { origin?: string; status?: number; body?: string };
        if (!parsed.origin) {
          res.writeHead(400).end("an answer is for one origin");
          return;
        }
        if (req.url === "/reset") answers.delete(parsed.origin);
        else answers.set(parsed.origin, { status: parsed.status ?? 200, body: parsed.body ?? "" });
        res.writeHead(204).end();
      });
      return;
    }
    // The page's fetch is cross-origin, so the browser names the page's origin.
    const answer = answers.get(req.headers.origin ?? "") ?? DEFAULT_ANSWER;
    res.writeHead(answer.status, { "content-type": "application/json", "access-control-allow-origin": "*", "cache-control": "no-store" }).end(answer.body);
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve(() => new Promise<void>((done) => server.close(() => done())))),
  );
}
