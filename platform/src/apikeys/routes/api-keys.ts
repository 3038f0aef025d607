import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "../service.ts";
import { ApiKeyIdParamSchema, ApiKeySchema, CommunityIdParamSchema, CreateApiKeySchema, CreatedApiKeySchema } from "../schemas.ts";

const list = defineRoute({
  access: "admin",
  apiKey: false,
  method: "get",
  path: "/admin/{communityId}/api-keys",
  tags: ["API keys"],
  summary: "The community's API keys, newest first, with their last use (the keys themselves are never shown again)",
  request: { params: CommunityIdParamSchema },
  responses: { 200: jsonResponse(z.array(ApiKeySchema), "API keys"), ...errors(400, 404) },
});

const create = defineRoute({
  access: "admin",
  apiKey: false,
  method: "post",
  path: "/admin/{communityId}/api-keys",
  tags: ["API keys"],
  summary: "Make an API key with a name, scopes and an optional expiry; the answer's `key` is shown this once",
  request: { params: CommunityIdParamSchema, body: jsonBody(CreateApiKeySchema) },
  responses: { 201: jsonResponse(CreatedApiKeySchema, "The new key, with its secret"), ...errors(400, 404) },
});

const revoke = defineRoute({
  access: "admin",
  apiKey: false,
  method: "delete",
  path: "/admin/{communityId}/api-keys/{id}",
  tags: ["API keys"],
  summary: "Revoke an API key: refused from the next request on, by every server",
  request: { params: ApiKeyIdParamSchema },
  responses: { 200: jsonResponse(ApiKeySchema, "The revoked key"), ...errors(400, 404) },
});

export function registerApiKeys(app: OpenAPIHono<AppEnv>) {
  app.openapi(list, async (c) => c.json(await listApiKeys(c.get("ctx"), c.req.valid("param").communityId), 200));
  app.openapi(create, async (c) => c.json(await createApiKey(c.get("ctx"), c.req.valid("param").communityId, c.req.valid("json")), 201));
  app.openapi(revoke, async (c) => {
    const { communityId, id } = c.req.valid("param");
    return c.json(await revokeApiKey(c.get("ctx"), communityId, id), 200);
  });
}
