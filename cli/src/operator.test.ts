import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestEnv, type TestEnv } from "../../tests/support/harness.ts";
import { cliSession } from "./run-cli.ts";

// One community provisioned from scratch by the real binary, step by step (each test builds on the
// one before): init and apply, questions, a member import, invitations, a mailing.
vi.setConfig({ testTimeout: 120_000 });

let env: TestEnv;
let tmp: string;
let tenantsDir: string;
const SLUG = "acme";

const cli = cliSession(() => env.dbUrl);
function runCli(args: string[]) {
  return cli.run(args);
}

const GOOD = Array.from({ length: 20 }, (_, i) => ({
  name: `Member${String.fromCharCode(65 + i)} Test`,
  email: `member${i}@acme.example`,
  company: i % 2 ? "Acme" : "Globex",
  position: "Engineer",
  city: "Berlin",
  tags: "python; data",
  linkedin: `https://www.linkedin.com/in/member-${i}`,
  lookingFor: "A co-founder",
}));
const BAD = [
  { name: "No Email", email: "", why: /email: Required/ },
  { name: "Bad Email", email: "not-an-email", why: /email: Invalid e-mail format/ },
  { name: "", email: "noname@acme.example", why: /name: Required/ },
  { name: "Bad Phone", email: "phone@acme.example", phone: "12", why: /phone: Use the international format/ },
  { name: "Bad Linked", email: "linked@acme.example", linkedin: "not a profile", why: /contacts\.LINKEDIN: / },
];

