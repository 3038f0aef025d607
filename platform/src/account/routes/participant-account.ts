import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { setParticipantAccount } from "../disable.ts";
import { AccountEnabledSchema, AccountParticipantParamSchema, AccountStateSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "admin",
  method: "post",
  path: "/admin/participants/{id}/account",
  tags: ["Admin"],
  summary: "Disable a participant's account (sign-in refused, every session ended at once) or enable it again; audited",
  description: "Only for an account of this community alone; an account that belongs to other communities too, or an operator's, is a platform operator's to disable (403).",
  request: { params: AccountParticipantParamSchema, body: jsonBody(AccountEnabledSchema) },
  responses: { 200: jsonResponse(AccountStateSchema, "The account's state"), ...errors(400, 401, 403, 404) },
});

export function registerParticipantAccount(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await setParticipantAccount(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
}
