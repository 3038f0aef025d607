import { createRouter } from "../../http/openapi.ts";
import { registerPause } from "./routes/pause.ts";
import { registerResume } from "./routes/resume.ts";
import { registerSkip } from "./routes/skip.ts";
import { registerStatus } from "./routes/status.ts";

/** Members' control over their weekly contact: pause, skip, resume, status. */
export function matchingControlRouter() {
  const app = createRouter();
  registerStatus(app);
  registerPause(app);
  registerSkip(app);
  registerResume(app);
  return app;
}
