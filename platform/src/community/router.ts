import { createRouter } from "../http/openapi.ts";
import { registerAssets } from "./routes/assets.ts";
import { registerCreate } from "./routes/create.ts";
import { registerGetByDomain } from "./routes/get-by-domain.ts";
import { registerGetById } from "./routes/get-by-id.ts";
import { registerGetByUserId } from "./routes/get-by-user-id.ts";
import { registerStaticDocuments } from "./routes/static-documents.ts";

export function communityRouter() {
  const app = createRouter();
  registerGetById(app);
  registerGetByDomain(app);
  registerGetByUserId(app);
  registerCreate(app);
  return app;
}

/** /community/{id}/landing{suffix}.json and navigation.json, outside /api as the spec has them. */
export function communityStaticRouter() {
  const app = createRouter();
  registerStaticDocuments(app);
  registerAssets(app);
  return app;
}
