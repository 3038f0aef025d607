import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { createTransfer } from "../transfer.ts";

const TransferSchema = z
  .object({
    url: z.string().openapi({ description: "Target community URL with a one-time transfer code in `token`" }),
    expiresInSeconds: z.number().int(),
  })
  .openapi("Transfer");

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "post",
  path: "/auth/transfer",
  tags: ["Auth"],
  summary: "Move the signed-in user to another of their communities",
  description:
    "Issues a one-time code (30 seconds) bound to the user and the target community, which must be the user's home community or one they participate in (else 404). The target exchanges it with POST /api/auth/transfer/exchange.",
  request: { body: jsonBody(z.strictObject({ communityId: z.string().min(1).max(63) })) },
  responses: { 200: jsonResponse(TransferSchema, "Where to send the browser"), ...errors(400, 401, 404) },
});

export function registerTransferCreate(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await createTransfer(c.get("ctx"), c.req.valid("json")), 200));
}
