import { z } from "@hono/zod-openapi";
import { PageQuerySchema } from "../lib/paging.ts";

export const AuditEventSchema = z
  .object({
    id: z.string(),
    communityId: z.string(),
    actor: z.object({
      kind: z.enum(["user", "operator", "system"]).openapi({ description: "A signed-in user, the operator CLI, or a job / the server" }),
      userId: z.string().uuid().nullable(),
      label: z.string().nullable().openapi({ description: "The job's name for system events; `cli` for the operator CLI" }),
      name: z.string().nullable().openapi({ description: "The acting user's name in this community (null when they have no profile here)" }),
      email: z.string().nullable().openapi({ description: "The acting user's account e-mail (null once the account is deleted)" }),
    }),
    action: z.string().openapi({ example: "pair_score.set" }),
    target: z.object({ type: z.string().openapi({ example: "participant_pair" }), id: z.string().nullable() }),
    before: z.unknown().openapi({ description: "The target before the change (null when created)" }),
    after: z.unknown().openapi({ description: "The target after the change (null when removed)" }),
    requestId: z.string().nullable().openapi({ description: "The X-Request-Id of the API call that made the change" }),
    createdAt: z.string().datetime(),
  })
  .openapi("AuditEvent");
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditPageSchema = z
  .object({ items: z.array(AuditEventSchema), page: z.number().int(), size: z.number().int(), hasMore: z.boolean(), total: z.number().int() })
  .openapi("AuditPage");
export type AuditPage = z.infer<typeof AuditPageSchema>;

const ACTION = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*\.?$/;

export const AuditQuerySchema = PageQuerySchema.extend({
  action: z.string().max(100).regex(ACTION, "An action such as pair_score.set, or a family such as participant.").optional(),
  actorUserId: z.string().uuid().optional(),
  targetType: z.string().max(50).optional(),
  targetId: z.string().max(200).optional(),
  from: z.string().datetime({ offset: true }).optional().openapi({ description: "Events at or after this instant" }),
  to: z.string().datetime({ offset: true }).optional().openapi({ description: "Events before this instant" }),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditCommunityParamSchema = z.object({
  communityId: z.string().min(1).max(100).openapi({ param: { name: "communityId", in: "path" }, description: "The current community's id" }),
});
