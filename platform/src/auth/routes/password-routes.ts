import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { registerAgreePolicy } from "./agree-policy.ts";
import { registerChangePassword } from "./change-password.ts";
import { registerConfirmEmail } from "./confirm-email.ts";
import { registerConfirmEmailResend } from "./confirm-email-resend.ts";
import { registerConfirmRecovery } from "./confirm-recovery.ts";
import { registerDeleteUser } from "./delete-user.ts";
import { registerInvitationAccept } from "./invitation-accept.ts";
import { registerLogout } from "./logout.ts";
import { registerRecovery } from "./recovery.ts";
import { registerRegisterAdmin } from "./register-admin.ts";
import { registerRegisterUser } from "./register-user.ts";
import { registerSessionInfo } from "./session-info.ts";

/** Password and account routes (register, recovery, confirmations, password change, delete, session). */
export function registerPasswordRoutes(app: OpenAPIHono<AppEnv>): void {
  registerRegisterUser(app);
  registerConfirmEmail(app);
  registerConfirmEmailResend(app);
  registerRecovery(app);
  registerConfirmRecovery(app);
  registerChangePassword(app);
  registerAgreePolicy(app);
  registerInvitationAccept(app);
  registerRegisterAdmin(app);
  registerDeleteUser(app);
  registerLogout(app);
  registerSessionInfo(app);
}
