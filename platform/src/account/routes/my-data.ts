import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { exportMyData } from "../export.ts";

const Rows = z.array(z.record(z.string(), z.unknown()));
const MyCommunityDataSchema = z
  .object({
    communityId: z.string(),
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
    auditEvents: Rows.openapi({
      description: "Audit events about the user or their participant (with before/after), or done by them (what and when only)",
    }),
  })
  .openapi("MyCommunityData");

export const MyDataSchema = z
  .object({
    exportedAt: z.string(),
    communityId: z.string().openapi({ description: "The community the download was asked from" }),
    account: z.record(z.string(), z.unknown()),
    identities: Rows,
    sessions: Rows.openapi({ description: "The account's sessions in every community, without secrets; `current` marks this one" }),
    webPushSubscriptions: Rows,
    communities: z.array(MyCommunityDataSchema).openapi({ description: "Every community the user belongs to (or has traces in), the one of the request first" }),
  })
  .openapi("MyData");

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "get",
  path: "/current-user/data",
  tags: ["Account"],
  summary: "Download my data",
  description:
    "Everything the platform holds about the signed-in user: the account, and for every community they belong to their participant, answers, matches, intros, bookmarks, chats and the messages they wrote, event participations, notifications, mail and audit events. Other people appear only as ids. No secrets (password hash, session secrets, push keys) are included.",
  responses: { 200: jsonResponse(MyDataSchema, "The user's data"), ...errors(401) },
});

export function registerMyData(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    c.header("content-disposition", 'attachment; filename="my-data.json"');
    return c.json(await exportMyData(c.get("ctx")), 200);
  });
}
