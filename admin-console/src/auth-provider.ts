import type { AuthProvider } from "react-admin";
import { api, ConsoleApiError, call, readToken, writeToken } from "./api.ts";

/** Who may enter the console (spec 6): admins and community moderators. */
export const CONSOLE_PERMISSIONS = ["CAN_VIEW_ADMIN_PANEL", "CAN_MODERATE_COMMUNITY"] as const;

async function permissions(): Promise<string[]> {
  try {
    return await call(api.GET("/api/permission/my"));
  } catch {
    // Spec 8: a failed permission fetch is an empty list.
    return [];
  }
}

const canEnter = (list: readonly string[]) => list.some((p) => (CONSOLE_PERMISSIONS as readonly string[]).includes(p));

/**
 * A member's session from the member app lives under the same key. The console refuses it but
 * must not sign that member out of the app, so a refused token is remembered and left alone.
 */
let refusedToken: string | null = null;

/**
 * SSO comes back to /console/?token=<transfer code>: exchanged once for a session, and the code
 * taken out of the address.
 */
export async function completeSsoReturn(): Promise<void> {
  const url = new URL(window.location.href);
  const code = url.searchParams.get("token");
  if (!code) return;
  url.searchParams.delete("token");
  url.searchParams.delete("firstLogin");
  window.history.replaceState(null, "", url.toString());
  try {
    const result = await call(api.POST("/api/auth/transfer/exchange", { body: { code } }));
    if ("token" in result) writeToken(result.token);
  } catch {
    // An expired or spent code: the login page is shown as usual.
  }
}

export const authProvider: AuthProvider = {
  /** A password (`username`), or an e-mailed code (`method` NONE / OTP, the code as `password`). */
  async login({ username, email, password, method }: { username?: string; email?: string; password: string; method?: "NONE" | "OTP" | null }) {
    let token: string;
    try {
      const authType = method ?? "EMAIL";
      const result = await call(api.POST("/api/auth/login", { body: { authType, email: String(email ?? username ?? "").trim(), password } }));
      if (!("token" in result)) throw new Error("tuesday.auth.sign_in_error");
      token = result.token;
    } catch (err) {
      if (err instanceof ConsoleApiError && err.code === 1011) throw new Error(method ? "tuesday.auth.invalid_code" : "tuesday.auth.invalid_login");
      if (err instanceof ConsoleApiError && err.code === 1008) throw new Error("tuesday.auth.method_not_allowed");
      if (err instanceof ConsoleApiError && err.code === 1006) throw new Error("tuesday.auth.rate_limited");
      throw new Error("tuesday.auth.sign_in_error");
    }
    const previous = readToken();
    writeToken(token);
    if (!canEnter(await permissions())) {
      // Not an admin: end this new session and give back whatever was stored before.
      await api.POST("/api/auth/logout").catch(() => undefined);
      writeToken(previous);
      throw new Error("tuesday.auth.not_allowed");
    }
    refusedToken = null;
  },

  async checkAuth() {
    const token = readToken();
    // Not signed in at all: straight to the login form, without an error toast.
    if (!token) throw { message: false };
    if (token === refusedToken) throw { message: "tuesday.auth.not_allowed" };
    try {
      await call(api.GET("/api/current-user"));
    } catch {
      throw new Error("tuesday.auth.sign_in_required");
    }
    if (!canEnter(await permissions())) {
      refusedToken = token;
      throw { message: "tuesday.auth.not_allowed", logoutUser: true };
    }
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      writeToken(null);
      throw new Error("tuesday.auth.sign_in_required");
    }
    if (error?.status === 403) throw { message: "tuesday.auth.not_allowed", logoutUser: false };
  },

  async logout() {
    const token = readToken();
    if (token && token !== refusedToken) {
      await api.POST("/api/auth/logout").catch(() => undefined);
      writeToken(null);
    }
  },

  async getPermissions() {
    return readToken() ? permissions() : [];
  },

  async getIdentity() {
    if (!readToken()) throw new Error("tuesday.auth.sign_in_required");
    const user = await call(api.GET("/api/current-user"));
    return { id: user.userId, fullName: user.email ?? user.userId };
  },
};
