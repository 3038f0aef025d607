/**
 * The platform's layer rules (docs/architecture-rules.md), checked by `npm run lint` on the import
 * graph as it resolves, type-only imports included. tests/architecture/layers.test.ts shows each
 * rule failing on a deliberately wrong import.
 */
const SRC = "^platform/src/";
/** Foundation folders: everything else builds on them, and they know no feature. */
const FOUNDATION = `${SRC}(db|http|tenancy|authz|lib|jobs|i18n)/|${SRC}(config|env)\\.ts$`;
/** The shared kernel: the Ctx / Deps types every layer takes (they name the caches Deps carries). */
const KERNEL = `${SRC}context\\.ts$`;
/** Composition roots: they wire features together and may import anything. */
const ROOTS = `${SRC}(app|server|runtime|index|http|job-registry)\\.ts$|${SRC}scripts/`;
/** The HTTP layer: routes, routers and the transports that speak HTTP or WebSocket. */
const ROUTING = "/routes/|/router\\.ts$";
const HTTP_LAYER = `${ROUTING}|${SRC}(http|web|realtime|dev)/|${ROOTS}`;
/** Development only: the demo seed, synthetic communities, the development sign-in providers. */
const DEV = `${SRC}dev/`;
/** Who may load dev/: itself, the roots that start it behind config, the CLI's surface, test child processes. */
const DEV_LOADERS = `${DEV}|${SRC}(app|server|banner|index|http)\\.ts$|${SRC}scripts/|\\.child\\.ts$`;

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import cycles, type-only imports included: a module and what it imports form a tree.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "foundation-imports-no-feature",
      comment: "Foundation folders (db, http, tenancy, authz, lib, jobs, i18n, config, env) import no feature folder.",
      severity: "error",
      from: { path: FOUNDATION },
      to: { path: SRC, pathNot: `${FOUNDATION}|${KERNEL}` },
    },
    {
      name: "route-imports-no-sql",
      comment: "A route calls its domain's service: never queries.ts, db/client.ts or postgres.",
      severity: "error",
      from: { path: `${SRC}.+/routes/` },
      to: { path: `/queries\\.ts$|${SRC}db/|node_modules/postgres/` },
    },
    {
      name: "route-imports-own-domain",
      comment: "A route imports its own domain (service, schemas), foundation modules and other domains' wire schemas only.",
      severity: "error",
      from: { path: `${SRC}([a-z-]+)/(routes|[a-z-]+/routes)/` },
      to: { path: SRC, pathNot: [`${SRC}$1/`, FOUNDATION, KERNEL, "/schemas\\.ts$"] },
    },
    {
      name: "service-imports-no-hono",
      comment: "Services (every feature file outside routes/ and router.ts) do not import hono.",
      severity: "error",
      from: { path: SRC, pathNot: `${HTTP_LAYER}|${FOUNDATION}|\\.test\\.ts$` },
      to: { path: "node_modules/hono/" },
    },
    {
      name: "only-app-imports-routers",
      comment: "Routers and routes load only from app.ts (so the CLI and other domains never load routes).",
      severity: "error",
      from: { path: SRC, pathNot: `${SRC}app\\.ts$|${ROUTING}` },
      to: { path: ROUTING },
    },
    {
      name: "production-imports-no-dev",
      comment: "dev/ (demo seed, synthetic generators, development sign-in) loads only from the roots that start it behind config (app, server, banner), the package surfaces (index.ts, http.ts) and test child processes.",
      severity: "error",
      from: { path: SRC, pathNot: DEV_LOADERS },
      to: { path: DEV },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.ts$" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
