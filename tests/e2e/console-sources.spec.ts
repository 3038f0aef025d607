import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * The console reads through react-admin's data provider and react-query (issue 29, point 5): no
 * effect fetches, and only the files listed here call the generated API client directly. A source
 * check, not a browser test; it sits with the console specs because vitest does not collect
 * admin-console (vitest.config.ts).
 */

const SRC = path.resolve(import.meta.dirname, "../../admin-console/src");

/** Files that may call the generated client (`api.GET(…)`, `call(…)`) themselves. */
const CLIENT_CALLERS = new Set([
  "api.ts", // the client itself
  "data-provider.ts", // every screen's reads and writes
  "auth-provider.ts", // react-admin's auth provider: sign-in, session check, permissions
  "login/login-page.tsx", // sign-in before any session exists: codes, links, SSO
  // Event handlers of the participants list (moderation, switches, bulk, CSV, invitations): not
  // effects; moved to the data provider when the moderation permission message can take the
  // provider's checkError path without being shown twice.
  "resources/participants/participant-actions.tsx",
  "resources/participants/invite-button.tsx",
]);

const FETCH = /\b(api\.(GET|POST|PUT|PATCH|DELETE)|call|fetch|fetchJson|loadCommunity)\s*\(|\bdataProvider\b|\.then\s*\(|\bawait\b/;
const CLIENT_CALL = /\bapi\.(GET|POST|PUT|PATCH|DELETE)\s*\(|\bcall\s*\(\s*api\./;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

/** The argument text of every `useEffect(` / `useLayoutEffect(` call, by balanced parentheses. */
function effectBodies(source: string): string[] {
  const bodies: string[] = [];
  const re = /\buse(Layout)?Effect\s*\(/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    let depth = 1;
    let i = m.index + m[0].length;
    const start = i;
    for (; i < source.length && depth > 0; i++) {
      if (source[i] === "(") depth++;
      else if (source[i] === ")") depth--;
    }
    bodies.push(source.slice(start, i - 1));
  }
  return bodies;
}

const fetchingEffects = (source: string) => effectBodies(source).filter((b) => FETCH.test(b));

test.describe("console sources", () => {
  test("the check itself: an effect that fetches is found, an effect that sets the title is not", () => {
    const bad = `useEffect(() => { call(api.GET("/api/x", {})).then(setX); }, []);`;
    const alsoBad = `useEffect(() => { void (async () => setX(await dataProvider.getAnalytics()))(); }, [dataProvider]);`;
    const fine = `useEffect(() => { if (community) document.title = \`\${community.title} · Console\`; }, [community]);`;
    expect(fetchingEffects(bad)).toHaveLength(1);
    expect(fetchingEffects(alsoBad)).toHaveLength(1);
    expect(fetchingEffects(fine)).toHaveLength(0);
  });

  test("no effect in admin-console/src fetches, and only the listed files call the API client", () => {
    const effects: string[] = [];
    const callers: string[] = [];
    for (const file of files(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join("/");
      const source = fs.readFileSync(file, "utf8");
      for (const body of fetchingEffects(source)) effects.push(`${rel}: useEffect(${body.slice(0, 120)}…)`);
      if (CLIENT_CALL.test(source) && !CLIENT_CALLERS.has(rel)) callers.push(rel);
    }
    expect(effects, "fetch through the data provider with react-query (useGetList, useGetOne, useQuery, useMutation), not in an effect").toEqual([]);
    expect(callers, "screens reach the API through the data provider (data-provider.ts)").toEqual([]);
  });
});
