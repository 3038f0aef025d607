import { createRouter } from "../http/openapi.ts";
import { registerLogin } from "./routes/login.ts";
import { registerPasswordRoutes } from "./routes/password-routes.ts";
import { registerPasswordlessRoutes } from "./routes/passwordless-routes.ts";

export function authRouter() {
  const app = createRouter();
  registerLogin(app);
  registerPasswordRoutes(app);
  registerPasswordlessRoutes(app);
  return app;
}
