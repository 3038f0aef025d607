import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { api, call, isApiFailure } from "../../api/client.ts";
import { allowedMethods } from "../../api/community.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { session } from "../../lib/session.ts";
import { storage } from "../../lib/storage.ts";
import { Alert } from "../../ui/alert.tsx";
import { Spinner } from "../../ui/spinner.tsx";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /invite?invitedBy=&email= (spec 2.1, 4.3), signed out and signed in. Signed out, the invitedBy
 * value is kept in local storage and the visitor signs up (password or code, as the community
 * allows); the first sign-in accepts it (app/sign-in.ts). Signed in, it is accepted at once.
 */
export function InvitePage({ invitedBy, email }: { invitedBy?: string | undefined; email?: string | undefined }) {
  const { t } = useTranslation("invite");
  const community = useCommunity();
  const valid = invitedBy !== undefined && UUID.test(invitedBy);
  const signedIn = session.isSignedIn();

  useEffect(() => {
    if (valid && !signedIn) storage.setInvitedBy(invitedBy);
  }, [valid, signedIn, invitedBy]);

  if (!valid) {
    return (
      <main className="page page-narrow" id="content">
        <h1>{t("title", { community: community.title })}</h1>
        <Alert kind="error">{t("invalid")}</Alert>
      </main>
    );
  }
  return signedIn ? <AcceptInvite invitedBy={invitedBy} /> : <JoinByInvite email={email} />;
}

function JoinByInvite({ email }: { email?: string | undefined }) {
  const { t } = useTranslation("invite");
  const community = useCommunity();
  const methods = allowedMethods(community);
  const byPassword = methods.has("EMAIL");
  return (
    <main className="page page-narrow" id="content">
      <h1>{t("title", { community: community.title })}</h1>
      <p>{t("signedOut")}</p>
      <div className="admin-actions">
        {byPassword ? (
          <Link to="/registration" search={email ? { email } : {}} className="btn btn-primary" data-testid="invite-join">
            {t("join")}
          </Link>
        ) : (
          <Link to="/one-time-code" search={email ? { email } : {}} className="btn btn-primary" data-testid="invite-join">
            {t("join")}
          </Link>
        )}
        <Link to="/login" className="btn btn-link">
          {t("haveAccount")}
        </Link>
      </div>
    </main>
  );
}

function AcceptInvite({ invitedBy }: { invitedBy: string }) {
  const { t } = useTranslation("invite");
  const community = useCommunity();
  const user = useQuery(accountQueries.currentUser()).data;
  const accept = useMutation({
    mutationFn: () => call(api.POST("/api/invitation/{id}", { params: { path: { id: invitedBy } } })),
    onSettled: () => storage.setInvitedBy(null),
  });
  const { mutate } = accept;
  useEffect(() => mutate(), [mutate]);
  const next = user?.connectedParticipants.some((p) => p.communityId === community.id) ? "/my_communities" : "/questions";
  return (
    <main className="page page-narrow" id="content">
      <h1>{t("title", { community: community.title })}</h1>
      {accept.isPending ? <Spinner label={t("accepting")} /> : null}
      {accept.isSuccess ? <Alert kind="success">{t("accepted")}</Alert> : null}
      {accept.error ? <Alert kind="error">{isApiFailure(accept.error) && accept.error.status === 400 ? t("own") : t("invalid")}</Alert> : null}
      {accept.isPending ? null : (
        <Link to={next} className="btn btn-primary" data-testid="invite-continue">
          {t("continue")}
        </Link>
      )}
    </main>
  );
}
