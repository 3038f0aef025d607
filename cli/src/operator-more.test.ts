import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestEnv, type TestEnv } from "../../tests/support/harness.ts";
import { createDb, withDatabase } from "@tuesday/platform";
import { makeMember, type Member, snapshot } from "../../tests/api/matching-weekly-helpers.ts";
import { cliSession, runCli as run } from "./run-cli.ts";

// Features of the CLI the other CLI test files do not reach: --map, send-recommendations, matching
// preview, questions export, --database-url, plain progress lines, prompts on a terminal, and a
// read-only db status. Each test starts node processes that load the whole platform: slow when busy.
vi.setConfig({ testTimeout: 120_000 });

const root = path.resolve(import.meta.dirname, "../..");
let env: TestEnv;
let tmp: string;

const cli = cliSession(() => env.dbUrl);
/** Another database than the file's: a process of its own (the session's runner has the file's). */
function runCli(args: string[], opts: { databaseUrl?: string } = {}) {
  return opts.databaseUrl ? run(args, { databaseUrl: opts.databaseUrl }) : cli.run(args);
}

beforeAll(async () => {
  env = await createTestEnv();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "tuesday-cli-more-"));
});
afterAll(async () => {
  await cli.close();
  await env?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe("tuesday members import --map", () => {
  it("reads other headers through the map (repeatable); without it the file has no e-mail column", async () => {
    const file = path.join(tmp, "mapped.csv");
    await fs.writeFile(file, "Who,Contact mail,Org,Handle,Profile,Ignored\nMapped Person,mapped@import.example,Mapco,@mapped_person,https://www.linkedin.com/in/mapped-person,x\nOther Mapped,other@import.example,,,,y\n");
    const unmapped = await runCli(["members", "import", "--community", "alpha", file, "--dry-run"]);
    expect(unmapped.code).toBe(2);
    expect(unmapped.stderr).toContain('no e-mail column (hint: name it "email", or map yours: --map "E-mail address=email")');
    // Usual spellings need no map ("E-mail address", "Organization"); these do.

    const r = await runCli(["--json", "members", "import", "--community", "alpha", file, "--map", "Contact mail=email,Org=company", "--map", "Who=name,Handle=telegram,Profile=contact_linkedin"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, created: 2, imported: 2 });
    const [p] = await env.db<{ firstName: string; lastName: string; company: string; contacts: Record<string, string> }[]>`
      select p.first_name as "firstName", p.last_name as "lastName", p.company, p.contacts
      from participants p join users u on u.id = p.user_id where p.community_id = 'alpha' and u.email = 'mapped@import.example'`;
    expect(p).toMatchObject({ firstName: "Mapped", lastName: "Person", company: "Mapco", contacts: { TELEGRAM: "https://t.me/mapped_person", LINKEDIN: "https://www.linkedin.com/in/mapped-person" } });

    // A target that is no field is a usage mistake, named with the fields there are.
    const bad = await runCli(["members", "import", "--community", "alpha", file, "--map", "Org=organisation_name"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"organisation_name" is not a field \(email, name, firstName/);
  });

  it("reports progress as plain lines when stderr is not a terminal (no bar, no control characters)", async () => {
    const file = path.join(tmp, "progress.csv");
    await fs.writeFile(file, `name,email\n${Array.from({ length: 30 }, (_, i) => `Progress${i} Person,progress${i}@import.example`).join("\n")}\n`);
    const r = await runCli(["members", "import", "--community", "alpha", file, "--batch-size", "10"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^Checking: \d+ rows, \d+%, \d+ rows\/s, \d+ s left$/m);
    expect(r.stderr).toMatch(/^Importing: \d+ rows, \d+%, \d+ rows\/s, \d+ s left$/m);
    expect(r.stderr).not.toContain("\r");
    expect(r.stderr).not.toContain(String.fromCharCode(27));
    expect(r.stdout.trim()).toMatch(/^Imported 30 members into alpha: 30 new, 0 updated\.\n30 rows in [\d.]+ s \(\d+ rows\/s\), 3 batches, peak RSS \d+ MB\.$/);
  });
});

describe("tuesday members import, batches written at once", () => {
  it("--parallel 4 with small batches: every member once, readable slugs once each, derived rows exact, also when a re-import renames", async () => {
    const names = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov"];
    const rows = (last: string) =>
      Array.from({ length: 40 }, (_, i) => `${(names[i % names.length] ?? "").split(" ")[0]} ${i < 20 ? last : (names[i % names.length] ?? "").split(" ")[1]},parallel${i}@import.example`);
    const file = path.join(tmp, "parallel.csv");
    await fs.writeFile(file, `name,email\n${rows("Parallel").join("\n")}\n`);
    const first = await runCli(["--json", "members", "import", "--community", "alpha", file, "--batch-size", "3", "--parallel", "4"]);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ created: 40, updated: 0, batches: 14 });

    // Rename half of them, again four batches at a time (their name-word updates lock shared rows).
    await fs.writeFile(file, `name,email\n${rows("Renamed").join("\n")}\n`);
    const again = await runCli(["--json", "members", "import", "--community", "alpha", file, "--batch-size", "3", "--parallel", "4"]);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ created: 0, updated: 40 });

    const members = await env.db<{ slug: string; fullName: string }[]>`
      select p.slug, p.full_name as "fullName" from participants p join users u on u.id = p.user_id
      where p.community_id = 'alpha' and u.email like 'parallel%@import.example'`;
    expect(members).toHaveLength(40);
    // A readable slug for the first of each name, the id for the others (no two batches took the same).
    const readable = members.filter((m) => !/^[0-9a-f]{32}$/.test(m.slug)).map((m) => m.slug).sort();
    expect(readable).toEqual([...new Set(readable)]);
    expect(readable).toEqual(expect.arrayContaining(["ada-parallel", "alan-turing", "grace-hopper"]));
    expect(members.filter((m) => m.fullName.endsWith("Renamed"))).toHaveLength(20);
    const [words] = await env.db<{ wrong: number }[]>`
      select count(*)::int as wrong from (
        (select word, members from participant_name_words where community_id = 'alpha'
         except select w, count(*)::int from participants p cross join lateral unnest(participant_name_words(p.first_name, p.last_name)) w
                where p.community_id = 'alpha' group by w)
        union all
        (select w, count(*)::int from participants p cross join lateral unnest(participant_name_words(p.first_name, p.last_name)) w
                where p.community_id = 'alpha' group by w
         except select word, members from participant_name_words where community_id = 'alpha')) d`;
    expect(words?.wrong).toBe(0);
    const [entries] = await env.db<{ n: number; listed: number }[]>`
      select (select count(*)::int from directory_entries d join participants p on p.id = d.participant_id
              where d.community_id = 'alpha' and d.full_name = p.full_name and d.search_document = p.search_document) as n,
             (select count(*)::int from participants where community_id = 'alpha' and moderation_status = 'confirmed' and profile_enabled) as listed`;
    expect(entries?.n).toBe(entries?.listed);
    expect(await env.db`select 1 from member_import_checkpoints where community_id = 'alpha'`).toHaveLength(0);
  });
});

describe("tuesday matching preview and mail send-recommendations", () => {
  const WEEK = "2030-02-05";
  let members: Member[] = [];
  beforeAll(async () => {
    await env.addTenants({
      version: 1,
      id: "recs",
      domain: "recs.test.example",
      title: "Recs",
      lang: "en",
      langChoices: ["en"],
      transparent: true,
      authConfig: [{ authType: "EMAIL" }],
      senderEmail: "hello@recs.test.example",
      brandConfig: { title: "Recs" },
    });
    members = [];
    for (let i = 0; i < 6; i++) members.push(await makeMember(env, i, { tenant: "recs" }));
  });

  it("matching preview prints the week's stats and stores nothing", async () => {
    const before = await snapshot(env, "recs");
    const r = await runCli(["matching", "preview", "--community", "recs", "--week", WEEK]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Community recs, week of ${WEEK} (dry run: nothing stored)`);
    expect(r.stdout).toMatch(/pairs: 3, coverage: 100\.0% \(6 of 6 members\)/);
    expect(r.stderr).toMatch(/\[######\] done/);
    expect(await snapshot(env, "recs")).toEqual(before);
    expect(await env.db`select 1 from mail_outbox where community_id = 'recs'`).toHaveLength(0);
  });

  it("mail send-recommendations pairs the week through the pg-boss jobs and writes each member's mail to the outbox", async () => {
    const r = await runCli(["--json", "mail", "send-recommendations", "--community", "recs", "--week", WEEK]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ week: WEEK, mailsQueued: 6, written: 6 });
    expect(r.stderr).toContain(`Week of ${WEEK}: 6 e-mails queued.`);
    expect(r.stderr).toMatch(/ {2}6 of 6 written to the outbox/);
    for (const m of members) {
      const mail = await env.mailTo(m.email);
      expect(mail.filter((x) => x.communityId === "recs"), m.email).toHaveLength(1);
    }
    // The pairing is stored: the week's matches are there, one per pair.
    expect(await env.db`select 1 from matches where community_id = 'recs' and week = ${WEEK}`).toHaveLength(3);
    const bad = await runCli(["mail", "send-recommendations", "--community", "recs", "--week", "2030-02-06"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("a Tuesday as YYYY-MM-DD");
  });
});

describe("tuesday questions export", () => {
  it("writes what seed reads: seeding the export into another community exports the same file; re-seeding changes nothing", async () => {
    const file = path.join(tmp, "q.json");
    const doc = {
      version: 1,
      questions: [
        {
          key: "stage",
          text: "Your company's stage?",
          type: "RADIO",
          required: true,
          translations: { en: "Your company's stage?", ru: "Стадия компании?" },
          options: [
            { key: "idea", text: "Idea", translations: { en: "Idea", ru: "Идея" } },
            { key: "growth", text: "Growth" },
          ],
        },
        { key: "why", text: "Why did you join?", type: "TEXT" },
      ],
    };
    await fs.writeFile(file, JSON.stringify(doc));
    expect((await runCli(["questions", "seed", "--community", "alpha", file])).code).toBe(0);

    const exported = await runCli(["questions", "export", "--community", "alpha"]);
    expect(exported.code, exported.stderr).toBe(0);
    const fromAlpha = JSON.parse(exported.stdout);
    expect(fromAlpha.questions.map((q: { key: string }) => q.key)).toEqual(["stage", "why"]);
    expect(fromAlpha.questions[0]).toMatchObject({ type: "RADIO", required: true, translations: { ru: "Стадия компании?" } });
    expect(fromAlpha.questions[0].options.map((o: { key: string }) => o.key)).toEqual(["idea", "growth"]);

    // The export as YAML, seeded into beta, exports as alpha's did.
    const yamlFile = path.join(tmp, "exported", "alpha.yaml");
    const toYaml = await runCli(["questions", "export", "--community", "alpha", "--out", yamlFile]);
    expect(toYaml.code, toYaml.stderr).toBe(0);
    expect(toYaml.stderr).toContain(`Wrote 2 questions to ${yamlFile}.`);
    expect(await fs.readFile(yamlFile, "utf8")).toMatch(/^version: 1\nquestions:\n {2}- key: stage/);
    const seeded = await runCli(["--json", "questions", "seed", "--community", "beta", yamlFile]);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(JSON.parse(seeded.stdout)).toMatchObject({ changed: true, questions: 2 });
    const fromBeta = JSON.parse((await runCli(["questions", "export", "--community", "beta"])).stdout);
    expect(fromBeta).toEqual(fromAlpha);
    const again = await runCli(["questions", "seed", "--community", "alpha", yamlFile]);
    expect(again.stdout).toContain("Unchanged: 2 questions in alpha.");
  });
});

describe("--database-url", () => {
  it("is used instead of DATABASE_URL", async () => {
    const unreachable = "postgres://nobody:secret@127.0.0.1:9/nothing";
    const viaFlag = await runCli(["--json", "tenant", "list", "--database-url", env.dbUrl], { databaseUrl: unreachable });
    expect(viaFlag.code, viaFlag.stderr).toBe(0);
    expect(JSON.parse(viaFlag.stdout).map((t: { id: string }) => t.id)).toEqual(expect.arrayContaining(["alpha", "beta"]));
    // And the other way round: the flag's database, not the environment's, is the one tried.
    const wrongFlag = await runCli(["tenant", "list", "--database-url", unreachable]);
    expect(wrongFlag.code).toBe(1);
    expect(wrongFlag.stderr.trim().split("\n").at(-1)).toMatch(/^error: .*(ECONNREFUSED|connect)/);
  });
});

describe("tuesday db status", () => {
  it("lists applied and pending migrations and applies none of them", async () => {
    const files = (await fs.readdir(path.join(root, "platform/src/db/migrations"))).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
    const last = files.at(-1) ?? "";
    // As if the newest migration had not run yet (the row only: status must not try to apply it).
    const [row] = await env.db<{ appliedAt: Date }[]>`delete from schema_migrations where name = ${last} returning applied_at as "appliedAt"`;
    try {
      const r = await runCli(["db", "status"]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`pending  ${last}`);
      expect(r.stdout).toMatch(new RegExp(`applied  ${files[0]}  \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}`));
      expect(r.stdout.trim().split("\n").at(-1)).toBe(`${files.length - 1} applied, 1 pending.`);
      expect(r.stderr).not.toContain("migration applied");
      expect(await env.db`select 1 from schema_migrations where name = ${last}`).toHaveLength(0);
      const json = JSON.parse((await runCli(["--json", "db", "status"])).stdout);
      expect(json.pending).toBe(1);
      expect(json.migrations.at(-1)).toEqual({ name: last, appliedAt: null });
    } finally {
      await env.db`insert into schema_migrations (name, applied_at) values (${last}, ${row?.appliedAt ?? new Date()})`;
    }
  });

  it("on an empty database lists every migration pending and creates nothing", async () => {
    const name = `status_empty_${Date.now().toString(36)}`;
    await env.db.unsafe(`create database ${name}`);
    try {
      const url = withDatabase(env.dbUrl, name);
      const r = await runCli(["--json", "db", "status"], { databaseUrl: url });
      expect(r.code, r.stderr).toBe(0);
      const json = JSON.parse(r.stdout);
      expect(json.pending).toBe(json.migrations.length);
      const files = (await fs.readdir(path.join(root, "platform/src/db/migrations"))).filter((f) => /^\d{3}_.+\.sql$/.test(f));
      expect(json.migrations).toHaveLength(files.length);
      expect(json.migrations.every((m: { appliedAt: string | null }) => m.appliedAt === null)).toBe(true);
      const probe = createDb(url, { max: 1 });
      try {
        const [t] = await probe<{ n: number }[]>`select count(*)::int as n from pg_tables where schemaname = 'public'`;
        expect(t?.n).toBe(0);
      } finally {
        await probe.end();
      }
    } finally {
      await env.db.unsafe(`drop database if exists ${name} with (force)`);
    }
  });
});

/** `script` (util-linux) runs a command on a pseudo-terminal; the test answers its prompts as they appear. */
const hasScript = (() => {
  try {
    execFileSync("script", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

function runOnTerminal(args: string[], answers: [prompt: RegExp, answer: string][]): Promise<{ code: number | null; output: string }> {
  const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
  const command = [process.execPath, "--import", "tsx", "cli/src/main.ts", ...args].map(quote).join(" ");
  return new Promise((resolve, reject) => {
    const child = spawn("script", ["-qfec", command, "/dev/null"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", SHELL: "/bin/sh", TERM: "dumb", NODE_ENV: "test", DATABASE_URL: env.dbUrl },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    let from = 0;
    let next = 0;
    child.stdout.on("data", (d) => {
      output += d;
      const [prompt, answer] = answers[next] ?? [];
      if (prompt && answer !== undefined && prompt.test(output.slice(from))) {
        from = output.length;
        next++;
        child.stdin.write(`${answer}\r`);
      }
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("tuesday tenant init on a terminal", () => {
  it.skipIf(!hasScript)("asks for title, domain, languages and sign-in methods, offering the flags' values as defaults", async () => {
    const dir = path.join(tmp, "tenants-tty");
    const r = await runOnTerminal(
      ["tenant", "init", "ttyclub", "--dir", dir, "--domain", "tty.example.com"],
      [
        [/Title \[ttyclub\]: $/, "Terminal Club"],
        [/Domain \[tty\.example\.com\]: $/, ""],
        [/Default language \(en, ru\) \[en\]: $/, "ru"],
        [/Languages \(comma-separated\) \[ru\]: $/, "ru, en"],
        [/Sign-in methods \(comma-separated\) \[EMAIL,OTP,MAGIC\]: $/, "email,otp"],
      ],
    );
    expect(r.code, r.output).toBe(0);
    expect(r.output).toContain(`Created ${path.join(dir, "ttyclub", "tenant.json")}.`);
    const config = JSON.parse(await fs.readFile(path.join(dir, "ttyclub", "tenant.json"), "utf8"));
    expect(config).toMatchObject({
      id: "ttyclub",
      title: "Terminal Club",
      domain: "tty.example.com",
      lang: "ru",
      langChoices: ["ru", "en"],
      authConfig: [{ authType: "EMAIL" }, { authType: "OTP" }],
      senderEmail: "hello@tty.example.com",
    });
    const valid = await runCli(["tenant", "validate", path.join(dir, "ttyclub")]);
    expect(valid.code, valid.stderr).toBe(0);
  });

  it.skipIf(!hasScript)("--no-prompt asks nothing, even on a terminal", async () => {
    const dir = path.join(tmp, "tenants-tty");
    const r = await runOnTerminal(["tenant", "init", "quietclub", "--dir", dir, "--no-prompt"], []);
    expect(r.code, r.output).toBe(0);
    expect(r.output).not.toContain("Title [");
    expect(JSON.parse(await fs.readFile(path.join(dir, "quietclub", "tenant.json"), "utf8"))).toMatchObject({ title: "quietclub", domain: "quietclub.localhost" });
  });
});
