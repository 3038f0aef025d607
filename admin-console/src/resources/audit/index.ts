import HistoryIcon from "@mui/icons-material/History";
import { AuditList } from "./audit-list.tsx";

export const audit = { name: "audit", list: AuditList, icon: HistoryIcon, options: { label: "tuesday.audit.title" } };
