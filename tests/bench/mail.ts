/**
 * `npm run bench:mail`: a community mailing (POST /api/community/{id}/participants/notify, every
 * member, in each one's language) to BENCH_MEMBERS members (100,000) from the real server process
 * (`platform/src/server.ts`, SMTP_URL as an operator sets it: pooled by default) into a local SMTP
 * sink (smtp-server, a process of its own), then the same number of messages of the same size
 * through raw pooled nodemailer (the same number of connections) to the same sink, in the same run.
 * Prints messages per second of both and their ratio. Targets: at least 0.5 of raw nodemailer,
 * and 100,000 in at most 4 minutes. The time counts from the request to the sink's last message.
 */
import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { applyTenants, createDb, createSession, Jobs, allJobs, migrate, renderMail, smtpSocket, TenantConfigSchema, TenantDirectory } from "@tuesday/platform";
import pino from "pino";
import { cleanUp, freePort, hostRequest, startServer, tempDir, waitReady } from "../lifecycle/server-process.ts";
import { type Cleanups, scratchDatabase } from "../support/scratch-db.ts";
import { tenantFixture } from "../support/tenants.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const TENANT = "benchmail";
const CONNECTIONS = 3;
const content = {
  en: { subject: "This Tuesday at the community", body: "Hello!\n\nThis week's meetings are out: open the app to see who you meet.\n\nSee you on Tuesday." },
  ru: { subject: "Вторник в сообществе", body: "Привет!\n\nВстречи этой недели готовы: откройте приложение.\n\nДо вторника." },
};

