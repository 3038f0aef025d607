import { z } from "@hono/zod-openapi";
import { AuthTypeSchema } from "../tenancy/schema.ts";

export const EmailSchema = z.string().trim().toLowerCase().max(254).email("Invalid e-mail format");
/** Raw password as typed; the policy (trim, 8-128, not common) is applied by the service. */
export const PasswordSchema = z.string().min(1).max(1024);

export const LoginPayloadSchema = z
  .strictObject({
    authType: AuthTypeSchema,
    email: EmailSchema.optional(),
    /** EMAIL: the password. OTP / NONE: the one-time code from the e-mail. */
    password: z.string().max(1024).optional(),
    /** GOOGLE: the ID token from the identity provider. */
    token: z.string().max(8192).optional(),
    backTo: z.string().max(2048).optional(),
    introFor: z.string().max(100).optional(),
  })
  .openapi("LoginPayload");
export type LoginPayload = z.infer<typeof LoginPayloadSchema>;

export const LoginResultSchema = z
  .object({
    token: z.string().openapi({ description: "Session token <id>.<secret>; send as Authorization: Bearer" }),
    firstLogin: z.boolean(),
    backTo: z.string().nullable().optional().openapi({ description: "Same-site path to continue at, when one was given" }),
  })
  .openapi("LoginResult");

export const SentSchema = z
  .object({ status: z.enum(["CODE_SENT", "LINK_SENT"]) })
  .openapi("Sent", { description: "A code or link was sent if the address may sign in here (the answer never tells whether an account exists)" });
