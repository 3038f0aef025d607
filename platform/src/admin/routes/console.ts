import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { csvFile, errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { StaffMemberSchema } from "../../moderation/schemas.ts";
import { addMemberNote, consoleListParticipants, consoleMemberDetail } from "../console.ts";
import { bulkParticipants } from "../bulk.ts";
import { exportParticipants } from "../export.ts";
import { BulkActionSchema, BulkResultSchema, ParticipantIdParamSchema } from "../schemas.ts";

const TimelineEventSchema = z.object({
  at: z.string(),
  kind: z.enum(["joined", "answer", "moderation", "match", "intro", "meeting", "event", "note"]),
  text: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});
const NoteSchema = z.object({ id: z.string().uuid(), text: z.string(), authorUserId: z.string().nullable(), authorEmail: z.string().nullable(), createdAt: z.string() }).openapi("AdminNote");

const list = defineRoute({
  apiKey: "members:read",
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

const exportCsv = defineRoute({
  apiKey: "members:read",
  access: "admin",
  method: "get",
  path: "/console/participants/export",
  tags: ["Console"],
  summary: "Every member the list's filter matches as a CSV file, however many (streamed)",
  description:
    "UTF-8 with a BOM; cells starting with = + - @ (or a tab or carriage return) are prefixed with an apostrophe. Newest first. The file holds e-mail addresses: each export is audited (participant.export).",
  request: {
    query: z.object({
      filter: z.string().max(20_000).optional().openapi({ example: '{"moderationStatus":"pending"}', description: "{q, moderationStatus, role, id}, as the list's" }),
    }),
  },
  responses: {
    200: { description: "The CSV file", content: { "text/csv": { schema: z.string() } } },
    ...errors(400, 401, 403),
  },
});

const bulk = defineRoute({
  apiKey: "members:write",
  access: "moderator",
  method: "post",
  path: "/console/participants/bulk",
  tags: ["Console"],
  summary: "A bulk action on selected members: confirm, reject with a reason, back to pending (moderators), or the profile / networking switches (admins)",
  description:
    "Each member is decided as by its own call (PATCH /participant-moderation/{id}, POST /admin/profile/toggle, /admin/networking/toggle): one audit event and, for a decision, one e-mail per member changed. A member the action is refused for is listed in `failed`; the others go on.",
  request: { body: jsonBody(BulkActionSchema) },
  responses: { 200: jsonResponse(BulkResultSchema, "What happened"), ...errors(400, 401, 403) },
});

const detail = defineRoute({
  apiKey: "members:read",
  access: "admin",
  method: "get",
  path: "/console/participants/{id}",
  tags: ["Console"],
  summary: "A member with the CRM timeline (joined, onboarding answers, moderation, matches, intros, meetings and feedback, event participations, notes)",
  request: { params: ParticipantIdParamSchema },
  responses: {
    200: jsonResponse(StaffMemberSchema.extend({ timeline: z.array(TimelineEventSchema), notes: z.array(NoteSchema) }).openapi("MemberCrm"), "The member"),
    ...errors(400, 401, 403, 404),
  },
});

const note = defineRoute({
  apiKey: "members:write",
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
  // Before /console/participants/{id}: "export" is no id.
  app.openapi(exportCsv, async (c) => {
    const file = await exportParticipants(c.get("ctx"), c.req.valid("query").filter);
    return csvFile(c, file);
  });
  app.openapi(bulk, async (c) => c.json(await bulkParticipants(c.get("ctx"), c.req.valid("json")), 200));
  app.openapi(detail, async (c) => c.json(await consoleMemberDetail(c.get("ctx"), c.req.valid("param").id), 200));
  app.openapi(note, async (c) => c.json(await addMemberNote(c.get("ctx"), c.req.valid("param").id, c.req.valid("json").text), 200));
}
