import type { Ctx } from "../../context.ts";
import { type WeeklyRunReport, runWeeklyPairing } from "../weekly/service.ts";

/**
 * The admin preview of a week: a dry run of the weekly pairing (nothing stored, nothing mailed).
 * Admins and moderators of this community only; another community's id is a 404.
 */
export async function previewWeeklyMatching(ctx: Ctx, input: { communityId: string; week?: string | undefined }): Promise<WeeklyRunReport> {
  return runWeeklyPairing(ctx, { communityId: input.communityId, week: input.week, dryRun: true });
}
