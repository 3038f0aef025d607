import KeyIcon from "@mui/icons-material/Key";
import { ApiKeyList } from "./api-key-list.tsx";

export const apiKeys = { name: "api-keys", list: ApiKeyList, icon: KeyIcon, options: { label: "tuesday.apiKeys.title" } };
