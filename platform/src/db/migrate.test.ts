import { describe, expect, it } from "vitest";
import { splitStatements } from "./migrate.ts";

describe("splitStatements", () => {
  it("splits at statement-ending semicolons and drops comment-only chunks", () => {
    const sql = `-- migrate: no-transaction
create index concurrently if not exists a_idx on t (a);
/* a; comment */
create index concurrently if not exists b_idx on t (b) -- trailing; comment
;
-- the end;
`;
    expect(splitStatements(sql)).toEqual([
      "-- migrate: no-transaction\ncreate index concurrently if not exists a_idx on t (a)",
      "/* a; comment */\ncreate index concurrently if not exists b_idx on t (b) -- trailing; comment",
    ]);
  });

  it("keeps semicolons inside strings, quoted identifiers and dollar-quoted bodies", () => {
    const fn = "create function f() returns int language plpgsql as $body$ begin perform 1; return 2; end $body$";
    const sql = `insert into t values ('a;b', 'it''s; fine'); select "odd;name" from t; ${fn}; do $$ begin null; end $$`;
    expect(splitStatements(sql)).toEqual([
      "insert into t values ('a;b', 'it''s; fine')",
      'select "odd;name" from t',
      fn,
      "do $$ begin null; end $$",
    ]);
  });

  it("returns nothing for a file without statements", () => {
    expect(splitStatements("-- nothing here;\n\n/* ; */\n")).toEqual([]);
  });
});
