/**
 * Meetings (docs/meetings.md). Other modules start one by enqueueing `meetingProposeQueue` in the
 * transaction that connects two members (a weekly match mailed, an intro accepted). The jobs are
 * registered by job-registry.ts from meetings/jobs/ (exporting them here would close an import
 * cycle through the weekly matching's mail).
 */
export { buildMeetingIcs } from "./calendar.ts";
export { meetingProposeQueue } from "./jobs/propose-queue.ts";
export { whenLine } from "./mail.ts";
