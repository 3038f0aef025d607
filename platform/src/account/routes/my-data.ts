import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { exportMyData } from "../export.ts";

const Rows = z.array(z.record(z.string(), z.unknown()));
export const MyDataSchema = z
  .object({
    exportedAt: z.string(),
    communityId: z.string(),
    account: z.record(z.string(), z.unknown()),
    identities: Rows,
    sessions: Rows.openapi({ description: "The account's sessions, without secrets; `current` marks this one" }),
    webPushSubscriptions: Rows,
    participant: z.record(z.string(), z.unknown()).nullable(),
    answers: Rows,
    recommendations: Rows.openapi({ description: "Recommendations with reasons, status, intro, meeting feedback and note" }),
    relations: Rows,
    bookmarks: Rows,
    intros: Rows.openapi({ description: "Intro requests sent or received" }),
    chats: Rows,
    messages: Rows.openapi({ description: "Messages the user wrote" }),
    notifications: Rows,
    eventParticipations: Rows,
    images: Rows,
    invitationsSent: Rows,
    mail: Rows.openapi({ description: "Mail sent to the address (subject and status, not the body)" }),
    auditEvents: Rows.openapi({ description: "Audit events about the user or their participant, or done by them" }),
  })
  .openapi("MyData");

const route = defineRoute({
  access: "user",
  method: "get",
  path: "/current-user/data",
  tags: ["Account"],
  summary: "Download my data",
  description:
    "Everything the platform holds about the signed-in user: the account (every community) and their participant in the community of the request. No secrets (password hash, session secrets, push keys) are included.",
  responses: { 200: jsonResponse(MyDataSchema, "The user's data"), ...errors(401) },
});

export function registerMyData(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    c.header("content-disposition", 'attachment; filename="my-data.json"');
    return c.json(await exportMyData(c.get("ctx")), 200);
  });
}
