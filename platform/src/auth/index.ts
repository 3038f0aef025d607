import { createRouter } from "../http/openapi.ts";
import { registerPasswordRoutes } from "./routes/password-routes.ts";
import { registerPasswordlessRoutes } from "./routes/passwordless-routes.ts";

export function authRouter() {
  const app = createRouter();
  registerPasswordRoutes(app);
  registerPasswordlessRoutes(app);
  return app;
}
