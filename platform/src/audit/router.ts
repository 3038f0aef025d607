import { createRouter } from "../http/openapi.ts";
import { registerListAuditEvents } from "./routes/list-audit-events.ts";

/** The audit log: read by a community's admins (/api/admin/{communityId}/audit-events). */
export function auditRouter() {
  const app = createRouter();
  registerListAuditEvents(app);
  return app;
}
