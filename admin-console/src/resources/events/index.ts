import EventIcon from "@mui/icons-material/Event";
import { EventList } from "./event-list.tsx";
import { EventShow } from "./event-show.tsx";

export const events = { name: "events", list: EventList, show: EventShow, icon: EventIcon, options: { label: "tuesday.events.title" } };
