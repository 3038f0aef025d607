import ContactsIcon from "@mui/icons-material/Contacts";
import { MemberList } from "./member-list.tsx";
import { MemberShow } from "./member-show.tsx";

export const members = { name: "members", list: MemberList, show: MemberShow, icon: ContactsIcon, options: { label: "tuesday.members.title" } };
