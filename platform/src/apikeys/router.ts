import { createRouter } from "../http/openapi.ts";
import { registerApiKeys } from "./routes/api-keys.ts";

/** Community API keys (issue 26). */
export function apiKeysRouter() {
  const app = createRouter();
  registerApiKeys(app);
  return app;
}
