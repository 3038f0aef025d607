import type { JobDef } from "../../jobs/define.ts";
import { drainWebhookQueue } from "../delivery.ts";
import { WebhookDeliverQueue } from "./deliver-queue.ts";

export const webhookDeliverJob: JobDef<typeof WebhookDeliverQueue.schema> = {
  ...WebhookDeliverQueue,
  // Retries are the delivery rows' own (with their backoff); a job that died is picked up again soon.
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 60,
  handle: (deps, data) => drainWebhookQueue(deps, data),
};
