/** Members' notifications; other modules feed them through `notify`. */
export { withUnseen } from "./queries.ts";
export { DIGEST_DELAY_MS, sendNotificationDigests } from "./digest.ts";
export { type NotifyInput, notify, notifyAll } from "./service.ts";
