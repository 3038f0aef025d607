import PgBoss from "pg-boss";
import type { Logger } from "pino";
import type { z } from "zod";
import type { Db } from "../db/client.ts";
import { type ErrorReporter, noErrorReporter } from "../lib/error-reporting.ts";
import { errorFields, throttledReport } from "../lib/process-errors.ts";

/**
 * One job kind: a queue name, a zod payload (always carrying communityId) and an idempotent
 * handler. Handlers may run more than once for the same payload (retries, crashes): they must
 * check what is already done.
 */
export type JobDefinition<S extends z.ZodType<{ communityId: string }>, D> = {
  name: string;
  schema: S;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * How long a started job may stay active before pg-boss fails it for a retry (its default is 15
   * minutes). A job whose process died is only picked up again after this, so short jobs say so.
   */
  expireInSeconds?: number;
  /** pg-boss queue policy; `short`: at most one queued (not yet active) job per singletonKey. */
  policy?: "standard" | "short" | "singleton" | "stately";
  /**
   * Jobs of this kind a worker runs at once (default 1: one after another). Each fails or succeeds
   * on its own; the worker fetches that many at a time.
   */
  concurrency?: (deps: D) => number;
  /** With concurrency: jobs fetched at once per lane (default LANE_BATCH; jobs that carry many items want fewer). */
  laneBatch?: number;
  handle: (deps: D, data: z.infer<S>) => Promise<void>;
  /** A cron (pg-boss schedule, created at server start) that enqueues this job with `data`. */
  cron?: { expression: string; data: z.infer<S>; tz?: string };
};

/**
 * What enqueuing needs of a job kind: its queue name and payload schema. A service that enqueues
 * imports only this (its `<job>-queue.ts`), so the job's handler may import the service.
 */
export type JobQueue<S extends z.ZodType<{ communityId: string }>> = { name: string; schema: S };

// biome-ignore lint/suspicious/noExplicitAny: a registry holds job definitions of every payload type
export type AnyJobDef = JobDefinition<any, any>;

export type SendOptions = {
  db?: Db;
  singletonKey?: string;
  /** With singletonKey: at most one job per key in each window of this many seconds (pg-boss throttling). */
  singletonSeconds?: number;
  startAfterSeconds?: number;
};

/** pg-boss talks through our transaction, so a job is enqueued only if the row that caused it commits. */
function bossDb(db: Db): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[]) => ({
      // pg-boss leaves unset options undefined; postgres.js refuses undefined parameters.
      rows: await db.unsafe(text, values.map((v) => (v === undefined ? null : v)) as never[]),
    }),
  };
}

/** Jobs a worker fetches at once (and runs one after another). */
const WORK_BATCH = 5;
/**
 * Jobs fetched at once per lane of a queue that runs several at once (mail.send): one fetch and
 * one completion per batch instead of per few jobs, and a lane that finishes early finds more
 * work in the batch instead of idling until the slowest lane is done.
 */
const LANE_BATCH = 10;
const MAX_BATCH = 100;

export class Jobs {
  private readonly defs = new Map<string, AnyJobDef>();
  private working = false;
  private stopping = false;

  /** Marks the start of shutdown (errors from closing connections are then expected). */
  beginShutdown(): void {
    this.stopping = true;
  }

  private constructor(
    readonly boss: PgBoss,
    private readonly log: Logger,
    private readonly errors: ErrorReporter,
  ) {}

  /**
   * Connects pg-boss (creating its schema on first use) and registers the queues of `defs`. A
   * job's failure goes to `opts.errors` (SENTRY_DSN) with its queue and id, besides the log.
   */
  static async start(databaseUrl: string, log: Logger, defs: AnyJobDef[], opts: { schedule?: boolean; errors?: ErrorReporter | undefined } = {}): Promise<Jobs> {
    const boss = new PgBoss({
      connectionString: databaseUrl,
      max: 4,
      schedule: opts.schedule ?? false,
      supervise: opts.schedule ?? false,
      // Expired jobs (their process died) are found by maintenance: every 15 s, not every 2 minutes.
      maintenanceIntervalSeconds: 15,
      application_name: "tuesday-jobs",
    });
    const jobs = new Jobs(boss, log, opts.errors ?? noErrorReporter);
    // During shutdown PostgreSQL may close connections under pg-boss; that is expected, not an error.
    // Only the error's own text: node-postgres errors carry their whole client object along. The
    // rest is reported too (SENTRY_DSN): a failed fetch, a worker loop's error, a lost connection;
    // the same text once a minute at most (pg-boss repeats it every poll while the database is down).
    const report = throttledReport(() => jobs.errors);
    boss.on("error", (err) => {
      if (jobs.stopping) return log.debug({ err: err.message }, "pg-boss during shutdown");
      log.error({ err: errorFields(err), source: "pg-boss" }, "pg-boss error");
      report(err, { source: "pg-boss" });
    });
    await boss.start();
    for (const def of defs) await jobs.register(def);
    if (opts.schedule) for (const def of defs) if (def.cron) await jobs.schedule(def, def.cron.expression, def.cron.data, { tz: def.cron.tz });
    return jobs;
  }

