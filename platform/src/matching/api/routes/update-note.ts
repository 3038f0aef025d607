import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../../http/openapi.ts";
import { UpdateNoteBodySchema, UpdateNoteResultSchema } from "../schemas.ts";
import { updateNote } from "../feedback.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/matching/update-note",
  tags: ["Matching"],
  summary: "My private note about a contact",
  description:
    "matchingId is my matchingResultId; a null or empty note clears it.",
  request: { body: jsonBody(UpdateNoteBodySchema) },
  responses: { 200: jsonResponse(UpdateNoteResultSchema, "Saved"), ...errors(400, 401, 403, 404) },
});

export function registerUpdateNote(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updateNote(c.get("ctx"), c.req.valid("json")), 200));
}
