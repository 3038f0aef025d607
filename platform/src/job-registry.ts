import { eventMeetingReminderJob } from "./events/jobs/meeting-reminder.ts";
import { eventReminderJob } from "./events/jobs/reminder.ts";
import { mailSendJob } from "./mail/send-job.ts";
import { mailingSendJob } from "./mailings/jobs/send.ts";
import { matchingFollowupJob } from "./matching/weekly/jobs/followup.ts";
import { matchingMailJob } from "./matching/weekly/jobs/mail.ts";
import { matchingReminderJob } from "./matching/weekly/jobs/reminder.ts";
import { matchingScheduleJob } from "./matching/weekly/jobs/schedule.ts";
import { matchingWeekJob } from "./matching/weekly/jobs/week.ts";
import { matchingEmbedJob } from "./matching/vectors/jobs/embed.ts";
import { notificationDigestJob } from "./notifications/jobs/digest.ts";
import { telegramMailingJob } from "./telegram/jobs/mailing.ts";
import { telegramNotificationsJob } from "./telegram/jobs/notifications.ts";
import { webhookDeliverJob } from "./webhooks/jobs/deliver.ts";
import type { AnyJobDef } from "./jobs/jobs.ts";
import { meetingFollowupJob } from "./meetings/jobs/followup.ts";
import { meetingProposeJob } from "./meetings/jobs/propose.ts";
import { meetingReminderJob } from "./meetings/jobs/reminder.ts";

/** Every job kind the platform runs. */
export const allJobs: AnyJobDef[] = [mailSendJob, matchingScheduleJob, matchingWeekJob, matchingMailJob, matchingReminderJob, matchingFollowupJob, matchingEmbedJob, notificationDigestJob, eventReminderJob, mailingSendJob, telegramNotificationsJob, telegramMailingJob, meetingProposeJob, meetingReminderJob, meetingFollowupJob, eventMeetingReminderJob, webhookDeliverJob];
