import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse, } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { StaffMemberSchema } from "../../moderation/schemas.ts";
import { addMemberNote, consoleListParticipants, consoleMemberDetail } from "../console.ts";
import { ParticipantIdParamSchema } from "../schemas.ts";

const TimelineEventSchema = z.object({
  at: z.string(),
  kind: z.enum(["joined", "answer", "moderation", "match", "intro", "meeting", "note"]),
  text: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});
const NoteSchema = z.object({ id: z.string().uuid(), text: z.string(), authorUserId: z.string().nullable(), authorEmail: z.string().nullable(), createdAt: z.string() }).openapi("AdminNote");

const list = defineRoute({
  access: "moderator",
  method: "get",
  path: "/console/participants",
  tags: ["Console"],
  summary: "The members in react-admin's simple-REST contract: sort, range and filter as JSON; the total in Content-Range",
  request: {
    query: z.object({
      sort: z.string().max(200).optional().openapi({ example: '["createdAt","DESC"]', description: "[field, ASC|DESC]; fields createdAt, fullName, moderationStatus, email, role" }),
      range: z.string().max(100).optional().openapi({ example: "[0,24]", description: "[first, last], inclusive, at most 500 rows" }),
      filter: z.string().max(20_000).optional().openapi({ example: '{"moderationStatus":"pending","q":"ann"}', description: "{q, moderationStatus, role, id}" }),
    }),
  },
  responses: {
    200: { description: "The window; Content-Range: participants first-last/total", headers: { "Content-Range": { schema: { type: "string" } } }, content: { "application/json": { schema: z.array(StaffMemberSchema) } } },
    ...errors(400, 401, 403),
  },
});

const detail = defineRoute({
  access: "admin",
  method: "get",
  path: "/console/participants/{id}",
  tags: ["Console"],
  summary: "A member with the CRM timeline (joined, onboarding answers, moderation, matches, intros, meetings and feedback, notes)",
  request: { params: ParticipantIdParamSchema },
  responses: {
    200: jsonResponse(StaffMemberSchema.extend({ timeline: z.array(TimelineEventSchema), notes: z.array(NoteSchema) }).openapi("MemberCrm"), "The member"),
    ...errors(400, 401, 403, 404),
  },
});

const note = defineRoute({
  access: "admin",
  method: "post",
  path: "/console/participants/{id}/notes",
  tags: ["Console"],
  summary: "Add a private admin note to a member's CRM timeline",
  request: { params: ParticipantIdParamSchema, body: jsonBody(z.object({ text: z.string().trim().min(1).max(2000) })) },
  responses: { 200: jsonResponse(NoteSchema, "The note"), ...errors(400, 401, 403, 404) },
});

export function registerConsole(app: OpenAPIHono<AppEnv>) {
  app.openapi(list, async (c) => {
    const { rows, start, end, total } = await consoleListParticipants(c.get("ctx"), c.req.valid("query"));
    c.header("Content-Range", `participants ${start}-${end}/${total}`);
    c.header("Access-Control-Expose-Headers", "Content-Range");
    return c.json(rows, 200);
  });
  app.openapi(detail, async (c) => c.json(await consoleMemberDetail(c.get("ctx"), c.req.valid("param").id), 200));
  app.openapi(note, async (c) => c.json(await addMemberNote(c.get("ctx"), c.req.valid("param").id, c.req.valid("json").text), 200));
}
