import { loadModule, parseSync } from "libpg-query";

/**
 * Citus readiness (docs/operations.md, "Past one database"): which tables are copied whole to every
 * node (reference tables) and how a statement's joins between tenant tables are checked.
 */

/**
 * Tables without community_id, or whose rows are not one community's: they become Citus reference
 * tables (copied whole to every node), so their keys need no community_id.
 */
export const REFERENCE = ["communities", "community_domains", "users", "user_identities", "schema_migrations", "presence_processes", "rate_limits"];
/**
 * Tables with a community_id kept whole on every node anyway: sessions and one-time tokens are
 * looked up by their secret before the community is known to the query.
 */
export const REFERENCE_WITH_COMMUNITY = ["sessions", "auth_tokens", "telegram_connect_codes"];

/** A statement that joins tenant tables whose community_id is not tied together. */
export type LooseJoin = { statement: string; tables: string[][] };

type Out = { name: string | undefined; key: string | undefined }[];
type Rel = { kind: "table"; table: string; key: string; hasCommunity: boolean } | { kind: "derived"; cols: Out };
type Scope = { parent: Scope | undefined; rels: Map<string, Rel>; ctes: Map<string, Out> };
// biome-ignore lint/suspicious/noExplicitAny: the parser's JSON tree, walked by node name
type Node = any;

const str = (n: Node): string | undefined => n?.String?.sval;

/**
 * The join analysis of one parsed statement: every occurrence of a tenant table, and the
 * equalities between community_id columns, parameters ($n) and constants found where they
 * constrain every row (WHERE and JOIN ON conjunctions, USING (community_id), INSERT ... SELECT's
 * community_id column). Equalities under OR or NOT tie nothing.
 */
class Analysis {
  parent = new Map<string, string>();
  tenantKeys: { table: string; key: string }[] = [];
  private n = 0;
  constructor(private tables: Map<string, { tenant: boolean; hasCommunity: boolean }>) {}

  find(k: string): string {
    let r = k;
    while (this.parent.has(r) && this.parent.get(r) !== r) r = this.parent.get(r) as string;
    return r;
  }
  union(a: string, b: string) {
    const [ra, rb] = [this.find(a), this.find(b)];
    if (ra !== rb) this.parent.set(ra, rb);
  }

  private lookup(scope: Scope | undefined, alias: string): Rel | undefined {
    for (let s = scope; s; s = s.parent) {
      const r = s.rels.get(alias);
      if (r) return r;
    }
    return undefined;
  }
  private cte(scope: Scope | undefined, name: string): Out | undefined {
    for (let s = scope; s; s = s.parent) {
      const c = s.ctes.get(name);
      if (c) return c;
    }
    return undefined;
  }
  private communityOf(rel: Rel, col = "community_id"): string | undefined {
    if (rel.kind === "table") return col === "community_id" && rel.hasCommunity ? `${rel.key}.community_id` : undefined;
    return rel.cols.find((c) => c.name === col)?.key;
  }

  /** The key of a community_id column, a parameter or a constant; undefined for anything else. */
  keyOf(e: Node, scope: Scope): string | undefined {
    if (!e) return undefined;
    if (e.TypeCast) return this.keyOf(e.TypeCast.arg, scope);
    if (e.ParamRef) return `$${e.ParamRef.number}`;
    if (e.A_Const) {
      const c = e.A_Const;
      if (c.sval) return `v:${c.sval.sval}`;
      if (c.ival) return `v:${c.ival.ival ?? 0}`;
      return undefined;
    }
    if (e.ColumnRef) {
      const f = (e.ColumnRef.fields as Node[]).map(str);
      if (f.some((x) => x === undefined)) return undefined;
      if (f.length === 2) {
        const rel = this.lookup(scope, f[0] as string);
        return rel ? this.communityOf(rel, f[1] as string) : undefined;
      }
      if (f.length === 1) {
        // Unqualified: the nearest scope with exactly one relation having the column.
        for (let s: Scope | undefined = scope; s; s = s.parent) {
          const hits = [...s.rels.values()].map((r) => this.communityOf(r, f[0] as string)).filter((k) => k !== undefined);
          if (hits.length === 1) return hits[0];
          if (hits.length > 1) return undefined;
        }
      }
    }
    return undefined;
  }

  /** A query expression (SELECT, set operation, VALUES): its output columns. */
  query(node: Node, parent: Scope | undefined): Out {
    if (node?.SelectStmt) return this.select(node.SelectStmt, parent);
    this.walk(node, parent, false);
    return [];
  }

  private withClause(w: Node, scope: Scope) {
    for (const c of w?.ctes ?? []) {
      const cte = c.CommonTableExpr;
      const q = cte.ctequery;
      let out: Out;
      if (q.SelectStmt) out = this.select(q.SelectStmt, scope);
      else out = this.statement(q, scope);
      const names = (cte.aliascolnames as Node[] | undefined)?.map(str);
      if (names) out = out.map((o, i) => ({ ...o, name: names[i] ?? o.name }));
      scope.ctes.set(cte.ctename, out);
    }
  }

