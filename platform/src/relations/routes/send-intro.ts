import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { SendIntroBodySchema, SendIntroResultSchema } from "../schemas.ts";
import { sendIntro } from "../requests.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/matching/send-intro",
  tags: ["Matching"],
  summary: "Connect: send an intro",
  description:
    "Costs 10 credits (INTERESTED_CLICK) from the weekly allowance; when they ran out: 429 (code 1018) with the refill time in the message, errors.refillAt and Retry-After. When the member keeps contacts hidden the intro goes to the community's moderators (viaModerator), otherwise straight to the member. One intro per member (409 the second time).",
  request: { body: jsonBody(SendIntroBodySchema) },
  responses: { 200: jsonResponse(SendIntroResultSchema, "Sent"), ...errors(400, 401, 403, 404, 409, 429) },
});

export function registerSendIntro(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await sendIntro(c.get("ctx"), c.req.valid("json")), 200));
}
