/**
 * The console's bulk actions on selected members: confirm, reject with one reason, back to
 * pending, or the profile / networking switches. Each member is decided by the same verb as one
 * at a time (its own transaction, audit event and e-mail), so a refusal for one member (not
 * found, own profile, staff a moderator may not moderate) is reported and the others go on.
 */
import { requireCommunityAdmin, requireModerator } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { AppError, validation } from "../lib/errors.ts";
import { decideModeration } from "../moderation/index.ts";
import type { BulkAction, BulkResult } from "./schemas.ts";
import { switchParticipant } from "./service.ts";

/** POST /console/participants/bulk */
export async function bulkParticipants(ctx: Ctx, input: BulkAction): Promise<BulkResult> {
  if (input.action === "moderate") {
    await requireModerator(ctx);
    if (input.reason && input.moderationStatus !== "rejected") throw validation("Invalid input: reason: only a rejection has a reason", { reason: "Only with rejected" });
  } else {
    await requireCommunityAdmin(ctx);
  }
  const result: BulkResult = { done: 0, unchanged: 0, failed: [] };
  for (const id of new Set(input.ids)) {
    try {
      const { changed } =
        input.action === "moderate"
          ? await decideModeration(ctx, id, { moderationStatus: input.moderationStatus, ...(input.reason ? { reason: input.reason } : {}) })
          : await switchParticipant(ctx, input.action, { participantId: id, shouldDisable: input.shouldDisable });
      if (changed) result.done += 1;
      else result.unchanged += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.failed.push({ id, code: err.code, msg: err.message });
    }
  }
  return result;
}
