import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { registerAdmin } from "../account.ts";
import { EmailSchema, LoginResultSchema, PasswordSchema } from "../schemas.ts";

export const RegisterAdminSchema = z.strictObject({ email: EmailSchema, password: PasswordSchema }).openapi("RegisterAdmin");

const route = defineRoute({
  apiKey: false,
  access: "public",
  method: "post",
  path: "/auth/register-admin",
  tags: ["Auth"],
  summary: "Register a community admin with the server's admin registration secret",
  description:
    "Not configured on the server: 501 (1017). Wrong secret: 403 (1005). An existing account must give its password (1011). The user becomes a confirmed admin of this community and is signed in.",
  request: {
    query: z.object({ secret: z.string().max(512).optional() }),
    body: jsonBody(RegisterAdminSchema),
  },
  responses: { 200: jsonResponse(LoginResultSchema, "Admin registered and signed in"), ...errors(400, 401, 403, 409, 429, 501) },
});

export function registerRegisterAdmin(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) =>
    c.json(await registerAdmin(c.get("ctx"), { ...c.req.valid("json"), secret: c.req.valid("query").secret }), 200),
  );
}
