import type { Deps } from "../../context.ts";
import type { Tenant } from "../../tenancy/schema.ts";
import { matchingFollowupJob } from "./jobs/followup.ts";
import { matchingReminderJob } from "./jobs/reminder.ts";
import { matchingWeekJob } from "./jobs/week.ts";
import { findRun } from "./queries.ts";
import { addDays, localTime } from "./week.ts";

/** Local hours of the weekly cycle: reminder on Monday morning, the run on Monday evening, follow-ups by day. */
export const SCHEDULE = { reminderFromHour: 9, runFromHour: 18, lateRunUntilHour: 12, followupFromHour: 10 } as const;

/** pg-boss throttles a singleton key per window of at most its archive interval (12 h). */
const WINDOW_SECONDS = 12 * 3600;

export type PlannedAction =
  | { job: "matching.reminder"; communityId: string; week: string }
  | { job: "matching.week"; communityId: string; week: string }
  | { job: "matching.followup"; communityId: string; day: string };

/**
 * What is due for a community at `now`, from its local time (tenant timeZone): on Monday from
 * 09:00 until 18:00 the reminder for tomorrow's week; from Monday 18:00 (or, after an outage,
 * until Tuesday noon) the run of that Tuesday's week; from 10:00 every day the follow-ups.
 */
export function plannedActions(tenant: Pick<Tenant, "id" | "config">, now: Date): PlannedAction[] {
  const local = localTime(now, tenant.config.timeZone);
  const out: PlannedAction[] = [];
  const monday = local.weekday === 1;
  const tuesday = local.weekday === 2;
  if (monday && local.hour >= SCHEDULE.reminderFromHour && local.hour < SCHEDULE.runFromHour) {
    out.push({ job: "matching.reminder", communityId: tenant.id, week: addDays(local.date, 1) });
  }
  if (monday && local.hour >= SCHEDULE.runFromHour) out.push({ job: "matching.week", communityId: tenant.id, week: addDays(local.date, 1) });
  if (tuesday && local.hour < SCHEDULE.lateRunUntilHour) out.push({ job: "matching.week", communityId: tenant.id, week: local.date });
  if (local.hour >= SCHEDULE.followupFromHour) out.push({ job: "matching.followup", communityId: tenant.id, day: local.date });
  return out;
}

/**
 * The hourly cron's work: enqueues what is due in each community. A stored run and singleton keys
 * keep the hourly repeats from enqueuing a week again (at worst once more per 12 h window: the
 * jobs are idempotent and e-mails deduplicated, so a repeat changes nothing). `now` is injectable
 * so time zones can be tested without fake timers.
 */
export async function scheduleMatching(deps: Deps, input: { now: Date; communityId?: string }): Promise<(PlannedAction & { enqueued: boolean })[]> {
  const tenants = input.communityId ? [await deps.tenants.get(input.communityId)].filter((t): t is Tenant => t !== undefined) : await deps.tenants.list();
  const done: (PlannedAction & { enqueued: boolean })[] = [];
  for (const tenant of tenants) {
    for (const a of plannedActions(tenant, input.now)) {
      let id: string | null;
      if (a.job === "matching.reminder") {
        id = await deps.jobs.send(matchingReminderJob, { communityId: a.communityId, week: a.week }, { singletonKey: `reminder:${a.communityId}:${a.week}`, singletonSeconds: WINDOW_SECONDS });
      } else if (a.job === "matching.week") {
        // Once stored, the week is done; until then the singleton window keeps hourly repeats out.
        if (await findRun(deps.db, a.communityId, a.week)) id = null;
        else id = await deps.jobs.send(matchingWeekJob, { communityId: a.communityId, week: a.week }, { singletonKey: `week:${a.communityId}:${a.week}`, singletonSeconds: WINDOW_SECONDS });
      } else {
        id = await deps.jobs.send(matchingFollowupJob, { communityId: a.communityId }, { singletonKey: `followup:${a.communityId}:${a.day}`, singletonSeconds: 3600 });
      }
      done.push({ ...a, enqueued: id !== null });
    }
  }
  return done;
}
