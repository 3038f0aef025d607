import type { components, paths } from "@tuesday/api-client";
import simpleRestProvider from "ra-data-simple-rest";
import {
  type CreateParams,
  type DataProvider,
  type DeleteManyParams,
  type DeleteParams,
  fetchUtils,
  type GetListParams,
  type GetListResult,
  type GetManyParams,
  type GetOneParams,
  HttpError,
  type RaRecord,
  type UpdateParams,
  useDataProvider,
} from "react-admin";
import { api, call, readToken } from "./api.ts";
import { i18nProvider } from "./i18n.ts";

type Community = components["schemas"]["Community"];
type AuditEvent = components["schemas"]["AuditPage"]["items"][number];
type Mailing = components["schemas"]["Mailing"];
type EventPatch = NonNullable<paths["/api/event/{id}"]["patch"]["requestBody"]>["content"]["application/json"];
type ReportItem = components["schemas"]["EventOnboardingReport"]["items"][number];
type NotifyBody = components["schemas"]["NotifyParticipants"];
type SettingsPatch = components["schemas"]["CommunitySettingsPatch"];

/**
 * Stock ra-data-simple-rest over /api, with the session header and the console's language (the
 * pairs' reasons are written in it) on every request. The platform answers errors as
 * `{code, msg, errors?}`: the message react-admin shows is `msg`, and `errors` (by field) is what
 * its forms highlight.
 */
const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: "application/json" });
  const token = readToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  headers.set("Accept-Language", i18nProvider.getLocale());
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (err) {
    if (err instanceof HttpError && err.body && typeof err.body === "object" && "msg" in err.body) {
      const body = err.body as { msg: string; errors?: Record<string, string> };
      throw new HttpError(body.msg, err.status, { ...body, message: body.msg, ...(body.errors ? { errors: body.errors } : {}) });
    }
    throw err;
  }
};

const rest = simpleRestProvider("/api", httpClient);

/** Console resource → the platform's simple-REST list (Content-Range). Members CRM and Participants read the same members. */
const SIMPLE_REST: Record<string, string> = {
  participants: "console/participants",
  members: "console/participants",
  events: "console/events",
  matches: "console/matches",
  "matches-preview": "console/matches/preview",
};

/** The community of this console, by the page's domain: read once per page load (a failure is read again next time). */
let communityPromise: Promise<Community> | null = null;
function getCommunity(): Promise<Community> {
  communityPromise ??= call(api.GET("/api/community/get-by-domain", { params: { query: { domain: window.location.hostname } } })).catch((err: unknown) => {
    communityPromise = null;
    throw err;
  });
  return communityPromise;
}
const communityId = async () => (await getCommunity()).id;

/**
 * A whole list the API answers in one array (no Content-Range, no paging): filtered, sorted and
 * paged here, so <List> filters, sorting, pagination and export work on it as on a simple-REST one.
 * Filters compare field by field (`q` searches every text field).
 */
function inMemory<R extends RaRecord>(rows: R[], params: GetListParams): GetListResult<R> {
  const filter = (params.filter ?? {}) as Record<string, unknown>;
  let out = rows.filter((r) =>
    Object.entries(filter).every(([k, v]) => {
      if (v === undefined || v === "") return true;
      if (k === "q") return JSON.stringify(r).toLowerCase().includes(String(v).toLowerCase());
      return String((r as Record<string, unknown>)[k]) === String(v);
    }),
  );
  const sort = params.sort;
  if (sort?.field) {
    const dir = sort.order === "DESC" ? -1 : 1;
    const value = (r: R) => (r as Record<string, unknown>)[sort.field] as string | number | boolean | null | undefined;
    out = [...out].sort((a, b) => {
      const x = value(a) ?? "";
      const y = value(b) ?? "";
      return x < y ? -dir : x > y ? dir : 0;
    });
  }
  const { page = 1, perPage = out.length || 1 } = params.pagination ?? {};
  return { data: out.slice((page - 1) * perPage, page * perPage), total: out.length };
}

/** The audit API's page size is at most 100. */
const AUDIT_MAX_SIZE = 100;
/** As the reports queue's. */
const REPORTS_MAX_SIZE = 100;

