import { z } from "@hono/zod-openapi";
import { pageParam, sizeParam } from "../lib/fields.ts";

/** In-app reports about a member (issue 27 item 6; docs/decisions/0162-in-app-reports.md). */
export const REPORT_NOTE_MAX = 1000;
export const REPORT_PAGE_SIZE = 25;

export const ReportReasonSchema = z.enum(["SPAM", "INAPPROPRIATE", "FAKE", "HARASSMENT", "OTHER"]).openapi("ReportReason");
export type ReportReason = z.infer<typeof ReportReasonSchema>;
export const ReportStatusSchema = z.enum(["OPEN", "RESOLVED"]).openapi("ReportStatus");
export type ReportStatus = z.infer<typeof ReportStatusSchema>;
const REPORT_ACTIONS = ["DISMISS", "HIDE", "BLOCK"] as const;
export const ReportActionSchema = z
  .enum(REPORT_ACTIONS)
  .openapi("ReportAction", { description: "DISMISS: nothing done; HIDE: the member's profile is turned off (out of the directory and recommendations); BLOCK: the member is rejected from the community" });
export type ReportAction = z.infer<typeof ReportActionSchema>;

export const CreateReportSchema = z
  .strictObject({
    reportedId: z.string().uuid().openapi({ description: "The participant reported, of this community" }),
    reason: ReportReasonSchema,
    note: z.string().trim().max(REPORT_NOTE_MAX).nullable().optional(),
  })
  .openapi("CreateReport");
export type CreateReport = z.infer<typeof CreateReportSchema>;

/** What the reporter sees of their report: never what was done to the other member. */
export const MyReportSchema = z
  .object({
    id: z.string().uuid(),
    reportedId: z.string().uuid(),
    reason: ReportReasonSchema,
    note: z.string().nullable(),
    status: ReportStatusSchema,
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("MyReport");
export type MyReport = z.infer<typeof MyReportSchema>;

const PersonSchema = z.object({
  id: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  slug: z.string(),
});

export const MemberReportSchema = z
  .object({
    id: z.string().uuid(),
    reason: ReportReasonSchema,
    note: z.string().nullable(),
    status: ReportStatusSchema,
    action: z.enum(REPORT_ACTIONS).nullable().openapi({ description: "The decision (null while open)" }),
    createdAt: z.string().openapi({ format: "date-time" }),
    resolvedAt: z.string().nullable().openapi({ format: "date-time" }),
    resolvedBy: z.string().uuid().nullable().openapi({ description: "The moderator's participant id (null: not resolved, or by a platform operator)" }),
    reporter: PersonSchema,
    reported: PersonSchema.extend({
      moderationStatus: z.enum(["pending", "confirmed", "rejected"]),
      profileEnabled: z.boolean(),
      openReports: z.number().int().openapi({ description: "Open reports about this member" }),
    }),
  })
  .openapi("MemberReport");
export type MemberReport = z.infer<typeof MemberReportSchema>;

export const MemberReportPageSchema = z
  .object({ items: z.array(MemberReportSchema), page: z.number().int(), size: z.number().int(), total: z.number().int(), hasMore: z.boolean() })
  .openapi("MemberReportPage");
export type MemberReportPage = z.infer<typeof MemberReportPageSchema>;

export const ReportQuerySchema = z.object({
  page: pageParam(10_000),
  size: sizeParam(100, REPORT_PAGE_SIZE),
  status: ReportStatusSchema.optional().openapi({ description: "OPEN or RESOLVED; both when absent" }),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

export const ReportIdParamSchema = z.object({
  id: z.string().uuid().openapi({ param: { name: "id", in: "path" }, description: "A report of this community" }),
});

export const ResolveReportSchema = z.strictObject({ action: ReportActionSchema }).openapi("ResolveReport");
export type ResolveReport = z.infer<typeof ResolveReportSchema>;
