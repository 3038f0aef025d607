import WebhookIcon from "@mui/icons-material/Webhook";
import { WebhookCreate, WebhookEdit, WebhookList } from "./webhooks.tsx";

export const webhooks = { name: "webhooks", list: WebhookList, create: WebhookCreate, edit: WebhookEdit, icon: WebhookIcon, options: { label: "tuesday.webhooks.title" } };