/** utime + stime (and, with `reaped`, those of its waited-for children) of a process in ms, from /proc; NaN off Linux. */
function processCpuMs(pid: number, reaped = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ").map(Number);
    const ticks = (f[11] ?? 0) + (f[12] ?? 0) + (reaped ? (f[13] ?? 0) + (f[14] ?? 0) : 0);
    return ticks * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * The CPU time of the whole PostgreSQL cluster in ms: the postmaster with the backends it reaped,
 * and every live one (the server's pools open and close backends during the run).
 */
function postgresCpuMs(postmaster: number): number {
  let total = processCpuMs(postmaster, true);
  try {
    for (const child of readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, "utf8").trim().split(/\s+/).filter(Boolean)) {
      total += processCpuMs(Number(child));
    }
  } catch {
    return Number.NaN;
  }
  return total;
}

type SinkMessage = { port?: number; reached?: number; at?: number; count?: number };

function startSink(): Promise<{ child: ChildProcess; port: number; waitFor: (n: number) => Promise<number>; count: () => Promise<number> }> {
  const child = fork(path.join(import.meta.dirname, "mail-sink.mjs"), { stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("message", (m: SinkMessage) => {
      const waitFor = (n: number) =>
        new Promise<number>((res) => {
          const on = (msg: SinkMessage) => {
            if (msg.reached !== undefined) {
              child.off("message", on);
              res(msg.at ?? Date.now());
            }
          };
          child.on("message", on);
          child.send({ reset: true, expect: n });
        });
      const count = () =>
        new Promise<number>((res) => {
          const on = (msg: SinkMessage) => {
            if (msg.count !== undefined) {
              child.off("message", on);
              res(msg.count);
            }
          };
          child.on("message", on);
          child.send({ count: true });
        });
      resolve({ child, port: m.port ?? 0, waitFor, count });
    });
  });
}

async function main(): Promise<void> {
  const cleanups: Cleanups = [];
  const sink = await startSink();
  cleanups.push(async () => void sink.child.disconnect());
  try {
    const dbUrl = await scratchDatabase("bench-mail", cleanups);
    const db = createDb(dbUrl, { max: 2 });
    cleanups.push(() => db.end());
    await migrate(db);
    const jobs = await Jobs.start(dbUrl, pino({ level: "silent" }), allJobs);
    await jobs.stop();
    await applyTenants(db, [{ config: TenantConfigSchema.parse(tenantFixture(TENANT)), landing: {}, navigation: null, dir: "" }], { actor: { kind: "operator" } });
    const t0 = Date.now();
    const [admin] = await db<{ id: string }[]>`
      insert into users (email, home_community_id, preferred_lang, email_verified_at) values ('bench-admin@bench.example', ${TENANT}, 'en', now()) returning id`;
    if (!admin) throw new Error("no admin");
    await db`insert into participants (community_id, user_id, moderation_status, role) values (${TENANT}, ${admin.id}, 'confirmed', 'admin')`;
    await db`
      insert into users (email, home_community_id, preferred_lang, email_verified_at)
      select 'member' || g || '@bench.example', ${TENANT}, case when g % 2 = 0 then 'ru' else 'en' end, now() from generate_series(1, ${MEMBERS}) g`;
    await db`insert into participants (community_id, user_id, moderation_status) select ${TENANT}, u.id, 'confirmed' from users u where u.email like 'member%@bench.example'`;
    console.log(`${MEMBERS} members written in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const { token } = await createSession(db, { userId: admin.id, communityId: TENANT, authMethod: "EMAIL" });

    // The product: the server as an operator runs it (SMTP_URL without options: pooled by default).
    // BENCH_NODE_ARGS: extra node options for the server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
    const port = await freePort();
    const server = startServer(await tempDir(), port, { DATABASE_URL: dbUrl, SMTP_URL: `smtp://127.0.0.1:${sink.port}`, LOG_LEVEL: "info" }, { nodeArgs: process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [] });
    cleanups.push(cleanUp);
    await waitReady(server, 120_000);
    const load = os.loadavg()[0]?.toFixed(1);
    const [backend] = await db<{ pid: number }[]>`select pg_backend_pid() as pid`;
    const postmaster = Number(readFileSync(`/proc/${backend?.pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1]);
    const serverPid = server.child.pid ?? 0;
    const cpuBefore = { server: processCpuMs(serverPid), postgres: postgresCpuMs(postmaster), sink: processCpuMs(sink.child.pid ?? 0) };
    const reached = sink.waitFor(MEMBERS);
    const started = Date.now();
    const res = await hostRequest(port, `${TENANT}.localhost:${port}`, "POST", `/api/community/${TENANT}/participants/notify`, { authorization: `Bearer ${token}` }, { content, audience: { roles: ["member"] } });
    if (res.status !== 202) throw new Error(`notify answered ${res.status}: ${JSON.stringify(res.body)}`);
    const progress = setInterval(async () => {
      const [outbox] = await db<{ n: number }[]>`select count(*)::int as n from mail_outbox where community_id = ${TENANT}`;
      console.log(`  product: ${await sink.count()} of ${MEMBERS} received, ${outbox?.n ?? 0} in the outbox, after ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }, Number(process.env.BENCH_PROGRESS_MS ?? 15_000));
    const productMs = (await reached) - started;
    clearInterval(progress);
    const productCpu = {
      server: processCpuMs(serverPid) - cpuBefore.server,
      postgres: postgresCpuMs(postmaster) - cpuBefore.postgres,
      sink: processCpuMs(sink.child.pid ?? 0) - cpuBefore.sink,
    };
    server.child.kill("SIGTERM");
    await server.exited;

    // Raw pooled nodemailer: the same rendered mail to every recipient, all handed to the pool at once.
    const tenant = await new TenantDirectory(db, { urlTemplate: "http://{id}.localhost:{port}", port }).get(TENANT);
    if (!tenant) throw new Error("no tenant");
    const mail = renderMail(tenant, "en", "mailing", { title: content.en.subject, paragraphs: content.en.body.split("\n\n"), unsubscribeLink: `http://${TENANT}.localhost/api/unsubscribe/${"x".repeat(32)}` });
    // The reference at its best: sockets with TCP_NODELAY, as the product's (mail/transport.ts);
    // nodemailer's default sockets wait ~40 ms a command on delayed ACKs (64 mails/s here).
    const raw = nodemailer.createTransport({
      host: "127.0.0.1",
      port: sink.port,
      secure: false,
      ignoreTLS: true,
      pool: true,
      maxConnections: CONNECTIONS,
      maxMessages: 1000,
      getSocket: smtpSocket,
    } as nodemailer.TransportOptions);
    const rawReached = sink.waitFor(MEMBERS);
    const rawCpuBefore = { self: process.cpuUsage(), sink: processCpuMs(sink.child.pid ?? 0) };
    const rawStarted = Date.now();
    const sends: Promise<unknown>[] = [];
    for (let i = 1; i <= MEMBERS; i++) {
      sends.push(raw.sendMail({ from: `hello@${TENANT}.test.example`, to: `member${i}@bench.example`, subject: mail.subject, html: mail.html, text: mail.text, headers: { "List-Unsubscribe": "<http://x/>", "Message-ID": `<${i}.raw@bench.example>` } }));
    }
    await Promise.all(sends);
    const rawMs = (await rawReached) - rawStarted;
    const rawSelf = process.cpuUsage(rawCpuBefore.self);
    const rawCpu = { sender: (rawSelf.user + rawSelf.system) / 1000, sink: processCpuMs(sink.child.pid ?? 0) - rawCpuBefore.sink };
    raw.close();

    const productRate = MEMBERS / (productMs / 1000);
    const rawRate = MEMBERS / (rawMs / 1000);
    console.log(`\nbench:mail, ${MEMBERS} recipients, ${CONNECTIONS} SMTP connections, load average ${load} (${os.cpus().length} cores) at the start`);
    console.log(`  product (mailing through the server):  ${(productMs / 1000).toFixed(1)} s, ${productRate.toFixed(0)} msg/s`);
    console.log(`  raw pooled nodemailer:                 ${(rawMs / 1000).toFixed(1)} s, ${rawRate.toFixed(0)} msg/s`);
    const perMail = (ms: number) => `${((ms * 1000) / MEMBERS).toFixed(0)} µs`;
    console.log(
      `  CPU per mail, product: server ${perMail(productCpu.server)}, PostgreSQL ${perMail(productCpu.postgres)}, sink ${perMail(productCpu.sink)}; raw: sender ${perMail(rawCpu.sender)}, sink ${perMail(rawCpu.sink)}`,
    );
    console.log(`  ratio product / raw: ${(productRate / rawRate).toFixed(2)} (target >= 0.5); 100k at the product's rate: ${(100_000 / productRate / 60).toFixed(1)} min (target <= 4)`);
  } finally {
    for (const fn of cleanups.reverse()) await fn().catch((err) => console.error(err));
  }
}

await main();
