import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";

/** The few parts of oidc-provider (untyped) this helper touches. */
type Interaction = {
  prompt: { name: string; details: Record<string, unknown> };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
};
type GrantLike = { addOIDCScope: (scope: string) => void; addOIDCClaims: (claims: string[]) => void; save: () => Promise<string> };
type ProviderLike = {
  callback: () => (req: http.IncomingMessage, res: http.ServerResponse) => void;
  interactionDetails: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<Interaction>;
  interactionFinished: (req: http.IncomingMessage, res: http.ServerResponse, result: object, opts?: { mergeWithLastSubmission?: boolean }) => Promise<void>;
  Grant: { new (init: { accountId: string; clientId: string }): GrantLike; find: (id: string) => Promise<GrantLike | undefined> };
};
type ProviderCtor = new (issuer: string, config: object) => ProviderLike;

export type OidcAccount = { sub: string; email: string; emailVerified?: boolean };

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Who "signs in" at the provider on the next authorization. */
  setAccount: (account: OidcAccount) => void;
  /**
   * Drives a real browser-less authorization: follows the provider's redirects over HTTP (keeping
   * its cookies), the interaction route finishes login and consent, and the final redirect to our
   * callback is returned instead of followed.
   */
  authorize: (authorizationUrl: string) => Promise<URL>;
  close: () => Promise<void>;
};

/** A real OpenID Connect provider (panva/oidc-provider) on 127.0.0.1, one confidential client. */
export async function startOidcProvider(opts: { clientId: string; clientSecret: string; redirectUri: string }): Promise<TestOidcProvider> {
  // A variable specifier keeps TypeScript from asking for the package's (absent) type declarations.
  const specifier = "oidc-provider";
  const { default: Provider } = (await import(specifier)) as { default: ProviderCtor };
  const accounts = new Map<string, OidcAccount>();
  let current: OidcAccount | undefined;
  let provider: ProviderLike | undefined;
  let providerHandler: ((req: http.IncomingMessage, res: http.ServerResponse) => void) | undefined;

  const interaction = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!provider) throw new Error("provider not started");
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === "login") {
      if (!current) throw new Error("setAccount() before authorizing");
      await provider.interactionFinished(req, res, { login: { accountId: current.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    const accountId = details.session?.accountId;
    if (!accountId) throw new Error("consent without a login");
    const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error("grant vanished");
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    const claims = details.prompt.details.missingOIDCClaims;
    if (Array.isArray(claims)) grant.addOIDCClaims(claims.map(String));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };

  const server = http.createServer((req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      interaction(req, res).catch((err: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" }).end(String(err));
      });
      return;
    }
    if (!providerHandler) return void res.writeHead(503).end();
    providerHandler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: "oidc-test-key", alg: "RS256", use: "sig" };
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [opts.redirectUri],
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    findAccount: async (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: account.email, email_verified: account.emailVerified ?? true }),
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    // Like most real providers, put the scope's claims in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    cookies: { keys: ["oidc-test-cookie-key-0123456789"] },
    jwks: { keys: [signingKey] },
  });
  providerHandler = provider.callback();

  const authorize = async (authorizationUrl: string): Promise<URL> => {
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 12; hop++) {
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
      const res = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
      for (const set of res.headers.getSetCookie()) {
        const [pair] = set.split(";");
        const eq = pair?.indexOf("=") ?? -1;
        if (pair && eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      const location = res.headers.get("location");
      if (!location || res.status < 300 || res.status >= 400) {
        throw new Error(`provider answered ${res.status} at ${url.pathname}: ${(await res.text()).slice(0, 500)}`);
      }
      await res.arrayBuffer().catch(() => undefined);
      const next = new URL(location, url);
      if (`${next.origin}${next.pathname}` === opts.redirectUri) return next;
      url = next;
    }
    throw new Error("too many redirects at the provider");
  };

  return {
    issuer,
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    redirectUri: opts.redirectUri,
    setAccount: (account) => {
      accounts.set(account.sub, account);
      current = account;
    },
    authorize,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