function csv(rows: Record<string, string | RegExp | undefined>[]): string {
  const header = ["Full Name", "E-mail", "Company", "Position", "City", "Tags", "LinkedIn", "Looking for", "Phone"];
  const cell = (v: string | RegExp | undefined) => typeof v !== "string" ? "" : /[",;\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  return [header.join(","), ...rows.map((r) => [r.name, r.email, r.company, r.position, r.city, r.tags, r.linkedin, r.lookingFor, r.phone].map(cell).join(","))].join("\n");
}

beforeAll(async () => {
  env = await createTestEnv();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "tuesday-operator-"));
  tenantsDir = path.join(tmp, "tenants");
});
afterAll(async () => {
  await cli.close();
  await env?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe("provisioning a community from scratch with the CLI", () => {
  it("tenant init scaffolds a current-version tenant.json; apply creates it, prints each changed field, and is idempotent", async () => {
    const init = await runCli([
      "tenant", "init", SLUG, "--dir", tenantsDir, "--title", "Acme Club", "--domain", "acme.localhost", "--languages", "en,ru", "--sign-in", "EMAIL,OTP", "--json",
    ]);
    expect(init.code, init.stderr).toBe(0);
    const created = JSON.parse(init.stdout);
    expect(created).toMatchObject({ ok: true, id: SLUG });
    const file = JSON.parse(await fs.readFile(created.file, "utf8"));
    expect(file).toMatchObject({ version: 2, id: SLUG, title: "Acme Club", langChoices: ["en", "ru"], authConfig: [{ authType: "EMAIL" }, { authType: "OTP" }] });

    const first = await runCli(["--json", "tenant", "apply", SLUG, "--dir", tenantsDir]);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout).tenants).toMatchObject([{ id: SLUG, action: "create" }]);
    expect(await env.db`select 1 from communities where id = ${SLUG}`).toHaveLength(1);

    file.title = "Acme Guild";
    await fs.writeFile(created.file, JSON.stringify(file, null, 2));
    const dry = await runCli(["tenant", "apply", SLUG, "--dir", tenantsDir, "--dry-run"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('would update  acme (1 field)\n  ~ title: "Acme Club" -> "Acme Guild"');
    const [still] = await env.db<{ title: string }[]>`select config->>'title' as title from communities where id = ${SLUG}`;
    expect(still?.title).toBe("Acme Club");

    const second = await runCli(["tenant", "apply", SLUG, "--dir", tenantsDir]);
    expect(second.stdout).toContain('updated  acme (1 field)\n  ~ title: "Acme Club" -> "Acme Guild"');
    const third = await runCli(["tenant", "apply", "--all", "--dir", tenantsDir]);
    expect(third.stdout).toMatch(/^unchanged {2}acme$/m);
    const audits = await env.db`select 1 from audit_events where community_id = ${SLUG} and action = 'tenant.apply' and actor_kind = 'operator'`;
    expect(audits).toHaveLength(2);
  });

  it("questions seed reads YAML with options and translations, idempotent by key", async () => {
    const file = path.join(tmp, "questions.yaml");
    await fs.writeFile(
      file,
      `version: 1
questions:
  - key: industry
    text: Which industry are you in?
    type: RADIO
    required: true
    translations: { en: Which industry are you in?, ru: В какой вы отрасли? }
    options:
      - { key: tech, text: Technology, translations: { en: Technology, ru: Технологии } }
      - { key: retail, text: Retail, translations: { en: Retail, ru: Ритейл } }
  - key: goals
    text: What do you want from the club?
    type: CHECKBOX
    options:
      - { key: clients, text: Clients }
      - { key: hires, text: Hires }
`,
    );
    const seeded = await runCli(["questions", "seed", "--community", SLUG, file, "--json"]);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(JSON.parse(seeded.stdout)).toMatchObject({ changed: true, questions: 2 });
    const again = await runCli(["questions", "seed", "--community", SLUG, file]);
    expect(again.stdout).toContain("Unchanged: 2 questions in acme.");
    const rows = await env.db<{ key: string; ru: string }[]>`
      select key, translations->>'ru' as ru from community_questions where community_id = ${SLUG} order by position`;
    expect(rows).toEqual([
      { key: "industry", ru: "В какой вы отрасли?" },
      { key: "goals", ru: null },
    ]);
    expect(await env.db`select 1 from community_question_options where community_id = ${SLUG}`).toHaveLength(4);
  });

  it("members import: the dry run names every bad row and why; a real run with bad rows imports nothing; then the good ones, twice, without duplicates", async () => {
    const file = path.join(tmp, "members.csv");
    const rows = [...GOOD.slice(0, 10), ...BAD, ...GOOD.slice(10)];
    await fs.writeFile(file, csv(rows));

    const dry = await runCli(["members", "import", "--community", SLUG, file, "--dry-run", "--json"]);
    expect(dry.code).toBe(1);
    const report = JSON.parse(dry.stdout);
    expect(report).toMatchObject({ dryRun: true, rows: 25, valid: 20, wouldCreate: 20, existing: 0, duplicatesInFile: [] });
    expect(report.invalid).toHaveLength(5);
    BAD.forEach((bad, i) => {
      const problem = report.invalid[i];
      expect(problem.row).toBe(11 + i);
      expect(problem.errors.join("; ")).toMatch(bad.why);
    });
    expect(dry.stderr).toMatch(/error: 5 rows would not be imported \(hint: /);

    const refused = await runCli(["members", "import", "--community", SLUG, file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("row 13 (line 14) noname@acme.example: name: Required");
    expect(refused.stderr).toContain("error: 5 invalid or duplicated rows: nothing imported");
    const count = async () => (await env.db<{ n: number }[]>`select count(*)::int as n from participants where community_id = ${SLUG}`)[0]?.n;
    expect(await count()).toBe(0);

    const imported = await runCli(["members", "import", "--community", SLUG, file, "--skip-invalid", "--batch-size", "7", "--json"]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ ok: true, created: 20, updated: 0, skipped: 5, batches: 3 });
    expect(await count()).toBe(20);
    const [m0] = await env.db<{ first_name: string; last_name: string; contacts: Record<string, string>; tags: string[]; looking_for_text: string; moderation_status: string }[]>`
      select p.first_name, p.last_name, p.contacts, p.tags, p.looking_for_text, p.moderation_status
      from participants p join users u on u.id = p.user_id where p.community_id = ${SLUG} and u.email = 'member0@acme.example'`;
    expect(m0).toMatchObject({ first_name: "MemberA", last_name: "Test", tags: ["python", "data"], looking_for_text: "A co-founder", moderation_status: "confirmed" });
    expect(m0?.contacts.LINKEDIN).toContain("linkedin.com/in/member-0");
    expect(await env.db`select 1 from member_import_checkpoints where community_id = ${SLUG}`).toHaveLength(0);
    expect(await env.db`select 1 from audit_events where community_id = ${SLUG} and action = 'members.import' and actor_kind = 'operator'`).toHaveLength(3);

    const again = await runCli(["--json", "members", "import", "--community", SLUG, file, "--skip-invalid"]);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ created: 0, updated: 20 });
    expect(await count()).toBe(20);
  });

  it("members import --invite sends the new members the invitation mail (in the outbox)", async () => {
    const file = path.join(tmp, "new.csv");
    const fresh = [0, 1, 2].map((i) => ({ ...GOOD[0], name: `Invitee${String.fromCharCode(65 + i)} New`, email: `invitee${i}@acme.example` }));
    // A known member in the same file is updated, not invited.
    await fs.writeFile(file, csv([...fresh, GOOD[1] ?? {}]));
    const r = await runCli(["members", "import", "--community", SLUG, file, "--invite"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Imported 4 members into acme: 3 new, 1 updated; 3 invited.");
    const mail = await env.db<{ to_email: string; subject: string }[]>`
      select to_email, subject from mail_outbox where community_id = ${SLUG} and template = 'notice' order by to_email`;
    expect(mail.map((m) => m.to_email)).toEqual(["invitee0@acme.example", "invitee1@acme.example", "invitee2@acme.example"]);
    expect(mail[0]?.subject).toBe("You are invited to Acme Club"); // the brand title
  });

  it("mail notify runs the mailing through its pg-boss job, with progress, into the outbox", async () => {
    const file = path.join(tmp, "news.json");
    await fs.writeFile(file, JSON.stringify({ subject: "Club news", body: "First meetup on Tuesday.\n\nSee you there." }));
    const r = await runCli(["mail", "notify", "--community", SLUG, "--template", file, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const mailing = JSON.parse(r.stdout);
    expect(mailing).toMatchObject({ status: "done", total: 23, sent: 23, percent: 100 });
    expect(r.stderr).toMatch(/\[#{20}\] 100% {2}sent 23/);
    const rows = await env.db`select 1 from mail_outbox where community_id = ${SLUG} and subject = 'Club news'`;
    expect(rows).toHaveLength(23);
    expect(await env.db`select 1 from audit_events where community_id = ${SLUG} and action = 'mailing.send' and actor_kind = 'operator'`).toHaveLength(1);
  });

  it("exit codes: 2 for a usage mistake, 1 for a failure, each one line with a hint", async () => {
    const usage = await runCli(["members", "import", path.join(tmp, "members.csv")]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("required option '--community <slug>' not specified");
    const failure = await runCli(["--json", "members", "import", "--community", "nope", path.join(tmp, "members.csv")]);
    expect(failure.code).toBe(1);
    expect(failure.stderr.trim().split("\n").at(-1)).toMatch(/^error: community "nope" not found \(hint: see `tuesday tenant list`/);
    expect(JSON.parse(failure.stdout)).toMatchObject({ ok: false, error: 'community "nope" not found', exitCode: 1 });
  });
});
