import LabelIcon from "@mui/icons-material/Label";
import { TopicList } from "./topic-list.tsx";

export const topics = { name: "topics", list: TopicList, icon: LabelIcon, options: { label: "tuesday.topics.title" } };
