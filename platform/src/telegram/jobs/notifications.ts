import { z } from "zod";
import type { JobDef } from "../../jobs/define.ts";
import { sendTelegramNotifications } from "../notify.ts";

/** "*": every community. */
const Schema = z.object({ communityId: z.string() });

/** Every minute: sends the notifications waiting for members' Telegram chats (notify.ts). */
export const telegramNotificationsJob: JobDef<typeof Schema> = {
  name: "telegram.notifications",
  schema: Schema,
  retryLimit: 2,
  retryDelaySeconds: 30,
  cron: { expression: "* * * * *", data: { communityId: "*" } },
  handle: async (deps, { communityId }) => {
    await sendTelegramNotifications(deps, communityId === "*" ? {} : { communityId });
  },
};
