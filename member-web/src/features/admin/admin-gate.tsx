import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";

/** The admin screens of the member app: a member who is not an admin here sees why, not the screen. */
export function AdminGate({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation("adminPages");
  const user = useQuery(accountQueries.currentUser());
  if (!user.data) return null;
  if (user.data.role !== "ROLE_ADMIN") {
    return (
      <main className="page" id="content">
        <h1>{title}</h1>
        <div className="empty-state" data-testid="admins-only">
          <p className="muted">{t("adminsOnly")}</p>
        </div>
      </main>
    );
  }
  return <>{children}</>;
}
