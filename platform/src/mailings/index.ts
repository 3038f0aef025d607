export { mailingSendJob } from "./jobs/send.ts";
export { MAILING_CHUNK, sendMailingChunk } from "./service.ts";
