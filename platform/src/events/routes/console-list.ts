import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { consoleListEvents } from "../console.ts";
import { ConsoleEventSchema, ConsoleListQuerySchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: "events:read",
  access: "admin",
  method: "get",
  path: "/console/events",
  tags: ["Console"],
  summary: "The community's events in react-admin's simple-REST contract: sort, range and filter ({tab: upcoming|past, q, id}) as JSON; the total in Content-Range",
  request: { query: ConsoleListQuerySchema },
  responses: {
    200: {
      description: "The window; Content-Range: events first-last/total",
      headers: { "Content-Range": { schema: { type: "string" } } },
      content: { "application/json": { schema: z.array(ConsoleEventSchema) } },
    },
    ...errors(400, 401, 403),
  },
});

export function registerConsoleEvents(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { rows, start, end, total } = await consoleListEvents(c.get("ctx"), c.req.valid("query"));
    c.header("Content-Range", `events ${start}-${end}/${total}`);
    c.header("Access-Control-Expose-Headers", "Content-Range");
    return c.json(rows, 200);
  });
}
