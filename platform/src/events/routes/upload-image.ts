import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineOrganizerRoute } from "./organizer-route.ts";
import { UploadFormSchema } from "../../images/schemas.ts";
import { EventIdParamSchema, EventSchema } from "../schemas.ts";
import { uploadEventImage } from "../service.ts";

const route = defineOrganizerRoute({
  apiKey: false,
  method: "post",
  path: "/event/{id}/upload-image",
  tags: ["Events"],
  summary: "Upload the event's cover image (multipart, field image; JPG or PNG, through the images module; audited as event.image)",
  request: {
    params: EventIdParamSchema,
    body: { required: true, content: { "multipart/form-data": { schema: UploadFormSchema } } },
  },
  responses: { 200: jsonResponse(EventSchema, "The event with its new image"), ...errors(400, 401, 403, 404, 413, 415, 429) },
});

export function registerUploadEventImage(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await uploadEventImage(c.get("ctx"), c.req.valid("param").id, c.req.valid("form")), 200));
}
