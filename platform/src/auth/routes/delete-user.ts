import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { OkSchema, errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { deleteUser } from "../account.ts";
import { PasswordSchema } from "../schemas.ts";

export const DeleteUserSchema = z
  .strictObject({
    /** Accounts with a password confirm with it. */
    password: PasswordSchema.optional(),
    /** Passwordless accounts confirm with a one-time code from the e-mail. */
    code: z.string().trim().min(1).max(32).optional(),
  })
  .openapi("DeleteUser");

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "delete",
  path: "/users/delete/{id}",
  tags: ["Auth"],
  summary: "Delete your own account",
  description:
    "Only your own id (another id: 404). Wrong password: 1014; wrong code: 1009. The account's sessions, sign-in identities and memberships are removed and the e-mail can register again.",
  request: {
    params: z.object({ id: z.string().uuid().openapi({ param: { name: "id", in: "path" } }) }),
    body: jsonBody(DeleteUserSchema),
  },
  responses: { 200: jsonResponse(OkSchema, "Deleted"), ...errors(400, 401, 404, 429) },
});

export function registerDeleteUser(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await deleteUser(c.get("ctx"), { ...c.req.valid("json"), userId: c.req.valid("param").id }), 200));
}
