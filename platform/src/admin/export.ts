/**
 * The console's CSV export of the members: every member the list's filter matches, however many,
 * streamed batch by batch (csv-stringify), UTF-8 with a BOM so spreadsheets read Cyrillic right,
 * formula-like cells neutralised. The file holds e-mail addresses, so the export is audited.
 */
import { recordAudit } from "../audit/index.ts";
import type { Ctx } from "../context.ts";
import { parseJson } from "../http/simple-rest.ts";
import { BOM, csvRecords as csv } from "../lib/csv.ts";
import { allStaffMembers, type StaffMemberRow } from "../moderation/index.ts";
import { FilterSchema } from "./console.ts";
import { requireCommunityAdmin } from "../authz/index.ts";

const COLUMNS: [string, (r: StaffMemberRow) => string | number | boolean | null][] = [
  ["id", (r) => r.id],
  ["firstName", (r) => r.firstName],
  ["lastName", (r) => r.lastName],
  ["email", (r) => r.email],
  ["company", (r) => r.company],
  ["position", (r) => r.position],
  ["city", (r) => r.city],
  ["tags", (r) => r.tags.join(", ")],
  ["role", (r) => r.role],
  ["moderationStatus", (r) => r.moderationStatus],
  ["moderationReason", (r) => r.moderationReason],
  ["profileEnabled", (r) => r.profileEnabled],
  ["networkingEnabled", (r) => r.networkingEnabled],
  ["profileCompleted", (r) => r.profileCompleted],
  ["language", (r) => r.language],
  ["invitedBy", (r) => r.invitedBy],
  ["createdAt", (r) => r.createdAt.toISOString()],
];

/** GET /console/participants/export: the members as a CSV stream, filtered as the list is (filter JSON). */
export async function exportParticipants(ctx: Ctx, rawFilter: string | undefined): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  await requireCommunityAdmin(ctx);
  const filter = parseJson("filter", rawFilter, FilterSchema) ?? {};
  const ids = filter.id === undefined ? undefined : Array.isArray(filter.id) ? filter.id : [filter.id];
  await recordAudit(ctx, {
    action: "participant.export",
    target: { type: "community", id: ctx.tenant.id },
    before: null,
    after: { filter, columns: COLUMNS.map(([name]) => name) },
  });
  const batches = allStaffMembers(ctx.db, ctx.tenant.id, { q: filter.q, status: filter.moderationStatus, role: filter.role, ids });
  const encoder = new TextEncoder();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csv([COLUMNS.map(([name]) => name)])));
        return;
      }
      try {
        const next = await batches.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(csv(next.value.map((r) => COLUMNS.map(([, get]) => get(r))))));
      } catch (err) {
        ctx.log.error({ err: err instanceof Error ? { type: err.name, message: err.message } : String(err) }, "participants export failed");
        controller.error(err);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return { filename: `${ctx.tenant.id}-participants-${date}.csv`, body };
}
