/**
 * The generated security suite's rules, read from openapi.json: every operation declares its access
 * level (`x-access`), and the level decides which answers the suite demands of it. Kept apart from
 * the test file so the suite itself can be tested (an undeclared route must be caught).
 */
import { ACCESS_LEVELS, type AccessLevel, API_SCOPES, type ApiKeyAccess } from "@tuesday/platform";
import { ACCESS_EXTENSION, API_KEY_EXTENSION } from "@tuesday/platform/http";

type Parameter = { name: string; in: string; required?: boolean; schema?: { type?: string; format?: string; enum?: unknown[] } };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, unknown>;
  [ACCESS_EXTENSION]?: unknown;
  [API_KEY_EXTENSION]?: unknown;
};
export type OpenApiDoc = { paths: Record<string, Record<string, Operation>> };

export type Op = {
  method: string;
  path: string;
  access: AccessLevel;
  /** What an API key may do here (x-api-key-scope): false, "any" or the scope it needs. */
  keyScope: ApiKeyAccess;
  pathParams: Parameter[];
  queryParams: Parameter[];
  jsonBody: boolean;
  bodyTypes: string[];
};

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

/** Every problem with the declarations: an operation without a known access level, or without the answers its level implies. */
export function accessProblems(doc: OpenApiDoc): string[] {
  const problems: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const name = `${method.toUpperCase()} ${path}`;
      const access = op[ACCESS_EXTENSION];
      if (typeof access !== "string" || !(ACCESS_LEVELS as readonly string[]).includes(access)) {
        problems.push(`${name}: no access level (declare it with defineRoute)`);
        continue;
      }
      const keyScope = op[API_KEY_EXTENSION];
      if (keyScope !== false && keyScope !== "any" && !(API_SCOPES as readonly unknown[]).includes(keyScope)) {
        problems.push(`${name}: no API key declaration (declare apiKey with defineRoute)`);
      }
      const declared = Object.keys(op.responses ?? {});
      const needed = access === "public" ? [] : access === "user" ? ["401"] : ["401", "403"];
      for (const status of needed) if (!declared.includes(status)) problems.push(`${name}: level ${access} but no ${status} response`);
    }
  }
  return problems;
}

export function operations(doc: OpenApiDoc): Op[] {
  const ops: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const params = op.parameters ?? [];
      const bodyTypes = Object.keys(op.requestBody?.content ?? {});
      ops.push({
        method: method.toUpperCase(),
        path,
        access: op[ACCESS_EXTENSION] as AccessLevel,
        keyScope: op[API_KEY_EXTENSION] as ApiKeyAccess,
        pathParams: params.filter((p) => p.in === "path"),
        queryParams: params.filter((p) => p.in === "query"),
        jsonBody: bodyTypes.includes("application/json"),
        bodyTypes,
      });
    }
  }
  return ops;
}

/**
 * Values of one community for filling in a request: its id, one member's identifiers and, when the
 * community has one, a real event with an onboarding question and its translation key (so an
 * event route reaches its verb and its organizer check instead of "Event not found").
 */
export type CommunityIds = {
  communityId: string;
  participantId: string;
  slug: string;
  userId: string;
  event?: { id: string; questionId: string; translationKey: string };
};

/** Which of a community's identifiers a parameter stands for, judged by its name and place in the path. */
export function valueFor(op: Op, param: Parameter, ids: CommunityIds): string {
  const name = param.name;
  if (name === "communityId") return ids.communityId;
  if (name === "slug") return ids.slug;
  if (name === "userId") return ids.userId;
  if (name === "file") return "landing.json";
  if (name === "id" && /^\/(api\/)?(community|admin)\/\{id\}/.test(op.path)) return ids.communityId;
  if (ids.event && /^\/(api\/)?event\//.test(op.path)) {
    if (name === "id" || name === "eventId") return ids.event.id;
    if (name === "qid") return ids.event.questionId;
    if (name === "translationKey") return ids.event.translationKey;
    if (name === "language") return "en";
  }
  if (param.schema?.enum?.length) return String(param.schema.enum[0]);
  if (param.schema?.type === "integer" || param.schema?.type === "number") return "1";
  return ids.participantId;
}

/** The operation's URL with every path parameter and required query parameter filled from `ids`. */
export function urlFor(op: Op, ids: CommunityIds): string {
  let url = op.path;
  for (const p of op.pathParams) url = url.replace(`{${p.name}}`, encodeURIComponent(valueFor(op, p, ids)));
  const query = new URLSearchParams();
  for (const p of op.queryParams) if (p.required || p.name === "communityId") query.set(p.name, valueFor(op, p, ids));
  const qs = query.toString();
  return qs ? `${url}?${qs}` : url;
}

/** Levels at which a signed-in user of this community who has not joined it is turned away. */
export const NEEDS_PARTICIPANT: readonly AccessLevel[] = ["participant", "moderator", "admin", "organizer"];
