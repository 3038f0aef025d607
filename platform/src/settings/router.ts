import { createRouter } from "../http/openapi.ts";
import { registerGetSettings } from "./routes/get-settings.ts";
import { registerUpdateSettings } from "./routes/update-settings.ts";

/** The console's community settings. */
export function settingsRouter() {
  const app = createRouter();
  registerGetSettings(app);
  registerUpdateSettings(app);
  return app;
}
