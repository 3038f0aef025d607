/**
 * Every service verb starts with its guard, or is listed in PUBLIC_VERBS (public-verbs.ts). A verb
 * is a function a route or router calls from outside the HTTP layer; it "starts with its guard"
 * when its first statement calls one of the access guards of guards.ts. No database: the test
 * reads the sources with the TypeScript parser.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { PUBLIC_VERBS } from "./public-verbs.ts";

const SRC = path.resolve(import.meta.dirname, "..");
/** The access guards: each decides "may this actor do this here" (requireThisCommunity is a tenancy check, not one). */
const GUARDS = new Set(["requireUser", "requireOperator", "requireMember", "requireCommunityAdmin", "requireModerator", "requireOrganizer", "authorize"]);

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let sf = parsed.get(file);
  if (!sf) {
    sf = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    parsed.set(file, sf);
  }
  return sf;
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return walk(full);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [full] : [];
  });
}

const isRouting = (file: string) => /\/routes\/|\/router\.ts$/.test(file);
const rel = (file: string) => path.relative(SRC, file);

/** Names routes import from platform modules outside the HTTP layer and the foundation (wire schemas left out). */
function verbImports(): { name: string; file: string }[] {
  const out = new Map<string, { name: string; file: string }>();
  for (const file of walk(SRC).filter(isRouting)) {
    for (const st of parse(file).statements) {
      if (!ts.isImportDeclaration(st) || st.importClause?.isTypeOnly) continue;
      const spec = (st.moduleSpecifier as ts.StringLiteral).text;
      if (!spec.startsWith(".")) continue;
      const target = path.resolve(path.dirname(file), spec);
      const r = rel(target);
      if (isRouting(target) || /schemas\.ts$/.test(r) || /^(db|http|tenancy|authz|lib|jobs|i18n)\/|^(config|env|context|http)\.ts$/.test(r)) continue;
      const named = st.importClause?.namedBindings;
      if (!named || !ts.isNamedImports(named)) continue;
      for (const el of named.elements) {
        if (el.isTypeOnly) continue;
        const name = (el.propertyName ?? el.name).text;
        out.set(`${r}#${name}`, { name, file: target });
      }
    }
  }
  return [...out.values()];
}

type Found = { file: string; body: ts.Block | ts.Expression } | { file: string; notFunction: true };

/** The declaration of `name` exported by `file`, following `export { … } from` re-exports. */
function declaration(file: string, name: string): Found | undefined {
  for (const st of parse(file).statements) {
    if (ts.isFunctionDeclaration(st) && st.name?.text === name && st.body) return { file, body: st.body };
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || d.name.text !== name) continue;
        const init = d.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) return { file, body: init.body };
        return { file, notFunction: true };
      }
    }
    if (ts.isClassDeclaration(st) && st.name?.text === name) return { file, notFunction: true };
    if (ts.isExportDeclaration(st) && st.moduleSpecifier && st.exportClause && ts.isNamedExports(st.exportClause)) {
      const el = st.exportClause.elements.find((e) => e.name.text === name);
      if (el) return declaration(path.resolve(path.dirname(file), (st.moduleSpecifier as ts.StringLiteral).text), (el.propertyName ?? el.name).text);
    }
  }
  return undefined;
}

/** The declaration a call's identifier names in `file`: a function of the file, or one it imports. */
function resolveCall(file: string, name: string): Found | undefined {
  const own = declaration(file, name);
  if (own) return own;
  for (const st of parse(file).statements) {
    if (!ts.isImportDeclaration(st)) continue;
    const spec = (st.moduleSpecifier as ts.StringLiteral).text;
    const named = st.importClause?.namedBindings;
    if (!spec.startsWith(".") || !named || !ts.isNamedImports(named)) continue;
    const el = named.elements.find((e) => e.name.text === name);
    if (el) return declaration(path.resolve(path.dirname(file), spec), (el.propertyName ?? el.name).text);
  }
  return undefined;
}

/**
 * Whether `node` calls a guard anywhere in it (an argument's `await requireX(ctx)` counts: it runs
 * first), or calls a helper that itself starts with its guard (`depth` helpers deep).
 */
