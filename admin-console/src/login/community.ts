import type { components } from "@tuesday/api-client";

export type Community = components["schemas"]["Community"];
export type AuthType = Community["authConfig"][number]["authType"];

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
