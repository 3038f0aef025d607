import { type AuditSource, recordAuditWith, sameJson } from "../audit/record.ts";
import { type Db, withTx } from "../db/client.ts";
import { communityOwner } from "../questionnaire/owner.ts";
import { applyQuestionFiles } from "../questionnaire/service.ts";
import { findCommunityForUpdate, upsertCommunity } from "../tenancy/queries.ts";
import { applyTopicFile } from "../topics/service.ts";
import type { TenantBundle } from "./load-tenants.ts";

export type ApplyReport = { id: string; created: boolean }[];

/**
 * Upserts tenant bundles, with their onboarding questions when the bundle has them (all or nothing),
 * and their topics when tenant.json lists `topics`: then the file decides, as with questions: topics
 * are matched by key, labels and order restored, listed ones active again, unlisted ones (console
 * additions too) archived with members' picks kept. Without `topics` the console owns them.
 * Each community whose files changed gets a `tenant.apply` audit event from `source`'s actor.
 */
export async function applyTenants(db: Db, bundles: TenantBundle[], source: Omit<AuditSource, "communityId">): Promise<ApplyReport> {
  return withTx(db, async (tx) => {
    const report: ApplyReport = [];
    for (const b of bundles) {
      const before = await findCommunityForUpdate(tx, b.config.id);
      const result = await upsertCommunity(tx, { config: b.config, landing: b.landing, navigation: b.navigation });
      const questions = b.questions ? await applyQuestionFiles(tx, communityOwner(b.config.id), b.questions) : undefined;
      const topics = b.config.topics ? await applyTopicFile(tx, b.config.id, b.config.topics) : undefined;
      const after = { config: b.config, landing: b.landing, navigation: b.navigation };
      const was = before && { config: before.config, landing: before.landing, navigation: before.navigation };
      const questionsChanged = questions !== undefined && !sameJson(questions.before, questions.after);
      // The file's topics are in `config`; what the table held before shows what the apply undid.
      const topicsChanged = topics !== undefined && !sameJson(topics.before, topics.after);
      if (!was || !sameJson(was, after) || questionsChanged || topicsChanged) {
        await recordAuditWith(tx, { ...source, communityId: b.config.id }, {
          action: "tenant.apply",
          target: { type: "community", id: b.config.id },
          before: was
            ? { ...was, ...(questionsChanged ? { questions: questions?.before } : {}), ...(topicsChanged ? { topics: topics?.before } : {}) }
            : null,
          after: { ...after, ...(questionsChanged ? { questions: b.questions } : {}), ...(topicsChanged ? { topics: topics?.after } : {}) },
        });
      }
      report.push(result);
    }
    return report;
  });
}
