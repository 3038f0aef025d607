import { mailSendJob } from "../mail/send-job.ts";
import type { AnyJobDef } from "./jobs.ts";

/** Every job kind the platform runs. */
export const allJobs: AnyJobDef[] = [mailSendJob];
