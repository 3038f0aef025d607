import { z } from "zod";
import type { JobDef } from "../../jobs/define.ts";
import { sendNotificationDigests } from "../digest.ts";

/** "*": every community. */
const DigestSchema = z.object({ communityId: z.string() });

/** Every ten minutes: mails members the notifications they left unread for an hour (digest.ts). */
export const notificationDigestJob: JobDef<typeof DigestSchema> = {
  name: "notifications.digest",
  schema: DigestSchema,
  retryLimit: 2,
  retryDelaySeconds: 60,
  cron: { expression: "*/10 * * * *", data: { communityId: "*" } },
  handle: async (deps, { communityId }) => {
    await sendNotificationDigests(deps, communityId === "*" ? {} : { communityId });
  },
};