type Handlers = Partial<{
  getList: (params: GetListParams) => Promise<GetListResult>;
  getOne: (params: GetOneParams) => Promise<{ data: RaRecord }>;
  create: (params: CreateParams) => Promise<{ data: RaRecord }>;
  update: (params: UpdateParams) => Promise<{ data: RaRecord }>;
  delete: (params: DeleteParams) => Promise<{ data: RaRecord }>;
}>;

/** Resources whose endpoints are not simple-REST; each adaptation is named where it is made. */
const CUSTOM: Record<string, Handlers> = {
  /**
   * audit: GET /admin/{communityId}/audit-events pages with 0-based `page` and `size` (≤ 100) and
   * answers `{items, total}`; react-admin's 1-based page maps onto it, and a larger page (the
   * export's) is read as several API pages. Always newest first: no sort. Filters pass through.
   */
  audit: {
    async getList(params) {
      const id = await communityId();
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      const f = (params.filter ?? {}) as Record<string, string | undefined>;
      const filters = Object.fromEntries(
        (["action", "actorUserId", "targetType", "targetId", "from", "to"] as const).filter((k) => f[k]?.trim()).map((k) => [k, String(f[k]).trim()]),
      );
      const size = Math.min(perPage, AUDIT_MAX_SIZE);
      const first = ((page - 1) * perPage) / size;
      const data: AuditEvent[] = [];
      let total = 0;
      for (let p = first; data.length < perPage; p++) {
        const r = await call(api.GET("/api/admin/{communityId}/audit-events", { params: { path: { communityId: id }, query: { page: p, size, ...filters } } }));
        total = r.total;
        data.push(...r.items);
        if (r.items.length < size) break;
      }
      return { data: data.slice(0, perPage), total };
    },
  },
  /**
   * reports: GET /report-moderation pages with 0-based `page` and `size` (≤ 100) and answers
   * `{items, total}`, newest first (no sort); the `status` filter passes through. One by id for show.
   */
  reports: {
    async getList(params) {
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      const size = Math.min(perPage, REPORTS_MAX_SIZE);
      const f = (params.filter ?? {}) as { status?: "OPEN" | "RESOLVED" };
      const status = f.status === "OPEN" || f.status === "RESOLVED" ? { status: f.status } : {};
      const r = await call(api.GET("/api/report-moderation", { params: { query: { page: page - 1, size, ...status } } }));
      return { data: r.items, total: r.total };
    },
    async getOne({ id }) {
      return { data: await call(api.GET("/api/report-moderation/{id}", { params: { path: { id: String(id) } } })) };
    },
  },
  /** topics: the whole taxonomy in one array, keyed by `key` (the record id); archive is DELETE, restore a PATCH. */
  topics: {
    async getList(params) {
      const id = await communityId();
      const rows = await call(api.GET("/api/admin/{communityId}/topics", { params: { path: { communityId: id } } }));
      return inMemory(
        rows.map((t) => ({ ...t, id: t.key })),
        params,
      );
    },
    async create({ data }) {
      const t = await call(api.POST("/api/admin/{communityId}/topics", { params: { path: { communityId: await communityId() } }, body: data as components["schemas"]["TopicCreate"] }));
      return { data: { ...t, id: t.key } };
    },
    async update({ id, data }) {
      const body = data as components["schemas"]["TopicPatch"];
      const t = await call(api.PATCH("/api/admin/{communityId}/topics/{key}", { params: { path: { communityId: await communityId(), key: String(id) } }, body }));
      return { data: { ...t, id: t.key } };
    },
    async delete({ id }) {
      const t = await call(api.DELETE("/api/admin/{communityId}/topics/{key}", { params: { path: { communityId: await communityId(), key: String(id) } } }));
      return { data: { ...t, id: t.key } };
    },
  },
  /** api-keys: all of the community's keys in one array; DELETE revokes (the key stays listed as revoked). */
  "api-keys": {
    async getList(params) {
      return inMemory(await call(api.GET("/api/admin/{communityId}/api-keys", { params: { path: { communityId: await communityId() } } })), params);
    },
    async create({ data }) {
      const body = data as components["schemas"]["CreateApiKey"];
      return { data: await call(api.POST("/api/admin/{communityId}/api-keys", { params: { path: { communityId: await communityId() } }, body })) };
    },
    async delete({ id }) {
      return { data: await call(api.DELETE("/api/admin/{communityId}/api-keys/{id}", { params: { path: { communityId: await communityId(), id: String(id) } } })) };
    },
  },
  /**
   * webhooks: the community's endpoints in one array (no GET of one: read from the list); create
   * answers the signing secret, shown once; update sends only the fields the API takes.
   */
  webhooks: {
    async getList(params) {
      return inMemory(await call(api.GET("/api/admin/{communityId}/webhooks", { params: { path: { communityId: await communityId() } } })), params);
    },
    async getOne({ id }) {
      const rows = await call(api.GET("/api/admin/{communityId}/webhooks", { params: { path: { communityId: await communityId() } } }));
      const row = rows.find((r) => r.id === String(id));
      if (!row) throw new HttpError("Webhook endpoint not found", 404);
      return { data: row };
    },
    async create({ data }) {
      const d = data as components["schemas"]["CreateWebhook"];
      const body = { url: d.url, events: d.events, ...(d.description ? { description: d.description } : {}) };
      return { data: await call(api.POST("/api/admin/{communityId}/webhooks", { params: { path: { communityId: await communityId() } }, body })) };
    },
    async update({ id, data }) {
      const d = data as components["schemas"]["UpdateWebhook"];
      const body = { url: d.url, events: d.events, description: d.description ?? "", enabled: d.enabled };
      return { data: await call(api.PATCH("/api/admin/{communityId}/webhooks/{id}", { params: { path: { communityId: await communityId(), id: String(id) } }, body })) };
    },
    async delete({ id }) {
      return { data: await call(api.DELETE("/api/admin/{communityId}/webhooks/{id}", { params: { path: { communityId: await communityId(), id: String(id) } } })) };
    },
  },
  /** webhook-deliveries: one endpoint's latest 100 (filter `endpointId`, required), newest first as the API answers. */
  "webhook-deliveries": {
    async getList(params) {
      const endpointId = String((params.filter as { endpointId?: string } | undefined)?.endpointId ?? "");
      const rows = await call(api.GET("/api/admin/{communityId}/webhooks/{id}/deliveries", { params: { path: { communityId: await communityId(), id: endpointId } } }));
      return inMemory(
        rows.map((d) => ({ ...d, endpointId })),
        { ...params, filter: {}, sort: undefined },
      );
    },
  },
  /** questions: all of them in one array, in the community's order; DELETE hides a question that has answers. */
  questions: {
    async getList(params) {
      const rows = await call(api.GET("/api/admin/{communityId}/questions", { params: { path: { communityId: await communityId() } } }));
      return inMemory(rows, params);
    },
    async create({ data }) {
      return { data: await call(api.POST("/api/admin/{communityId}/questions", { params: { path: { communityId: await communityId() } }, body: data as components["schemas"]["QuestionCreate"] })) };
    },
    async update({ id, data }) {
      const body = data as components["schemas"]["QuestionPatch"];
      return { data: await call(api.PATCH("/api/admin/{communityId}/questions/{questionId}", { params: { path: { communityId: await communityId(), questionId: String(id) } }, body })) };
    },
    async delete({ id }) {
      return { data: await call(api.DELETE("/api/admin/{communityId}/questions/{questionId}", { params: { path: { communityId: await communityId(), questionId: String(id) } } })) };
    },
  },
  /** mailings: the community's mailings in one array (newest first as the API answers); one by id for its progress. */
  mailings: {
    async getList(params) {
      const rows = await call(api.GET("/api/community/{id}/mailings", { params: { path: { id: await communityId() } } }));
      return inMemory(rows as (Mailing & RaRecord)[], params);
    },
    async getOne({ id }) {
      return { data: await call(api.GET("/api/community/{id}/mailings/{mailingId}", { params: { path: { id: await communityId(), mailingId: String(id) } } })) };
    },
  },
  /** events: the list is simple-REST (/console/events); one event and its edit are /event/{id}. */
  events: {
    async getOne({ id }) {
      return { data: await call(api.GET("/api/event/{id}", { params: { path: { id: String(id) } } })) };
    },
    async update({ id, data }) {
      return { data: await call(api.PATCH("/api/event/{id}", { params: { path: { id: String(id) } }, body: data as EventPatch })) };
    },
    async delete({ id, previousData }) {
      await call(api.DELETE("/api/event/{id}", { params: { path: { id: String(id) } } }));
      return { data: previousData ?? { id } };
    },
  },
  /** event-participants: one event's people from its onboarding report (filter `eventId`, required), keyed by participant id; the report is not paged. */
  "event-participants": {
    async getList(params) {
      const eventId = String((params.filter as { eventId?: string } | undefined)?.eventId ?? "");
      const report = await call(api.GET("/api/event/{id}/onboarding/report", { params: { path: { id: eventId } } }));
      return inMemory(
        report.items.map((i: ReportItem) => ({ ...i, id: i.participantId })),
        // The report's own order (by request time): not re-sorted.
        { ...params, filter: {}, sort: undefined },
      );
    },
  },
};