  private select(s: Node, parent: Scope | undefined): Out {
    if (s.op && s.op !== "SETOP_NONE") {
      const left = this.query({ SelectStmt: s.larg }, parent);
      this.query({ SelectStmt: s.rarg }, parent);
      return left;
    }
    const scope: Scope = { parent, rels: new Map(), ctes: new Map() };
    this.withClause(s.withClause, scope);
    const quals: Node[] = [];
    for (const item of s.fromClause ?? []) this.from(item, scope, quals);
    for (const q of quals) this.walk(q, scope, false);
    this.walk(s.whereClause, scope, false);
    this.walk(s.havingClause, scope, false);
    for (const row of s.valuesLists ?? []) this.walk(row, scope, true);
    const out: Out = [];
    for (const t of s.targetList ?? []) {
      const r = t.ResTarget;
      this.walk(r.val, scope, true);
      const f = r.val?.ColumnRef?.fields as Node[] | undefined;
      if (f && f[f.length - 1]?.A_Star) {
        // `m.*` or `*`: the relations' columns (of a table, only community_id matters here).
        const alias = f.length === 2 ? str(f[0]) : undefined;
        const rels = alias ? [this.lookup(scope, alias)] : [...scope.rels.values()];
        for (const rel of rels) {
          if (rel?.kind === "derived") out.push(...rel.cols);
          else if (rel) out.push({ name: "community_id", key: this.communityOf(rel) });
        }
        continue;
      }
      out.push({ name: r.name ?? (f ? str(f[f.length - 1]) : undefined), key: this.keyOf(r.val, scope) });
    }
    return out;
  }

  /** Adds a FROM item's relations to the scope; returns them. JOIN ... ON quals are kept for later. */
  private from(item: Node, scope: Scope, quals: Node[]): Rel[] {
    if (item.RangeVar) {
      const rv = item.RangeVar;
      const alias = rv.alias?.aliasname ?? rv.relname;
      const cte = rv.schemaname ? undefined : this.cte(scope, rv.relname);
      let rel: Rel;
      if (cte) rel = { kind: "derived", cols: cte };
      else {
        const info = rv.schemaname && rv.schemaname !== "public" ? undefined : this.tables.get(rv.relname);
        rel = { kind: "table", table: rv.relname, key: `${rv.relname}#${this.n++}`, hasCommunity: info?.hasCommunity ?? false };
        if (info?.tenant) this.tenantKeys.push({ table: rv.relname, key: `${rel.key}.community_id` });
      }
      scope.rels.set(alias, rel);
      return [rel];
    }
    if (item.JoinExpr) {
      const j = item.JoinExpr;
      const left = this.from(j.larg, scope, quals);
      const right = this.from(j.rarg, scope, quals);
      if (j.quals) quals.push(j.quals);
      if ((j.usingClause as Node[] | undefined)?.some((u) => str(u) === "community_id")) {
        const l = left.map((r) => this.communityOf(r)).find((k) => k);
        const r = right.map((x) => this.communityOf(x)).find((k) => k);
        if (l && r) this.union(l, r);
      }
      return [...left, ...right];
    }
    if (item.RangeSubselect) {
      const rs = item.RangeSubselect;
      const rel: Rel = { kind: "derived", cols: this.query(rs.subquery, scope) };
      if (rs.alias?.aliasname) scope.rels.set(rs.alias.aliasname, rel);
      return [rel];
    }
    if (item.RangeFunction) {
      this.walk(item.RangeFunction.functions, scope, true);
      const rel: Rel = { kind: "derived", cols: [] };
      if (item.RangeFunction.alias?.aliasname) scope.rels.set(item.RangeFunction.alias.aliasname, rel);
      return [rel];
    }
    return [];
  }

  /** Any expression: equalities tie keys (unless under OR/NOT), subqueries open their own scope. */
  private walk(e: Node, scope: Scope | undefined, loose: boolean) {
    if (e === null || typeof e !== "object") return;
    if (Array.isArray(e)) {
      for (const x of e) this.walk(x, scope, loose);
      return;
    }
    if (e.SelectStmt) {
      this.query(e, scope);
      return;
    }
    if (e.InsertStmt || e.UpdateStmt || e.DeleteStmt) {
      this.statement(e, scope);
      return;
    }
    if (e.BoolExpr) {
      this.walk(e.BoolExpr.args, scope, loose || e.BoolExpr.boolop !== "AND_EXPR");
      return;
    }
    if (e.A_Expr && e.A_Expr.kind === "AEXPR_OP" && str(e.A_Expr.name?.[0]) === "=" && scope) {
      const a = this.keyOf(e.A_Expr.lexpr, scope);
      const b = this.keyOf(e.A_Expr.rexpr, scope);
      if (a && b && !loose) this.union(a, b);
    }
    if (e.SubLink && scope) {
      const sl = e.SubLink;
      const out = this.query(sl.subselect, scope);
      // x.community_id in (select community_id ...)
      // x.community_id in (select community_id ...), (community_id, id) in (select community_id, id ...)
      if (sl.subLinkType === "ANY_SUBLINK" && !loose && (!sl.operName || str(sl.operName[0]) === "=")) {
        const tests: Node[] = sl.testexpr?.RowExpr ? sl.testexpr.RowExpr.args : [sl.testexpr];
        tests.forEach((t, i) => {
          const a = this.keyOf(t, scope);
          const b = out[i]?.key;
          if (a && b) this.union(a, b);
        });
      }
      this.walk(sl.testexpr, scope, loose);
      return;
    }
    for (const v of Object.values(e)) this.walk(v, scope, loose);
  }

