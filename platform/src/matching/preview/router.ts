import { createRouter } from "../../http/openapi.ts";
import { registerPreview } from "./routes/preview.ts";

export function matchingAdminPreviewRouter() {
  const app = createRouter();
  registerPreview(app);
  return app;
}