function callsGuard(file: string, node: ts.Node, depth = 3): boolean {
  let found = false;
  const visit = (n: ts.Node) => {
    if (found) return;
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) {
      const name = n.expression.text;
      if (GUARDS.has(name)) {
        found = true;
        return;
      }
      if (depth > 0 && name !== "requireThisCommunity") {
        const d = resolveCall(file, name);
        if (d && !("notFunction" in d) && startsWithGuardIn(d.file, d.body, depth - 1)) {
          found = true;
          return;
        }
      }
    }
    // A callback's body runs later, not first.
    if (ts.isArrowFunction(n) || ts.isFunctionExpression(n)) return;
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** A path's community id checked first (404 for another community's) does not count as the start. */
const isCommunityCheck = (st: ts.Statement) => /^(if \([^)]*\) )?requireThisCommunity\(ctx, [\w.]+\);$/.test(st.getText());

function startsWithGuardIn(file: string, body: ts.Block | ts.Expression, depth = 3): boolean {
  if (!ts.isBlock(body)) return callsGuard(file, body, depth);
  const rest = body.statements.filter((st) => !isCommunityCheck(st));
  const [first, second] = rest;
  // The organizer guard needs the event: found in this community first (404), then the guard on it.
  const lookup = first && /^const (\w+) = await requireEvent\(ctx, \w+\);$/.exec(first.getText());
  if (lookup && second?.getText() === `await requireOrganizer(ctx, ${lookup[1]}.id);`) return true;
  return first !== undefined && callsGuard(file, first, depth);
}

function verbs() {
  return verbImports().flatMap(({ name, file }) => {
    const d = declaration(file, name);
    if (!d || "notFunction" in d) return [];
    return [{ key: `${rel(d.file)}#${name}`, guarded: startsWithGuardIn(d.file, d.body) }];
  });
}

describe("service verbs", () => {
  const all = verbs();

  it("are found where the routes call them", () => {
    expect(all.length).toBeGreaterThan(150);
  });

  it("each start with their guard or are listed as public", () => {
    expect(all.filter((v) => !v.guarded && !(v.key in PUBLIC_VERBS)).map((v) => v.key)).toEqual([]);
  });

  it("listed as public are verbs that do not start with a guard (no stale entry)", () => {
    const byKey = new Map(all.map((v) => [v.key, v]));
    expect(Object.keys(PUBLIC_VERBS).filter((k) => byKey.get(k)?.guarded !== false)).toEqual([]);
  });

  it("fail the check when the guard is not the first statement", () => {
    const body = (src: string) => {
      const sf = ts.createSourceFile("x.ts", src, ts.ScriptTarget.Latest, true);
      parsed.set("x.ts", sf);
      return (sf.statements[0] as ts.FunctionDeclaration).body as ts.Block;
    };
    const startsWithGuard = (b: ts.Block) => startsWithGuardIn("x.ts", b);
    expect(startsWithGuard(body("async function v(ctx) { await requireCommunityAdmin(ctx, id); return 1; }"))).toBe(true);
    expect(startsWithGuard(body("async function v(ctx) { return list(ctx, await loadMe(ctx, await requireMember(ctx))); }"))).toBe(true);
    expect(startsWithGuard(body("async function v(ctx) { const row = await find(ctx); await requireModerator(ctx); return row; }"))).toBe(false);
    expect(startsWithGuard(body("async function v(ctx, id) { const e = await requireEvent(ctx, id); await requireOrganizer(ctx, e.id); }"))).toBe(true);
    expect(startsWithGuard(body("async function v(ctx, id) { const e = await requireEvent(ctx, id); await update(ctx, e); }"))).toBe(false);
    expect(startsWithGuard(body("async function v(ctx) { const viewer = await viewerOf(ctx); return viewer; }"))).toBe(false);
    expect(startsWithGuard(body("async function v(ctx) { return withTx(ctx.db, async (tx) => { await requireMember(ctx); }); }"))).toBe(false);
  });
});
