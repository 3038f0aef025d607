import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { ADMIN_SECRET, E2E_PORT } from "./playwright.config.ts";

export const TENANTS = { founders: "founders", tochka: "tochka", devguild: "devguild", northbank: "northbank" } as const;

/** A page URL on a tenant's own domain (the browser resolves *.localhost to loopback). */
export function tenantUrl(tenant: string, path = "/"): string {
  return `http://${tenant}.localhost:${E2E_PORT}${path}`;
}

/** Node-side calls go to 127.0.0.1 and name the tenant in the Host header. */
export function apiTarget(tenant: string, path: string) {
  return { url: `http://127.0.0.1:${E2E_PORT}${path}`, headers: { Host: `${tenant}.localhost:${E2E_PORT}` } };
}

/** An API call as `tenant`'s member (token) or signed out (null): the parsed JSON answer; fails the test on a non-2xx. */
export async function tenantApi(
  request: APIRequestContext,
  tenant: string,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  path: string,
  token: string | null,
  data?: unknown,
) {
  const t = apiTarget(tenant, path);
  const res = await request.fetch(t.url, {
    method,
    headers: { ...t.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

let counter = 0;
/** Unique across the run's workers too: each worker is a process of its own with its own counter. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid.toString(36)}-${counter}@e2e.example`;
}

type Mail = { id: string; to: string; subject: string; text: string; createdAt: string };

/** Waits for a mail to `to` newer than `after` (ISO time) in the dev outbox; newest first. */
export async function waitForMail(request: APIRequestContext, to: string, opts: { after?: string; match?: RegExp } = {}): Promise<Mail> {
  const target = apiTarget(TENANTS.founders, `/dev/mail.json?to=${encodeURIComponent(to)}`);
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(target.url, { headers: target.headers });
        expect(res.ok()).toBe(true);
        const mails = (await res.json()) as Mail[];
        found = mails.find((m) => (!opts.after || m.createdAt > opts.after) && (!opts.match || opts.match.test(m.text)));
        return found !== undefined;
      },
      { timeout: 10_000, message: `no mail to ${to}` },
    )
    .toBe(true);
  if (!found) throw new Error("unreachable");
  return found;
}

/**
 * The mail a wait is for, among others the same member may get meanwhile (a mailing another spec
 * sends to every member of the community, a notification): a one-time code, a link.
 */
export const CODE_MAIL = /\b\d{6}\b/;
export const mailWithLink = (path: string): RegExp => new RegExp(path.replace(/[/?.]/g, "\\$&"));

export function codeFrom(mail: Mail): string {
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m?.[1]) throw new Error(`no code in mail "${mail.subject}"`);
  return m[1];
}

export function linkFrom(mail: Mail, path: string): string {
  const m = new RegExp(`https?://[^\\s"'<>]+${path.replace(/[/?]/g, "\\$&")}[^\\s"'<>]*`).exec(mail.text);
  if (!m) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return m[0];
}

/** Creates an account through the API, as the registration page would. */
export async function registerUser(request: APIRequestContext, tenant: string, email: string, password: string): Promise<void> {
  const t = apiTarget(tenant, "/api/auth/register-user");
  const res = await request.post(t.url, { headers: t.headers, data: { email, password, agreePolicy: true } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A community admin, made with the server's admin registration secret (set in the config). */
export async function registerAdmin(request: APIRequestContext, tenant: string, email: string, password: string): Promise<void> {
  const t = apiTarget(tenant, `/api/auth/register-admin?secret=${encodeURIComponent(ADMIN_SECRET)}`);
  const res = await request.post(t.url, { headers: t.headers, data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem("token"));
}

/** Where a fresh member lands after signing in (spec 4.3): /questions without a participant, else my communities. */
export const SIGNED_IN_URL = /\/(questions|my_communities)$/;

/** Signs in through the API and returns the session token. */
export async function apiLogin(request: APIRequestContext, tenant: string, email: string, password: string): Promise<string> {
  const t = apiTarget(tenant, "/api/auth/login");
  const res = await request.post(t.url, { headers: t.headers, data: { authType: "EMAIL", email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A one-time transfer URL (…?token=<code>) into `communityId`, issued for a signed-in user. */
export async function transferUrl(request: APIRequestContext, tenant: string, token: string, communityId: string): Promise<string> {
  const t = apiTarget(tenant, "/api/auth/transfer");
  const res = await request.post(t.url, { headers: { ...t.headers, Authorization: `Bearer ${token}` }, data: { communityId } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

/** Signs in (and so signs up) to founders, or `tenant`, by a one-time code from the dev outbox; registrations per IP are not spent. */
export async function signInByCode(request: APIRequestContext, email: string, tenant: string = TENANTS.founders): Promise<string> {
  const t = apiTarget(tenant, "/api/auth/login");
  const before = new Date(Date.now() - 1000).toISOString();
  const sent = await request.post(t.url, { headers: t.headers, data: { authType: "OTP", email } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = codeFrom(await waitForMail(request, email, { after: before, match: CODE_MAIL }));
  const res = await request.post(t.url, { headers: t.headers, data: { authType: "OTP", email, password: code } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** axe-core on the page as it is now: no serious or critical violation. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(" "))
      .join(" | ")}`);
  expect(bad, `axe on ${screen}`).toEqual([]);
}

/**
 * A tab of the member app's bar, shown: on the bar's row, or under "More" / "Ещё" (opened here)
 * when the row is full (northbank at 1280 px, decision 0177). Returns the tab's link.
 */
export async function revealTab(page: Page, name: string): Promise<Locator> {
  const nav = page.locator("#main-nav");
  const link = nav.getByRole("link", { name, exact: true });
  const more = nav.locator(".nav-more-button");
  // The bar has measured itself once the tab is on the row or More is there (More lists its tabs when opened).
  await expect(link.or(more).first()).toBeVisible();
  if (!(await link.isVisible())) await more.click();
  await expect(link).toBeVisible();
  return link;
}

/** Opens a tab of the member app's bar by its name, wherever the bar shows it (revealTab). */
export async function openTab(page: Page, name: string): Promise<void> {
  await (await revealTab(page, name)).click();
}

const repoRoot = path.resolve(import.meta.dirname, "../..");
/** The browser tests' server data (its embedded PostgreSQL), which scripts and the CLI borrow. */
const e2eDataDir = process.env.E2E_DATA_DIR ?? path.join(repoRoot, `.tmp/e2e-data-${E2E_PORT}`);
const scriptEnv = () => ({ ...process.env, DATA_DIR: e2eDataDir, NODE_ENV: "test", LOG_LEVEL: "warn" });

/** Runs a node script of the repository against the browser tests' database, as the operator would; fails the test unless it exits 0. */
export function runNode(args: string[]): string {
  const run = spawnSync(process.execPath, ["--import", "tsx", ...args], { cwd: repoRoot, env: scriptEnv(), encoding: "utf8", timeout: 60_000 });
  expect(run.status, `${run.stderr}\n${run.stdout}`).toBe(0);
  return run.stdout;
}

export type CliRun = { code: number; stdout: string; stderr: string };

/**
 * A command line of the operator CLI (`tuesday ...`) on the browser tests' database: sent to the
 * run's one CLI process (cli/src/cli-runner.ts, started by global-setup: E2E_CLI_URL), which runs the real
 * CLI program as `tuesday` would, without a process start (2-5 s) per command. Without that
 * process (a spec run without global-setup), a `tuesday` process of its own.
 */
export async function runCli(args: string[]): Promise<CliRun> {
  const url = process.env.E2E_CLI_URL;
  if (url) {
    const res = await fetch(`${url}/run`, { method: "POST", body: JSON.stringify({ args }), signal: AbortSignal.timeout(120_000) });
    return (await res.json()) as CliRun;
  }
  return promisify(execFile)(process.execPath, ["--import", "tsx", "cli/src/main.ts", ...args], { cwd: repoRoot, env: scriptEnv(), timeout: 60_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: typeof e.code === "number" ? e.code : 1, stdout: e.stdout ?? "", stderr: e.stderr ?? String(e) }),
  );
}

/** The operator CLI (`tuesday ...`) on the browser tests' database (runCli); fails unless it exits 0. Returns its stdout. */
export async function operatorCli(...args: string[]): Promise<string> {
  const run = await runCli(args);
  expect(run.code, `tuesday ${args.join(" ")}\n${run.stderr}\n${run.stdout}`).toBe(0);
  return run.stdout;
}

/**
 * A community of the caller's own, made like `base` (its tenant files under a new id), as an
 * operator makes one (`tuesday tenant apply --dir`): what a spec does to a whole community there (a
 * weekly matching run pairs every member) meets no other spec's members, and theirs never meet it,
 * whatever runs beside it. The running server finds it by its `<id>.localhost` host at once (no
 * request has asked for that host before). Returns the id.
 */
export async function ownCommunity(base: string, label: string): Promise<string> {
  counter += 1;
  const id = `${label}-${Date.now().toString(36)}-${process.pid.toString(36)}${counter}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tuesday-e2e-community-"));
  try {
    fs.cpSync(path.join(repoRoot, "tenants", base), path.join(dir, id), { recursive: true });
    const file = path.join(dir, id, "tenant.json");
    const { $schema: _schema, isDefault: _default, ...config } = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
    fs.writeFileSync(file, JSON.stringify({ ...config, id, domain: `${id}.localhost`, senderEmail: `hello@${id}.localhost` }));
    await operatorCli("tenant", "apply", "--all", "--dir", dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return id;
}

/**
 * Opens the console of `tenant` already signed in as `email` (through the API, the session in
 * localStorage as the sign-in page leaves it): for specs about what the console does, not about its
 * sign-in (console.spec, console-sign-in.spec and topics.spec sign in through the form).
 */
export async function openConsoleSignedIn(page: Page, request: APIRequestContext, tenant: string, email: string, password: string, hash = ""): Promise<void> {
  const token = await apiLogin(request, tenant, email, password);
  await page.addInitScript((t) => {
    if (!localStorage.getItem("token")) localStorage.setItem("token", t);
  }, token);
  await page.goto(tenantUrl(tenant, `/console/${hash}`));
  await expect(page.getByTestId("admin-identity")).toHaveText(email);
}