  async register(def: AnyJobDef): Promise<void> {
    this.defs.set(def.name, def);
    const policy = {
      ...(def.policy ? { policy: def.policy } : {}),
      retryLimit: def.retryLimit ?? 5,
      retryDelay: def.retryDelaySeconds ?? 10,
      retryBackoff: true,
      ...(def.expireInSeconds ? { expireInSeconds: def.expireInSeconds } : {}),
    };
    // createQueue leaves an existing queue as it was: the update brings its policy up to this release.
    await this.boss.createQueue(def.name, { name: def.name, ...policy });
    await this.boss.updateQueue(def.name, { name: def.name, ...policy });
  }

  async send<S extends z.ZodType<{ communityId: string }>>(
    def: JobQueue<S>,
    data: z.infer<S>,
    opts: SendOptions = {},
  ): Promise<string | null> {
    const payload = def.schema.parse(data) as object;
    return this.boss.send(def.name, payload, {
      ...(opts.db ? { db: bossDb(opts.db) } : {}),
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.singletonSeconds ? { singletonSeconds: opts.singletonSeconds } : {}),
      ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
    });
  }

  /**
   * Many jobs of one kind in one statement, in `opts.db`'s transaction when given; `singletonKey`
   * gives each its key as send's option does (a job whose key is taken is skipped, as send skips it);
   * `startAfterSeconds` delays them all, as send's option does.
   */
  async sendMany<S extends z.ZodType<{ communityId: string }>>(
    def: JobQueue<S>,
    data: z.infer<S>[],
    opts: { db?: Db; singletonKey?: (data: z.infer<S>) => string; startAfterSeconds?: number } = {},
  ): Promise<void> {
    if (data.length === 0) return;
    const key = opts.singletonKey;
    // pg-boss reads startAfter as an interval text: whole seconds.
    const startAfter = opts.startAfterSeconds ? { startAfter: String(Math.ceil(opts.startAfterSeconds)) } : {};
    const jobs = data.map((d) => ({ name: def.name, data: def.schema.parse(d) as object, ...(key ? { singletonKey: key(d) } : {}), ...startAfter }));
    // pg-boss hands the jobs over as one JSON text for `json_to_recordset($1)`; postgres.js would
    // encode that text once more as JSON, so it goes as the parsed value, typed json (oid 114).
    const db = opts.db;
    await this.boss.insert(
      jobs,
      db
        ? {
            db: {
              executeSql: async (text: string, values: unknown[]) => ({
                rows: await db.unsafe(text, values.map((v, i) => (v === undefined ? null : i === 0 && typeof v === "string" ? db.typed(JSON.parse(v), 114) : v)) as never[]),
              }),
            },
          }
        : {},
    );
  }

  /** Cancels a queued job (one not yet run), in the caller's transaction when `db` is given. */
  async cancel<S extends z.ZodType<{ communityId: string }>>(def: JobQueue<S>, id: string, opts: { db?: Db } = {}): Promise<void> {
    await this.boss.cancel(def.name, id, opts.db ? { db: bossDb(opts.db) } : {});
  }

  /** Creates or updates the cron schedule of a job (one per queue name). */
  async schedule<S extends z.ZodType<{ communityId: string }>>(def: JobQueue<S>, cron: string, data: z.infer<S>, opts: { tz?: string | undefined } = {}): Promise<void> {
    await this.boss.schedule(def.name, cron, def.schema.parse(data) as object, { tz: opts.tz ?? "UTC" });
  }

  private async runOne(deps: unknown, def: AnyJobDef, job: PgBoss.Job<unknown>): Promise<boolean> {
    const parsed = def.schema.safeParse(job.data);
    if (!parsed.success) {
      // A payload that can never succeed is failed without retries eating the queue.
      this.log.error({ queue: def.name, jobId: job.id, issues: parsed.error.issues }, "job payload invalid");
      this.errors.capture(new Error(`invalid payload for ${def.name}`), { queue: def.name, jobId: job.id, communityId: communityOf(job.data) });
      await this.boss.fail(def.name, job.id, { error: "invalid payload" });
      return false;
    }
    try {
      await def.handle(deps, parsed.data);
      await this.boss.complete(def.name, job.id);
      return true;
    } catch (err) {
      this.failed(err, def, job);
      await this.boss.fail(def.name, job.id, { error: err instanceof Error ? err.message : String(err) });
      return false;
    }
  }

  /** One failed run of a job: logged and reported (pg-boss retries it up to its retryLimit). */
  private failed(err: unknown, def: AnyJobDef, job: PgBoss.Job<unknown>): void {
    const communityId = communityOf(job.data);
    this.log.warn({ err, queue: def.name, jobId: job.id, communityId }, "job failed; pg-boss will retry");
    this.errors.capture(err, { queue: def.name, jobId: job.id, communityId });
  }

  /**
   * Starts polling workers for every registered queue (the server does this). pg-boss waits the
   * polling interval after every fetch, which alone held a queue to 5 jobs a second (a mailing to
   * 2,000 members took almost 7 minutes to leave the outbox); a batch that found jobs means more
   * may be waiting, so the worker fetches again at once, and only an idle queue waits for the next
   * poll.
   */
  async work(deps: unknown, opts: { pollingIntervalSeconds?: number } = {}): Promise<void> {
    this.working = true;
    for (const def of this.defs.values()) {
      const workerId: { id?: string } = {};
      const parallel = Math.max(1, def.concurrency?.(deps) ?? 1);
      const batchSize = parallel === 1 ? WORK_BATCH : Math.min(MAX_BATCH, Math.max(WORK_BATCH, parallel * (def.laneBatch ?? LANE_BATCH)));
      workerId.id = await this.boss.work(def.name, { batchSize, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1 }, async (batch) => {
        if (parallel === 1) {
          for (const job of batch) {
            try {
              const parsed = def.schema.safeParse(job.data);
              if (!parsed.success) throw new Error(`invalid payload for ${def.name}`);
              await def.handle(deps, parsed.data);
            } catch (err) {
              // pg-boss fails the batch's jobs still active (this one and those after it).
              if (!this.stopping) this.failed(err, def, job);
              throw err;
            }
          }
        } else {
          // `parallel` lanes take the batch's jobs in turn; a failed job is failed alone (pg-boss
          // then completes only the batch's jobs still active).
          let next = 0;
          const lane = async () => {
            for (let job = batch[next++]; job; job = batch[next++]) {
              const parsed = def.schema.safeParse(job.data);
              try {
                if (!parsed.success) throw new Error(`invalid payload for ${def.name}`);
                await def.handle(deps, parsed.data);
              } catch (err) {
                this.failed(err, def, job);
                await this.boss.fail(def.name, job.id, { error: err instanceof Error ? err.message : String(err) });
              }
            }
          };
          await Promise.all(Array.from({ length: Math.min(parallel, batch.length) }, lane));
        }
        // Any job found: more may have come meanwhile (a mailing chunk enqueues its successor and
        // its mails), so fetch again at once; only an empty fetch waits for the next poll.
        if (batch.length > 0 && workerId.id && !this.stopping) this.boss.notifyWorker(workerId.id);
      });
    }
  }

  /**
   * Fetches and runs whatever is queued now for `name` (or every queue), returning how many jobs
   * succeeded. The CLI and tests use it to process deterministically through pg-boss.
   */
  async drain(deps: unknown, name?: string): Promise<number> {
    let done = 0;
    const names = name ? [name] : [...this.defs.keys()];
    for (const n of names) {
      const def = this.defs.get(n);
      if (!def) throw new Error(`unknown job ${n}`);
      for (;;) {
        const batch = await this.boss.fetch<unknown>(n, { batchSize: 20 });
        if (!batch.length) break;
        for (const job of batch) if (await this.runOne(deps, def, job)) done++;
      }
    }
    return done;
  }

  /** pg-boss's own connection pool (node-postgres), for /metrics; undefined before it opened. */
  poolStats(): { max: number; inUse: number; waiting: number } | undefined {
    const pool = (this.boss.getDb() as { pool?: { totalCount: number; idleCount: number; waitingCount: number; options?: { max?: number } } }).pool;
    if (!pool) return undefined;
    return { max: pool.options?.max ?? 0, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount };
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.boss.stop({ graceful: this.working, timeout: 10_000, wait: true });
  }
}

