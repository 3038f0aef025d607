/**
 * The API contract check: every response the app gives a test is validated against
 * openapi/openapi.json, so an undocumented status, media type or field fails the test that got it.
 *
 * The schemas are checked by Ajv in JSON Schema 2020-12, the dialect of OpenAPI 3.1 (the
 * 3.0-era response validators read draft-04 and pass an undocumented status silently). Finding
 * the schema is OpenAPI's own lookup: the path template (literal segments before parameters),
 * the method (HEAD as GET), the status (exact, then `4XX`, then `default`) and the media type.
 *
 * Objects are closed for the check: a declared object without `additionalProperties` gets
 * `unevaluatedProperties: false`, so a field the document does not name fails; a schema that
 * another extends through `allOf` is left open inside that `allOf` and the `allOf` is closed.
 *
 * Requests outside the document are let through when they are not the API's (the web apps,
 * /media, /dev, /healthz) and, under /api and /community, only as a 404 `{code, msg}`.
 */
import fs from "node:fs";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

const root = path.resolve(import.meta.dirname, "../..");
const SPEC_FILE = path.join(root, "openapi/openapi.json");
/** Where each test process leaves its count; tests/run-all.ts adds them up. */
export const CONTRACT_COUNT_DIR = path.join(root, ".tmp/contract");

type Json = Record<string, unknown>;
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Json }> }> };
type Route = { template: string; segments: (string | null)[]; literals: number; ops: Record<string, Operation> };

/** Paths under /api that are served but are not operations of the document (the document itself, its viewer). */
const UNDOCUMENTED_API = [/^\/api\/openapi\.json$/, /^\/api\/docs(\/|$)/];

// ajv-formats is CommonJS: its function is the default export's default under Node's ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void;

let state: { routes: Route[]; ajv: Ajv2020; validators: Map<string, ValidateFunction> } | undefined;

function load() {
  if (state) return state;
  const doc = JSON.parse(fs.readFileSync(SPEC_FILE, "utf8")) as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Json> } };
  const extended = new Set<string>();
  const closed = closeObjects(doc.components.schemas, extended) as Record<string, Json>;
  const routes: Route[] = Object.entries(doc.paths).map(([template, ops]) => {
    const segments = template.split("/").map((s) => (s.startsWith("{") && s.endsWith("}") ? null : s));
    const normalised: Record<string, Operation> = {};
    for (const [method, op] of Object.entries(ops)) {
      if (op && typeof op === "object" && "responses" in op) normalised[method.toUpperCase()] = closeObjects(op, extended) as Operation;
    }
    return { template, segments, literals: segments.filter((s) => s !== null).length, ops: normalised };
  });
  // The open twins of the schemas extended through allOf (see closeObjects).
  for (const name of extended) {
    const { unevaluatedProperties: _closed, ...open } = closed[name] ?? {};
    closed[`${name}__open`] = open;
  }
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat("binary", true);
  ajv.addSchema({ $id: "tuesday:components", components: { schemas: closed } });
  // A literal segment wins over a parameter: /community/{id}/assets/{file} before /community/{id}/{file}.
  routes.sort((a, b) => b.literals - a.literals);
  state = { routes, ajv, validators: new Map() };
  return state;
}

/**
 * A copy of a schema tree with every object schema closed (unevaluatedProperties: false), refs
 * pointed into the registered components. An allOf is closed as a whole: its members are left
 * open, and a component it extends is referred to through its open twin (`<name>__open`).
 */
function closeObjects(node: unknown, extended: Set<string>, inAllOf = false): unknown {
  if (Array.isArray(node)) return node.map((n) => closeObjects(n, extended, inAllOf));
  if (!node || typeof node !== "object") return node;
  const s = node as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === "$ref" && typeof v === "string") {
      const name = v.replace("#/components/schemas/", "");
      if (inAllOf) extended.add(name);
      out.$ref = `tuesday:components#/components/schemas/${inAllOf ? `${name}__open` : name}`;
    } else if (k === "allOf" && Array.isArray(v)) out.allOf = v.map((m) => closeObjects(m, extended, true));
    else if (k === "properties" && v && typeof v === "object") out.properties = Object.fromEntries(Object.entries(v).map(([p, ps]) => [p, closeObjects(ps, extended)]));
    else out[k] = closeObjects(v, extended);
  }
  const isObject = "properties" in s || s.type === "object" || (Array.isArray(s.type) && s.type.includes("object"));
  if (!inAllOf && (isObject || "allOf" in s) && !("additionalProperties" in s) && !("unevaluatedProperties" in s)) out.unevaluatedProperties = false;
  return out;
}

function matchRoute(routes: Route[], pathname: string): Route | undefined {
  const parts = pathname.split("/").map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  return routes.find((r) => r.segments.length === parts.length && r.segments.every((seg, i) => seg === null ? parts[i] !== "" : seg === parts[i]));
}

function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

function declaredMedia(declared: Record<string, unknown>, actual: string): string | undefined {
  if (actual in declared) return actual;
  return Object.keys(declared).find((d) => d === "*/*" || (d.endsWith("/*") && actual.startsWith(d.slice(0, -1))));
}

const counted = { validated: 0, operations: new Set<string>() };
const instance = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

