import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { getSessionInfo } from "../account.ts";

export const SessionInfoSchema = z
  .object({
    userId: z.string(),
    communityId: z.string(),
    authMethod: z.string(),
    createdAt: z.string().openapi({ format: "date-time" }),
    expiresAt: z.string().openapi({ format: "date-time", description: "The earlier of the idle (30 days) and absolute (90 days) expiry" }),
  })
  .openapi("SessionInfo");

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "get",
  path: "/auth/session",
  tags: ["Auth"],
  summary: "The current session",
  responses: { 200: jsonResponse(SessionInfoSchema, "The session"), ...errors(401) },
});

export function registerSessionInfo(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getSessionInfo(c.get("ctx")), 200));
}
