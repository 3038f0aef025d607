import { z } from "@hono/zod-openapi";
import { API_SCOPES } from "../authz/api-keys.ts";

export { CommunityIdParamSchema } from "../moderation/schemas.ts";

export const ApiScopeSchema = z.enum(API_SCOPES).openapi("ApiScope");

export const ApiKeySchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    /** The first characters of the key, to tell keys apart; the key itself is shown once. */
    prefix: z.string().openapi({ example: "tsk_live_ab12cd" }),
    scopes: z.array(ApiScopeSchema),
    createdAt: z.string().datetime(),
    createdBy: z.string().uuid().nullable(),
    expiresAt: z.string().datetime().nullable(),
    revokedAt: z.string().datetime().nullable(),
    lastUsedAt: z.string().datetime().nullable(),
    lastUsedIp: z.string().nullable(),
    status: z.enum(["active", "expired", "revoked"]),
  })
  .openapi("ApiKey");
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const CreateApiKeySchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    scopes: z.array(ApiScopeSchema).min(1).max(API_SCOPES.length),
    expiresAt: z.string().datetime({ offset: true }).optional().nullable(),
  })
  .strict()
  .openapi("CreateApiKey");
export type CreateApiKey = z.infer<typeof CreateApiKeySchema>;

export const CreatedApiKeySchema = ApiKeySchema.extend({
  key: z.string().openapi({ description: "The key itself (`tsk_live_…`): shown this once, stored only hashed" }),
}).openapi("CreatedApiKey");
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const ApiKeyIdParamSchema = z.object({
  communityId: z.string().min(1).max(63).openapi({ param: { name: "communityId", in: "path" } }),
  id: z.string().uuid().openapi({ param: { name: "id", in: "path" }, description: "An API key of this community" }),
});