/** Writes this process's count for tests/run-all.ts (called as each test file's env closes). */
export function saveContractCount(): void {
  fs.mkdirSync(CONTRACT_COUNT_DIR, { recursive: true });
  fs.writeFileSync(path.join(CONTRACT_COUNT_DIR, `${instance}.json`), JSON.stringify({ validated: counted.validated, operations: [...counted.operations] }));
}

export class ContractViolation extends Error {
  override name = "ContractViolation";
}

/**
 * Checks one response against the document; throws ContractViolation when it breaks it. The
 * response itself is untouched (its body is read from a clone; an event stream's is not read).
 */
export async function checkResponse(method: string, url: string, res: Response): Promise<void> {
  const { routes, ajv, validators } = load();
  const pathname = new URL(url, "http://localhost").pathname;
  const verb = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  const route = matchRoute(routes, pathname);
  const op = route?.ops[verb];
  const where = `${method.toUpperCase()} ${pathname} -> ${res.status}`;
  if (!route || !op) {
    const ours = pathname.startsWith("/api/") || pathname.startsWith("/community/");
    if (!ours || UNDOCUMENTED_API.some((re) => re.test(pathname))) return;
    // An operation the document lacks may only be "not there" (or "not this method").
    if (res.status === 404 || (route && res.status === 405)) {
      counted.validated++;
      return;
    }
    throw new ContractViolation(`${where}: no operation in openapi.json for ${verb} ${route?.template ?? pathname}`);
  }
  const key = `${verb} ${route.template}`;
  const responses = op.responses ?? {};
  const status = String(res.status);
  const statusKey = status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : "default" in responses ? "default" : undefined;
  if (!statusKey) throw new ContractViolation(`${where}: status ${status} is not declared for ${key} (declared: ${Object.keys(responses).join(", ")})`);
  const content = responses[statusKey]?.content;
  const bodyless = res.status === 204 || res.status === 304 || method.toUpperCase() === "HEAD";
  if (!content || bodyless) {
    if (!content && !bodyless && res.status < 300) {
      const text = await res.clone().text();
      if (text !== "") throw new ContractViolation(`${where}: ${key} declares no body for ${statusKey}, got ${JSON.stringify(text.slice(0, 200))}`);
    }
    counted.validated++;
    counted.operations.add(key);
    return;
  }
  const actual = mediaType(res.headers.get("content-type"));
  const media = declaredMedia(content, actual);
  if (!media) throw new ContractViolation(`${where}: media type "${actual}" is not declared for ${key} ${statusKey} (declared: ${Object.keys(content).join(", ")})`);
  if (media === "application/json" || media.endsWith("+json")) {
    const text = await res.clone().text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ContractViolation(`${where}: ${key} answered ${media} that is not JSON: ${JSON.stringify(text.slice(0, 200))}`);
    }
    const vkey = `${key} ${statusKey} ${media}`;
    let validate = validators.get(vkey);
    if (!validate) {
      validate = ajv.compile(content[media]?.schema ?? {});
      validators.set(vkey, validate);
    }
    if (!validate(body)) {
      const problems = (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || "/"} ${e.message}${e.params && "unevaluatedProperty" in e.params ? ` "${String(e.params.unevaluatedProperty)}"` : ""}`);
      throw new ContractViolation(`${where}: the body breaks ${key} ${statusKey}:\n  ${problems.join("\n  ")}\nbody: ${text.slice(0, 600)}`);
    }
  }
  counted.validated++;
  counted.operations.add(key);
}

type WebhookDoc = { webhooks?: Record<string, { post?: { requestBody?: { content?: Record<string, { schema?: Json }> } } }> };

/**
 * Checks one webhook delivery's body against its event type in the document's `webhooks` section,
 * objects closed as for responses: a field the document does not name (a private one) fails.
 */
export function checkWebhookPayload(body: unknown): void {
  const { ajv, validators } = load();
  const type = (body as { type?: unknown } | null)?.type;
  if (typeof type !== "string") throw new ContractViolation(`a webhook body without a type: ${JSON.stringify(body).slice(0, 200)}`);
  const vkey = `webhook ${type}`;
  let validate = validators.get(vkey);
  if (!validate) {
    const doc = JSON.parse(fs.readFileSync(SPEC_FILE, "utf8")) as WebhookDoc;
    const schema = doc.webhooks?.[type]?.post?.requestBody?.content?.["application/json"]?.schema;
    if (!schema) throw new ContractViolation(`the webhook ${type} is not in openapi.json's webhooks section`);
    validate = ajv.compile(closeObjects(schema, new Set()) as Json);
    validators.set(vkey, validate);
  }
  if (!validate(body)) {
    const problems = (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || "/"} ${e.message}${e.params && "unevaluatedProperty" in e.params ? ` "${String(e.params.unevaluatedProperty)}"` : ""}`);
    throw new ContractViolation(`the webhook body breaks ${type}:\n  ${problems.join("\n  ")}\nbody: ${JSON.stringify(body).slice(0, 600)}`);
  }
  counted.validated++;
}

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

/** Makes an app's fetch (which app.request also goes through) check every answer against the document. */
export function checkContractOf<A extends { fetch: Fetch }>(app: A): A {
  const fetch = app.fetch;
  app.fetch = (async (request: Request, ...rest: never[]) => {
    const res = await fetch(request, ...rest);
    await checkResponse(request.method, request.url, res);
    return res;
  }) as A["fetch"];
  return app;
}
