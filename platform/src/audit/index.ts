export { AUDIT_ACTIONS, type AuditAction } from "./actions.ts";
export { type AuditEntry, type AuditSource, recordAudit, recordAuditWith, sameJson } from "./record.ts";
