import { Link } from "@tanstack/react-router";
import { useTranslation } from "../../i18n/first-paint.ts";
import { useToken } from "../../lib/session.ts";
import { GuestHeader } from "./guest-header.tsx";

/** /not-found: signed in, the bar comes from the root layout; signed out, the guest header is here. */
export function NotFoundPage() {
  const { t } = useTranslation("notFound");
  const tNav = useTranslation("nav").t;
  const token = useToken();
  return (
    <>
      {token === null ? (
        <GuestHeader
          action={
            <Link to="/login" className="btn btn-ghost btn-small">
              {tNav("logIn")}
            </Link>
          }
        />
      ) : null}
      <main className="page page-narrow page-center" id="content">
        <h1>{t("title")}</h1>
        <p>
          <Link to="/" className="btn btn-secondary">
            {t("home")}
          </Link>
        </p>
      </main>
    </>
  );
}
