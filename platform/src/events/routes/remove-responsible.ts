import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineOrganizerRoute } from "./organizer-route.ts";
import { EventOrganizerSchema, ResponsibleParamSchema } from "../schemas.ts";
import { removeResponsible } from "../responsibles.ts";

const route = defineOrganizerRoute({
  apiKey: "events:write",
  method: "delete",
  path: "/event/{id}/responsibles/{userId}",
  tags: ["Events"],
  summary: "Remove an organizer; an event keeps at least one (409; audited)",
  request: { params: ResponsibleParamSchema },
  responses: { 200: jsonResponse(z.array(EventOrganizerSchema), "The organizers"), ...errors(400, 401, 403, 404, 409) },
});

export function registerRemoveResponsible(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const p = c.req.valid("param");
    return c.json(await removeResponsible(c.get("ctx"), p.id, p.userId), 200);
  });
}
