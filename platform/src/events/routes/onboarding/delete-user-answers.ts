import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { defineRoute } from "../../../http/route.ts";
import { deleteUserAnswers } from "../../onboarding.ts";
import { ParticipantIdParamSchema } from "../../onboarding-schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "delete",
  path: "/event/{id}/onboarding/user-answers/{participantId}",
  tags: ["Event onboarding"],
  summary: "Delete a participant's answers and completion: one's own, or anyone's for the event's organizers (audited)",
  request: { params: ParticipantIdParamSchema },
  responses: { 200: jsonResponse(z.object({ ok: z.literal(true), deleted: z.number().int() }), "How many answers were deleted"), ...errors(400, 401, 403, 404) },
});

export function registerDeleteUserAnswers(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await deleteUserAnswers(c.get("ctx"), c.req.valid("param").id, c.req.valid("param").participantId), 200));
}