function notSupported(resource: string, method: string): never {
  throw new HttpError(`${method} is not available for ${resource}`, 405);
}

/** The console's few verbs that are not list / show / create / update / delete of a resource. */
const verbs = {
  getCommunity,
  /** Analytics: the weekly series and the distributions, read together. */
  async getAnalytics(weeks = 12) {
    const id = await communityId();
    const [data, distributions] = await Promise.all([
      call(api.GET("/api/charts/data", { params: { query: { communityId: id, weeks } } })),
      call(api.GET("/api/charts/distributions", { params: { query: { communityId: id } } })),
    ]);
    return { data, distributions };
  },
  /** Meetings per week of proposal (proposed, confirmed, held, no-show): GET /console/meetings/weeks. */
  async getMeetingWeeks(weeks = 12) {
    return call(api.GET("/api/console/meetings/weeks", { params: { query: { weeks } } }));
  },
  async getSettings() {
    return call(api.GET("/api/admin/{communityId}/settings", { params: { path: { communityId: await communityId() } } }));
  },
  async updateSettings(patch: SettingsPatch) {
    return call(api.PATCH("/api/admin/{communityId}/settings", { params: { path: { communityId: await communityId() } }, body: patch }));
  },
  async reorderTopics(keys: string[]) {
    return call(api.POST("/api/admin/{communityId}/topics/reorder", { params: { path: { communityId: await communityId() } }, body: { keys } }));
  },
  async reorderQuestions(questionIds: string[]) {
    return call(api.POST("/api/admin/{communityId}/questions/reorder", { params: { path: { communityId: await communityId() } }, body: { questionIds } }));
  },
  async previewMailing(body: NotifyBody) {
    return call(api.POST("/api/community/{id}/participants/notify/preview", { params: { path: { id: await communityId() } }, body }));
  },
  async sendMailing(body: NotifyBody) {
    return call(api.POST("/api/community/{id}/participants/notify", { params: { path: { id: await communityId() } }, body }));
  },
  async sendRecommendations() {
    return call(api.POST("/api/community/{id}/participants/notify/recommended-contacts", { params: { path: { id: await communityId() } } }));
  },
  /** The coming week's dry run: coverage, score spread, members left without a pair. */
  async previewMatches() {
    return call(api.GET("/api/admin/{communityId}/matching/preview", { params: { path: { communityId: await communityId() } } }));
  },
  async getNextPairToScore() {
    return call(api.GET("/api/admin/{id}/matches/next", { params: { path: { id: await communityId() } } }));
  },
  getScoreAssistance(participantId: string, subjectId: string) {
    return call(api.GET("/api/admin/pairs/{id}/score-assistance", { params: { path: { id: participantId }, query: { with: subjectId } } }));
  },
  getPairHistory(participantId: string) {
    return call(api.GET("/api/admin/pairs/{id}/history", { params: { path: { id: participantId } } }));
  },
  scorePair(participantId: string, subjectId: string, internalAdminScore: number) {
    return call(api.POST("/api/admin/pairs/{id}/score", { params: { path: { id: participantId } }, body: { subjectId, internalAdminScore } }));
  },
  addMemberNote(participantId: string, text: string) {
    return call(api.POST("/api/console/participants/{id}/notes", { params: { path: { id: participantId } }, body: { text } }));
  },
  decideEventParticipant(what: "approve" | "reject" | "confirm-payment", eventId: string, participantId: string) {
    const path = { params: { path: { id: eventId, pid: participantId } } };
    if (what === "approve") return call(api.POST("/api/event/{id}/participants/{pid}/approve", path));
    if (what === "reject") return call(api.POST("/api/event/{id}/participants/{pid}/reject", path));
    return call(api.POST("/api/event/{id}/participants/{pid}/confirm-payment", path));
  },
  /** A webhook.test event to one endpoint: its delivery is listed at once (pending), then sent. */
  async sendWebhookTest(endpointId: string) {
    return call(api.POST("/api/admin/{communityId}/webhooks/{id}/test", { params: { path: { communityId: await communityId(), id: endpointId } } }));
  },
  /** Sends a delivery again (a new delivery, same webhook-id). */
  async replayWebhookDelivery(endpointId: string, deliveryId: string) {
    return call(
      api.POST("/api/admin/{communityId}/webhooks/{id}/deliveries/{deliveryId}/replay", { params: { path: { communityId: await communityId(), id: endpointId, deliveryId } } }),
    );
  },
  /** Event 1:1s: the slots with their counts, the tables, the requests by status. */
  getMeetingSetup(eventId: string) {
    return call(api.GET("/api/event/{id}/meeting-setup", { params: { path: { id: eventId } } }));
  },
  saveMeetingSetup(eventId: string, body: { slots: { startsAt: string; endsAt: string }[]; tables: string[] }) {
    return call(api.PUT("/api/event/{id}/meeting-setup", { params: { path: { id: eventId } }, body }));
  },
  /** Resolves a member report: DISMISS, HIDE or BLOCK (HIDE and BLOCK close every open report about the member). */
  resolveReport(reportId: string, action: "DISMISS" | "HIDE" | "BLOCK") {
    return call(api.POST("/api/report-moderation/{id}/resolve", { params: { path: { id: reportId } }, body: { action } }));
  },
  getEventStatistics(eventId: string) {
    return call(api.GET("/api/event/{id}/onboarding/statistics", { params: { path: { id: eventId } } }));
  },
};

