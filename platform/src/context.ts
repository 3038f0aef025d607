import type { Logger } from "pino";
import type { SessionCache } from "./auth/session-cache.ts";
import type { ViewCache } from "./auth/view-cache.ts";
import type { ApiKeyPrincipal } from "./authz/api-keys.ts";
import type { ParticipantSnapshot } from "./authz/roles.ts";
import type { AppConfig } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { Jobs } from "./jobs/jobs.ts";
import type { ErrorReporter } from "./lib/error-reporting.ts";
import type { CommunityModels } from "./matching/community-model.ts";
import type { Bus } from "./realtime/bus.ts";
import type { Tenant } from "./tenancy/schema.ts";
import type { TenantDirectory } from "./tenancy/service.ts";
import type { WebhookSubscriptions } from "./webhooks/subscriptions.ts";

/** Who is acting. A verb's first line checks it. */
export type Actor =
  | { kind: "anonymous" }
  | {
      kind: "user";
      userId: string;
      sessionId: string;
      isOperator: boolean;
      /** Read with the session (null: no participant here; undefined: not read, ask the database). */
      participant?: ParticipantSnapshot | null;
      /**
       * Set when the request is made with a community API key: the key acts as the admin who made
       * it (`userId`), never as an operator, within the key's scopes (checked by each route).
       */
      apiKey?: Omit<ApiKeyPrincipal, "participant" | "createdBy">;
    }
  /** The operator CLI, with the database credentials in hand. */
  | { kind: "operator" }
  /** A background job. */
  | { kind: "system"; job: string };

export type UserActor = Extract<Actor, { kind: "user" }>;

/** Long-lived collaborators, built once by the server, the CLI or a test. */
export type Deps = {
  db: Db;
  /** Statements planned for their values every time (createDb customPlans): the directory search. */
  searchDb: Db;
  /** One connection for liveness probes only (runtime.ts Pools); without it they use `db`. */
  probeDb?: Db;
  /** The background-work pool (runtime.ts Pools; workers get it as their `db`), named here for /metrics. */
  workDb?: Db | undefined;
  config: AppConfig;
  tenants: TenantDirectory;
  jobs: Jobs;
  log: Logger;
  /** LISTEN/NOTIFY between the processes on this database (realtime/bus.ts). */
  bus: Bus;
  /** This process's matching engine models, kept in step through the bus. */
  models: CommunityModels;
  /** This process's validated sessions, kept in step through the bus. */
  sessions: SessionCache;
  /** This process's signed-in members' own views (current-user, own profile), kept in step through the bus. */
  views: ViewCache;
  /** Which event types each community's webhook endpoints take, kept in step through the bus. */
  webhookSubscriptions: WebhookSubscriptions;
  /** Where 500s and failed jobs are reported (SENTRY_DSN, lib/error-reporting.ts); none: only logged. */
  errors?: ErrorReporter | undefined;
};

/** Everything a service verb needs for one unit of work. `db` may be a transaction. */
export type Ctx = {
  tenant: Tenant;
  actor: Actor;
  requestId: string;
  log: Logger;
  db: Db;
  deps: Deps;
  /** Client IP (for rate limits), when known. */
  ip: string | undefined;
};

export function withDb(ctx: Ctx, db: Db): Ctx {
  return { ...ctx, db };
}
