import QuizIcon from "@mui/icons-material/Quiz";
import { QuestionList } from "./question-list.tsx";

export const questions = { name: "questions", list: QuestionList, icon: QuizIcon, options: { label: "tuesday.questions.title" } };
