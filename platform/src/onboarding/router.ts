import { createRouter } from "../http/openapi.ts";
import { registerGetByCommunity } from "./routes/get-by-community.ts";
import { registerMyAnswers } from "./routes/my-answers.ts";
import { registerUpdateAnswers } from "./routes/update-answers.ts";

/** Community onboarding questions and the member's answers. */
export function onboardingRouter() {
  const app = createRouter();
  registerGetByCommunity(app);
  registerMyAnswers(app);
  registerUpdateAnswers(app);
  return app;
}
