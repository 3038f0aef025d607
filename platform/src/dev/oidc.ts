import type http from "node:http";
import type { AppConfig } from "../config.ts";
import { DEV_OIDC_PATH } from "../http/node.ts";
import { exportJWK, generateKeyPair } from "jose";
import { randomToken } from "../lib/crypto.ts";
import { escapeHtml } from "../lib/html.ts";
import type { Tenant } from "../tenancy/schema.ts";

/**
 * A development identity provider at /dev/oidc: a real OpenID Connect provider (panva's
 * oidc-provider) so a demo tenant's OAuth2 SSO button works on a fresh `npm start`. Any e-mail
 * signs in. Never mounted in production.
 */

/** The provider's issuer on this server's port (tenant files name it `http://localhost:{port}/dev/oidc`). */
export function devOidcIssuer(port: number): string {
  return `http://localhost:${port}${DEV_OIDC_PATH}`;
}

type Interaction = { uid: string; prompt: { name: string; details: Record<string, unknown> }; params: Record<string, unknown>; session?: { accountId?: string }; grantId?: string };
type Grant = { addOIDCScope: (scope: string) => void; addOIDCClaims: (claims: string[]) => void; save: () => Promise<string> };
type Provider = {
  callback: () => (req: http.IncomingMessage, res: http.ServerResponse) => void;
  interactionDetails: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<Interaction>;
  interactionFinished: (req: http.IncomingMessage, res: http.ServerResponse, result: object, opts?: { mergeWithLastSubmission?: boolean }) => Promise<void>;
  Grant: { new (init: { accountId: string; clientId: string }): Grant; find: (id: string) => Promise<Grant | undefined> };
};

export type DevOidcClient = { clientId: string; clientSecret: string; redirectUris: string[] };

/** The OAuth2 clients the dev provider knows: every tenant whose OAUTH2 issuer is this provider. */
export function devOidcClients(tenants: Tenant[], issuer: string, secrets: Record<string, string>): DevOidcClient[] {
  const byClient = new Map<string, DevOidcClient>();
  for (const t of tenants) {
    for (const entry of t.config.authConfig) {
      const o = entry.oauth2;
      if (entry.authType !== "OAUTH2" || !o || o.issuer.replace(/\/$/, "") !== issuer) continue;
      const secret = o.clientSecretRef ? secrets[o.clientSecretRef] : undefined;
      if (!secret) continue;
      const client = byClient.get(o.clientId) ?? { clientId: o.clientId, clientSecret: secret, redirectUris: [] };
      client.redirectUris.push(`${t.url}/api/auth/oauth2/callback`);
      byClient.set(o.clientId, client);
    }
  }
  return [...byClient.values()];
}

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;display:grid;place-items:center;min-height:100vh;margin:0}main{background:#fff;padding:32px;border-radius:12px;box-shadow:0 2px 12px #0001;width:min(360px,90vw)}label{display:block;margin:16px 0 6px}input{width:100%;padding:10px;box-sizing:border-box;border:1px solid #ccd;border-radius:8px;font-size:16px}button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:8px;background:#7048e8;color:#fff;font-size:16px;cursor:pointer}p{color:#52606d;font-size:14px}</style></head>
<body><main>${body}</main></body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let raw = "";
  for await (const chunk of req) {
    raw += String(chunk);
    if (raw.length > 10_000) break;
  }
  return new URLSearchParams(raw);
}

export async function createDevOidcHandler(issuer: string, clients: DevOidcClient[]) {
  // A variable specifier: the package ships no type declarations; the shapes used are typed above.
  const specifier = "oidc-provider";
  const { default: ProviderCtor } = (await import(specifier)) as { default: new (issuer: string, config: object) => Provider };
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const provider = new ProviderCtor(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      response_types: ["code"],
      grant_types: ["authorization_code"],
    })),
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: id, email_verified: true, name: id.split("@")[0] }),
    }),
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, i: { uid: string }) => `${DEV_OIDC_PATH}/interaction/${i.uid}` },
    pkce: { required: () => true },
    cookies: { keys: [randomToken(20)] },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: "dev-oidc", alg: "RS256", use: "sig" }] },
  });
  const callback = provider.callback();

  const interaction = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === "login") {
      if (req.method === "POST") {
        const email = (await readForm(req)).get("email")?.trim().toLowerCase() ?? "";
        if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
          await provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
          return;
        }
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(
        page(
          "Sign in — development identity provider",
          `<h1>Development SSO</h1><p>A stand-in for the community's identity provider. Any e-mail signs in.</p>
<form method="post" action="${DEV_OIDC_PATH}/interaction/${escapeHtml(details.uid)}"><label for="email">E-mail</label><input id="email" name="email" type="email" required autofocus><button type="submit">Continue</button></form>`,
        ),
      );
      return;
    }
    const accountId = details.session?.accountId;
    if (!accountId) throw new Error("consent without a login");
    const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error("grant not found");
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    const missing = details.prompt.details.missingOIDCClaims;
    if (Array.isArray(missing)) grant.addOIDCClaims(missing.map(String));
    await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  };

  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = (req.url ?? "/").slice(DEV_OIDC_PATH.length) || "/";
    if (path.startsWith("/interaction/")) {
      interaction(req, res).catch((err: unknown) => {
        res.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end(`Sign-in failed: ${err instanceof Error ? err.message : String(err)}`);
      });
      return;
    }
    // Mounted under a prefix: oidc-provider derives its mount path from originalUrl vs url.
    (req as http.IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
    req.url = path;
    callback(req, res);
  };
}

/**
 * The development provider served under /dev/oidc (http/node.ts nodeListener mounts it, for
 * loopback clients only), when devTools are on and a tenant signs in through it.
 */
export async function devOidcProvider(
  config: Pick<AppConfig, "devTools" | "port" | "secrets">,
  tenants: Tenant[],
): Promise<http.RequestListener | undefined> {
  const issuer = devOidcIssuer(config.port);
  const clients = config.devTools ? devOidcClients(tenants, issuer, config.secrets) : [];
  return clients.length ? createDevOidcHandler(issuer, clients) : undefined;
}
