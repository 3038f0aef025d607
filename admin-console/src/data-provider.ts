import { fetchUtils } from "react-admin";
import simpleRestProvider from "ra-data-simple-rest";
import { readToken } from "./api.ts";

/**
 * Stock ra-data-simple-rest over /api; resources arrive with later work. The only addition is
 * the session header, read on every request.
 */
const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: "application/json" });
  const token = readToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
};

export const dataProvider = simpleRestProvider("/api", httpClient);
