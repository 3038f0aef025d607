import { z } from "zod";
import type { JobQueue } from "../../jobs/jobs.ts";

const schema = z.object({ communityId: z.string(), endpointId: z.string().uuid(), orderingKey: z.string() });

/** Sends an endpoint's pending deliveries of one ordering key, oldest first (webhooks/delivery.ts). */
export const WebhookDeliverQueue: JobQueue<typeof schema> = { name: "webhook.deliver", schema };