/** The community a job's payload names (every payload carries one), for its log line and report. */
function communityOf(data: unknown): string | undefined {
  const id = typeof data === "object" && data !== null ? (data as { communityId?: unknown }).communityId : undefined;
  return typeof id === "string" ? id : undefined;
}

/** pg-boss jobs by queue and state (its `pgboss.job` table, on this database), for /metrics. */
export async function countJobsByState(db: Db): Promise<{ queue: string; state: string; count: number }[]> {
  return db<{ queue: string; state: string; count: number }[]>`
    select name as queue, state::text as state, count(*)::int as count from pgboss.job group by name, state order by name, state`;
}

/** A community's jobs of `queue` that are waiting, due later, or running (not finished, failed or cancelled). */
export async function countOpenJobs(db: Db, queue: string, communityId: string): Promise<number> {
  const rows = await db<{ count: number }[]>`
    select count(*)::int as count from pgboss.job
    where name = ${queue} and state in ('created', 'retry', 'active') and data->>'communityId' = ${communityId}`;
  return rows[0]?.count ?? 0;
}

/** Per queue, the age in seconds of its oldest job that is due and waits for a worker, for /metrics. */
export async function oldestWaitingJobs(db: Db): Promise<{ queue: string; oldestSeconds: number }[]> {
  return db<{ queue: string; oldestSeconds: number }[]>`
    select name as queue, extract(epoch from now() - min(created_on))::float8 as "oldestSeconds"
    from pgboss.job where state in ('created', 'retry') and start_after <= now() group by name order by name`;
}
