import PeopleIcon from "@mui/icons-material/People";
import { ParticipantList } from "./participant-list.tsx";

export const participants = { name: "participants", list: ParticipantList, icon: PeopleIcon, options: { label: "tuesday.participants.title" } };
