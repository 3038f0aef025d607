import type { components } from "@tuesday/api-client";
import { api, call } from "../api.ts";

export type Community = components["schemas"]["Community"];
export type AuthType = Community["authConfig"][number]["authType"];

/** The community of this domain, as the member app reads it (null when none answers). */
export async function loadCommunity(): Promise<Community | null> {
  try {
    return await call(api.GET("/api/community/get-by-domain", { params: { query: { domain: window.location.hostname } } }));
  } catch {
    return null;
  }
}

/** The sign-in methods the community allows, in the console's order; password when none is known. */
export function consoleMethods(community: Community | null): { code: "NONE" | "OTP" | null; magic: boolean; sso: string | null; google: boolean; password: boolean } {
  const types = new Set((community?.authConfig ?? [{ authType: "EMAIL" as const }]).map((a) => a.authType));
  const sso = community?.authConfig.find((a) => a.authType === "OAUTH2");
  return {
    code: types.has("NONE") ? "NONE" : types.has("OTP") ? "OTP" : null,
    magic: types.has("MAGIC"),
    sso: sso ? (sso.buttonLabel ?? "SSO") : null,
    google: types.has("GOOGLE"),
    password: types.has("EMAIL"),
  };
}
