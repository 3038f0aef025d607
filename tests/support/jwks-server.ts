import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

export type JwksServer = {
  /** URL of the JSON Web Key Set (`{ keys: [...] }`). */
  url: string;
  /** Signs an ID token with the published key; `expiresIn` as in jose (e.g. "10m", or a past epoch). */
  sign: (claims: JWTPayload, opts?: { issuer?: string; audience?: string; expiresAt?: number | string }) => Promise<string>;
  /** Signs with a key that is NOT in the set, under the published key id. */
  signWithForeignKey: (claims: JWTPayload, opts?: { issuer?: string; audience?: string }) => Promise<string>;
  close: () => Promise<void>;
};

/** A local stand-in for Google's key set endpoint: one RS256 key, served over real HTTP. */
export async function startJwksServer(defaults: { issuer: string; audience: string }): Promise<JwksServer> {
  const kid = "test-key-1";
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const foreign = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const server = http.createServer((req, res) => {
    if (req.url === "/jwks") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const build = (claims: JWTPayload, opts: { issuer?: string; audience?: string; expiresAt?: number | string }) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .setIssuer(opts.issuer ?? defaults.issuer)
      .setAudience(opts.audience ?? defaults.audience)
      .setIssuedAt()
      .setExpirationTime(opts.expiresAt ?? "10m");

  return {
    url: `http://127.0.0.1:${port}/jwks`,
    sign: (claims, opts = {}) => build(claims, opts).sign(privateKey),
    signWithForeignKey: (claims, opts = {}) => build(claims, opts).sign(foreign.privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
