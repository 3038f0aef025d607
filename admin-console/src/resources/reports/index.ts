import ReportIcon from "@mui/icons-material/Report";
import { ReportList, ReportShow } from "./report-list.tsx";

export const reports = { name: "reports", list: ReportList, show: ReportShow, icon: ReportIcon, options: { label: "tuesday.reports.title" } };
