import simpleRestProvider from "ra-data-simple-rest";
import { type DataProvider, fetchUtils, HttpError } from "react-admin";
import { readToken } from "./api.ts";

/**
 * Stock ra-data-simple-rest over /api, with the session header on every request. The platform
 * answers errors as `{code, msg, errors?}`: the message react-admin shows is `msg`, and `errors`
 * (by field) is what its forms highlight.
 */
const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: "application/json" });
  const token = readToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
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

/** Console resource → the platform's simple-REST list. Members CRM and Participants read the same members. */
const PATHS: Record<string, string> = {
  participants: "console/participants",
  members: "console/participants",
  events: "console/events",
  matches: "console/matches",
  "matches-preview": "console/matches/preview",
};
const path = (resource: string) => PATHS[resource] ?? resource;

export const dataProvider: DataProvider = new Proxy(rest, {
  get(target, prop: string) {
    const method = target[prop as keyof DataProvider];
    if (typeof method !== "function") return method;
    return (resource: string, ...args: unknown[]) => (method as (r: string, ...a: unknown[]) => unknown).call(target, path(resource), ...args);
  },
});
