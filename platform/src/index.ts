/**
 * The platform's surface for the CLI, the tests and the benches (package `@tuesday/platform`): the
 * runtime, configuration, database, tenancy and the service verbs they call. Nothing outside
 * platform/ imports platform/src directly; a name they need is added here. The HTTP server and
 * its parts are `@tuesday/platform/http` (http.ts), so the CLI does not load them.
 */
export { createCommunityAdmin } from "./account/service.ts";
export { setAccountEnabled } from "./account/disable.ts";
export { softDeleteUser } from "./auth/account-queries.ts";
export { checkPasswordPolicy, hashPassword, verifyPassword } from "./auth/password.ts";
export { createSession, validateSessionToken } from "./auth/session.ts";
export { SESSION_COOKIE } from "./http/session-cookie.ts";
export { findUserByEmail, insertUser, type UserRow } from "./auth/users.ts";
export { ACCESS_LEVELS, type AccessLevel } from "./authz/index.ts";
export { API_SCOPES, type ApiKeyAccess } from "./authz/api-keys.ts";
export { type AppConfig, DEV_GOOGLE_CLIENT_ID, DEV_GOOGLE_ISSUER, devGoogleConfig, testConfig } from "./config.ts";
export type { Ctx, Deps } from "./context.ts";
export { createDb, type Db, isDatabaseUnavailable, socketPath, withDatabase, withTx } from "./db/client.ts";
export { startEmbeddedPostgres } from "./db/embedded.ts";
export { migrate } from "./db/migrate.ts";
export { explainDirectorySearch, withSequentialScansPricedOut } from "./directory/queries.ts";
export { loadConfig } from "./env.ts";
export { eventReminderJob } from "./events/jobs/reminder.ts";
export { Jobs } from "./jobs/jobs.ts";
export { createErrorReporter } from "./lib/error-reporting.ts";
export { allJobs } from "./job-registry.ts";
export { BOM, csvRecords } from "./lib/csv.ts";
export { AppError, ErrorCode } from "./lib/errors.ts";
export { processAlive } from "./lib/process.ts";
export { AUDIT_ACTIONS } from "./audit/actions.ts";
export { type BilingualOptions, explainEncoderText, loadBilingual, toEncoderText } from "./matching/encoder/bilingual.ts";
export { getOutbox, listOutbox, OUTBOX_LOCK_CLASS, type OutboxRow } from "./mail/queries.ts";
export { mailSendJob } from "./mail/send-job.ts";
export { mailSendLanes, smtpSocket } from "./mail/transport.ts";
export { MAILING_CHUNK, mailingSendJob } from "./mailings/index.ts";
export { listMail, queueMail } from "./mail/service.ts";
export { renderMail, type TemplateName, type TemplateVars } from "./mail/templates.ts";
export { invalidateCommunityModel, loadCommunityInput, loadCommunityModel } from "./matching/community-model.ts";
export { embedCommunity, embedMemberTexts, embedSlice, encoderFor, matchingEmbedJob, requestEmbedding, type VectorStatus, vectorStatus } from "./matching/vectors/index.ts";
export { builtinEncoder, memberTexts, openAiEncoder, textLang } from "./matching/encoder/index.ts";
export type { Encoder } from "./matching/encoder/index.ts";
export { parseGraph, parseMapping, parsePairing, validateMatching } from "./matching/engine/index.ts";
export { exportAudit } from "./matching/engine/export.ts";
export { pairCommunity } from "./matching/engine/pairing.ts";
export { VEC, packedTexts } from "./matching/engine/semantic.ts";
export type { PairingResult } from "./matching/engine/pairing.ts";
export { WEIGHT_SCALE } from "./matching/engine/candidates.ts";
export { relevance, scorePair } from "./matching/engine/relevance.ts";
export { Rng } from "./matching/engine/random.ts";
export { buildCommunityModel } from "./matching/engine/corpus.ts";
export { buildCandidateGraph, HUB_LIST, hubCounts } from "./matching/engine/candidates.ts";
export { DEFAULT_WEIGHTS } from "./matching/engine/weights.ts";
export { vectorNeighbours } from "./matching/engine/vector-candidates.ts";
export type { MatchingWeightsOverride } from "./matching/engine/weights.ts";
export { syntheticCommunity, TOPICS as SYNTHETIC_TOPICS } from "./dev/synthetic.ts";
export type { CommunityInput, MemberFeatures } from "./matching/engine/types.ts";
export { jobCtx } from "./jobs/context.ts";
export { exportSyntheticAudit } from "./dev/synthetic-audit.ts";
export { type AuditFiles, exportWeeklyAudit } from "./matching/weekly/export.ts";
export { matchingMailJob } from "./matching/weekly/jobs/mail.ts";
export { sendMeetingFollowups, sendWeeklyReminders } from "./matching/weekly/mail.ts";
export { plannedActions, scheduleMatching } from "./matching/weekly/schedule.ts";
export { type RunProgress, type RunStage, runWeeklyPairing, type WeeklyRunReport } from "./matching/weekly/service.ts";
export { addDays, comingTuesday, localTime } from "./matching/weekly/week.ts";
export { CONCEPTS, defaultLexicon, expandPhrasing, type Lang } from "./matching/lexicon/index.ts";
export { conceptMatcher } from "./matching/lexicon/need-weights.ts";
export type { QuestionFile } from "./onboarding/schemas.ts";
export { computeCompletion } from "./participant/completion.ts";
export { findParticipant, type ModerationStatus, type ParticipantRow } from "./participant/queries.ts";
export { LIMITS, type LookingFor, UpdateLookingForSchema, type UpdateProfile, UpdateProfileSchema } from "./participant/schemas.ts";
export { joinCommunity, updateLookingFor, updateProfile } from "./participant/service.ts";
export { checkContacts, normalisePhone, normaliseTags, SLUG_PATTERN } from "./participant/validation.ts";
export { communityOwner } from "./questionnaire/owner.ts";
export { listOptions, listQuestions } from "./questionnaire/queries.ts";
export { FREE_TEXT_LIMIT, QuestionsFileSchema } from "./questionnaire/schemas.ts";
export { sendNotificationDigests } from "./notifications/index.ts";
export { haveAcceptedIntro, isBlocked, listBlockedPairs, listBlockedWith, listOpenIntroPairs, listOpenIntrosWith } from "./relations/index.ts";
export { createDeps, createLogger, type Database, flushLogs, openDatabase, openPools, poolSizes } from "./runtime.ts";
export { renderTenantSchema, TENANT_SCHEMA_FILE } from "./scripts/write-tenant-schema.ts";
export { DEMO_ADMIN_PASSWORD, demoAdminEmail, demoBannerLines, type DemoCommunityId, seedDemo } from "./dev/seed/demo.ts";
export { demoEmailDomain, generateMembers } from "./dev/seed/generate.ts";
export { loadTenantDir, loadTenantsDir, type TenantBundle, TenantValidationError } from "./community/load-tenants.ts";
export type { ContactType, Tenant, TenantConfigInput } from "./tenancy/schema.ts";
export { TenantConfigSchema } from "./community/tenant-config.ts";
export { applyTenants } from "./community/apply-tenants.ts";
export { TenantDirectory } from "./tenancy/service.ts";
export { unconfiguredSignInMethods } from "./auth/sign-in-check.ts";
export { sendTelegramNotifications, telegramMailingJob } from "./telegram/index.ts";
export { grantCommunityRole, listCommunityStaff, revokeCommunityRole, type StaffRole } from "./account/service.ts";
export { inviteByEmail } from "./admin/invitations.ts";
export { notifyParticipants, getMailing, notifyRecommendedContacts } from "./mailings/service.ts";
export { NotifySchema } from "./mailings/schemas.ts";
export {
  checkImportRow,
  clearImportCheckpoint,
  existingMemberEmails,
  exportMembers,
  type ImportField,
  type ImportMember,
  importFieldOf,
  importMemberBatch,
  isImportField,
  isRowDone,
  readImportCheckpoint,
} from "./members/import.ts";
export { exportCommunityQuestions, seedCommunityQuestions } from "./questionnaire/admin.ts";
export { upgradeTenantConfig } from "./tenancy/migrate.ts";
export { AUTH_TYPES, CONTACT_TYPES, LANGS, TENANT_SCHEMA_VERSION } from "./tenancy/schema.ts";
export { findCommunityById } from "./tenancy/queries.ts";
export { matchingMailJob as recommendationMailJob } from "./matching/weekly/jobs/mail.ts";
export { emitWebhook, emitWebhooks } from "./webhooks/index.ts";
