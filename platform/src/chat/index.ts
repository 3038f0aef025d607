/** Chats between participants of one community; the realtime module reads the exports below for its chat topics. */
export { CHAT_ACCESS_DENIED, canReadChat, postChatMessage } from "./service.ts";
export { MessageTextSchema } from "./schemas.ts";
