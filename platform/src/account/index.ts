import { createRouter } from "../http/openapi.ts";

/** current-user, current-participant, permissions, constants. */
export function accountRouter() {
  const app = createRouter();
  return app;
}