export type ConsoleDataProvider = DataProvider & typeof verbs;

const pick = <K extends keyof Handlers>(resource: string, method: K): NonNullable<Handlers[K]> | undefined => CUSTOM[resource]?.[method];

/**
 * ra-data-simple-rest for the platform's simple-REST lists, the handlers above for the rest, and
 * the console's verbs. A resource that is neither answers 405 rather than guessing a URL.
 */
export const dataProvider: ConsoleDataProvider = {
  ...verbs,
  getList: (resource, params) => {
    const own = pick(resource, "getList");
    if (own) return own(params) as never;
    const path = SIMPLE_REST[resource];
    return path ? rest.getList(path, params) : notSupported(resource, "getList");
  },
  getOne: (resource, params) => {
    const own = pick(resource, "getOne");
    if (own) return own(params) as never;
    const path = SIMPLE_REST[resource];
    return path ? rest.getOne(path, params) : notSupported(resource, "getOne");
  },
  getMany: async (resource, params: GetManyParams) => {
    const path = SIMPLE_REST[resource];
    if (path && !CUSTOM[resource]?.getOne) return rest.getMany(path, params);
    // No batch read in the API: the whole list, then the ids asked for.
    const { data } = await dataProvider.getList(resource, { filter: {}, pagination: { page: 1, perPage: 1000 }, sort: { field: "id", order: "ASC" } });
    const ids = new Set(params.ids.map(String));
    return { data: data.filter((r) => ids.has(String(r.id))) };
  },
  getManyReference: (resource, params) => {
    // A custom list filtered by the reference (webhook-deliveries by endpointId).
    const own = pick(resource, "getList");
    if (own) return own({ ...params, filter: { ...params.filter, [params.target]: params.id } }) as never;
    const path = SIMPLE_REST[resource];
    return path ? rest.getManyReference(path, params) : notSupported(resource, "getManyReference");
  },
  create: (resource, params) => {
    const own = pick(resource, "create");
    return own ? (own(params) as never) : notSupported(resource, "create");
  },
  update: (resource, params) => {
    const own = pick(resource, "update");
    return own ? (own(params) as never) : notSupported(resource, "update");
  },
  updateMany: (resource) => notSupported(resource, "updateMany"),
  delete: (resource, params) => {
    const own = pick(resource, "delete");
    return own ? (own(params) as never) : notSupported(resource, "delete");
  },
  /** No batch delete in the API: one DELETE per id, in turn. */
  deleteMany: async (resource, params: DeleteManyParams) => {
    const own = pick(resource, "delete");
    if (!own) return notSupported(resource, "deleteMany");
    for (const id of params.ids) await own({ id, previousData: undefined });
    return { data: params.ids };
  },
};

/** The console's data provider with its verbs typed, for `useQuery` / `useMutation` on them. */
export const useConsoleDataProvider = () => useDataProvider<ConsoleDataProvider>();
