import { createRouter } from "../http/openapi.ts";
import { registerCreateChat } from "./routes/create-chat.ts";
import { registerGetChat } from "./routes/get-chat.ts";
import { registerListChats } from "./routes/list-chats.ts";
import { registerManageChat } from "./routes/manage-chat.ts";
import { registerPostMessage } from "./routes/post-message.ts";

export function chatRouter() {
  const app = createRouter();
  registerListChats(app);
  registerCreateChat(app);
  registerGetChat(app);
  registerPostMessage(app);
  registerManageChat(app);
  return app;
}
