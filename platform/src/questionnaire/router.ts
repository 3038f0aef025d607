import { createRouter } from "../http/openapi.ts";
import { registerAdminCreateQuestion } from "./routes/admin-create-question.ts";
import { registerAdminDeleteQuestion } from "./routes/admin-delete-question.ts";
import { registerAdminListQuestions } from "./routes/admin-list-questions.ts";
import { registerAdminReorderQuestions } from "./routes/admin-reorder-questions.ts";
import { registerAdminUpdateQuestion } from "./routes/admin-update-question.ts";

/** Questions as community admins edit them; members answer through onboarding/ (and events/ next). */
export function questionnaireRouter() {
  const app = createRouter();
  registerAdminListQuestions(app);
  registerAdminCreateQuestion(app);
  registerAdminReorderQuestions(app);
  registerAdminUpdateQuestion(app);
  registerAdminDeleteQuestion(app);
  return app;
}
