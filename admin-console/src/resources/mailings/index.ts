import MailIcon from "@mui/icons-material/Mail";
import { MailingList } from "./mailing-list.tsx";

export const mailings = { name: "mailings", list: MailingList, icon: MailIcon, options: { label: "tuesday.mailings.title" } };
