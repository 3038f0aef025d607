export { type AuditEntry, type AuditSource, recordAudit, recordAuditWith, sameJson } from "./record.ts";