  /** One statement (SELECT, INSERT, UPDATE, DELETE; anything else is walked for subqueries). */
  statement(stmt: Node, parent: Scope | undefined): Out {
    if (stmt.SelectStmt) return this.select(stmt.SelectStmt, parent);
    const body = stmt.InsertStmt ?? stmt.UpdateStmt ?? stmt.DeleteStmt;
    if (!body) {
      this.walk(stmt, parent, true);
      return [];
    }
    const scope: Scope = { parent, rels: new Map(), ctes: new Map() };
    this.withClause(body.withClause, scope);
    const quals: Node[] = [];
    const [target] = this.from({ RangeVar: body.relation }, scope, quals);
    if (stmt.InsertStmt) {
      const cols = ((body.cols as Node[] | undefined) ?? []).map((c) => c.ResTarget.name as string);
      const i = cols.indexOf("community_id");
      const sel = body.selectStmt?.SelectStmt;
      const tk = target ? this.communityOf(target) : undefined;
      if (sel?.valuesLists) {
        for (const row of sel.valuesLists) {
          const k = i >= 0 ? this.keyOf(row.List.items[i], scope) : undefined;
          if (k && tk && sel.valuesLists.length === 1) this.union(tk, k);
          this.walk(row, scope, true);
        }
      } else if (sel) {
        // INSERT ... SELECT cannot see its target: the query's scope is the statement's parent.
        const out = this.select(sel, { parent, rels: new Map(), ctes: scope.ctes });
        const k = i >= 0 ? out[i]?.key : undefined;
        if (k && tk) this.union(tk, k);
      }
      const oc = body.onConflictClause;
      if (oc) {
        scope.rels.set("excluded", { kind: "derived", cols: [] });
        this.walk(oc.whereClause, scope, false);
        this.walk(oc.targetList, scope, true);
      }
    } else {
      for (const item of body.fromClause ?? body.usingClause ?? []) this.from(item, scope, quals);
      for (const q of quals) this.walk(q, scope, false);
      this.walk(body.whereClause, scope, false);
      this.walk(body.targetList, scope, true);
    }
    this.walk(body.returningList, scope, true);
    return [];
  }
}

export type Catalogue = Map<string, { tenant: boolean; hasCommunity: boolean }>;

/** Parsed once per text: what a statement's executions are checked against. */
export type Prepared = { tenantKeys: { table: string; key: string }[]; analysis: Analysis } | { error: string };

let loaded: Promise<void> | undefined;
export const loadParser = () => {
  loaded ??= loadModule();
  return loaded;
};

export function prepare(text: string, tables: Catalogue): Prepared {
  let tree: Node;
  try {
    tree = parseSync(text);
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
  const analysis = new Analysis(tables);
  for (const s of tree.stmts ?? []) analysis.statement(s.stmt, undefined);
  return { tenantKeys: analysis.tenantKeys, analysis };
}

/**
 * The groups of tenant tables whose community_id the statement does not tie together (one group: all
 * tied, or fewer than two tenant tables). Parameters with the same value in this execution count
 * as one ($1 and $2 both 'alpha').
 */
export function looseGroups(p: Prepared, params: Map<number, string> = new Map()): string[][] {
  if ("error" in p || p.tenantKeys.length < 2) return [];
  const a = p.analysis;
  const saved = new Map(a.parent);
  for (const [n, v] of params) a.union(`$${n}`, `v:${v}`);
  const groups = new Map<string, string[]>();
  for (const t of p.tenantKeys) {
    const r = a.find(t.key);
    groups.set(r, [...(groups.get(r) ?? []), t.table]);
  }
  a.parent = saved;
  return groups.size > 1 ? [...groups.values()].map((g) => [...new Set(g)].sort()) : [];
}

/** Splits PostgreSQL's CSV log into records (quoted fields may span lines). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** `parameters: $1 = 'a', $2 = NULL` (the log's DETAIL of an execute) as number -> value. */
export function parseParameters(detail: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const m of detail.matchAll(/\$(\d+) = (NULL|'((?:[^']|'')*)')/g)) {
    if (m[2] !== "NULL") out.set(Number(m[1]), (m[3] ?? "").replaceAll("''", "'"));
  }
  return out;
}
