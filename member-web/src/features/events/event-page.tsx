import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { isApiFailure } from "../../api/client.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { formatPrice } from "../../lib/numbers.ts";
import { useToken } from "../../lib/session.ts";
import { storage } from "../../lib/storage.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { LinkedText } from "../../ui/linked-text.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { GuestHeader } from "../shell/guest-header.tsx";
import { AttendeeRecommendations } from "./attendee-recommendations.tsx";
import { EventAgenda } from "./event-agenda.tsx";
import { EventOnboarding } from "./event-onboarding.tsx";
import { EventAttendees, EventOrganizerPanel } from "./event-organizer.tsx";
import "./events.css";
import { cancelEvent, downloadCalendar, type EventItem, eventAction, eventQueries, eventsChanged, formatPlace, formatWhen, joinEvent, locationVisibilityNote } from "./model.ts";
import { onboardingQueries, onboardingStep } from "./onboarding-model.ts";

const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** Remembers where we are (path, query and hash) and goes to the login page (spec 2.2). */
function useLoginAndReturn() {
  const navigate = useNavigate();
  return () => {
    storage.setRedirect(here());
    void navigate({ to: "/login" });
  };
}

/** /event/:eventId: the event page, open to signed-out visitors for PUBLIC events (spec 2.2, 4.5). */
export function EventPage({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation("events");
  const token = useToken();
  const errorText = useErrorText();
  const loginAndReturn = useLoginAndReturn();
  const event = useQuery(eventQueries.one(eventId, i18n.language));
  const status = event.isError && isApiFailure(event.error) ? event.error.status : null;
  const needsLogin = status === 401 && token === null;

  const missing = status === 404 || status === 400;

  // A signed-out visitor's /event/ path is kept for after the login (spec 2.2).
  useEffect(() => {
    if (token === null) storage.setRedirect(here());
  }, [token]);
  // A private event asks a signed-out visitor to sign in, and brings them back here afterwards; an
  // unknown one (another community's link, say) says "Event not found" with a way home.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refusal
  useEffect(() => {
    if (needsLogin) loginAndReturn();
  }, [needsLogin]);

  return (
    <>
      {token === null ? <EventGuestHeader /> : null}
      <main className="page page-narrow" id="content">
        {event.isPending || needsLogin ? (
          <div className="card">
            <Skeleton lines={6} label={t("loading", { ns: "common" })} />
          </div>
        ) : missing || status === 403 ? (
          <section className="empty-state" data-testid="event-not-found">
            <h1>{t("notFound")}</h1>
            <p className="muted">{t(status === 403 ? "noAccess" : "notFoundText")}</p>
            <Link to={token ? "/events" : "/"} className="btn btn-secondary">
              {t(token ? "toEvents" : "home")}
            </Link>
          </section>
        ) : event.isError ? (
          <div>
            <Alert kind="error">{errorText(event.error)}</Alert>
            <Button variant="secondary" onClick={() => void event.refetch()}>
              {t("retry", { ns: "common" })}
            </Button>
          </div>
        ) : (
          <EventView e={event.data} signedIn={token !== null} />
        )}
      </main>
    </>
  );
}

function EventGuestHeader() {
  const { t } = useTranslation("events");
  const loginAndReturn = useLoginAndReturn();
  return (
    <GuestHeader
      action={
        <Button className="btn-small" onClick={loginAndReturn}>
          {t("logIn")}
        </Button>
      }
    />
  );
}

function EventView({ e, signedIn }: { e: EventItem; signedIn: boolean }) {
  const { t, i18n } = useTranslation("events");
  const community = useCommunity();
  const place = formatPlace(e);
  const [onboarding, setOnboarding] = useState(false);
  const visibilityNote = locationVisibilityNote(e);
  return (
    <article className="event-page" data-testid="event-page">
      {e.imageUrl ? <img className="event-cover" src={e.imageUrl} alt="" data-testid="event-cover" /> : null}
      <h1>{e.title}</h1>
      <div className="event-facts">
        <p data-testid="event-when">{formatWhen(e, i18n.language)}</p>
        <p>{e.type === "ONLINE" ? t("online") : place || null}</p>
        {e.type !== "ONLINE" && visibilityNote ? <p className="muted small">{t(`locationNote.${visibilityNote}`)}</p> : null}
        {e.location.googleMapsLink ? (
          <p>
            <a href={e.location.googleMapsLink} target="_blank" rel="noreferrer noopener">
              {t("map")}
            </a>
          </p>
        ) : null}
        {e.paid && e.price !== null ? <p>{t("price", { price: formatPrice(e.price, community.currency, i18n.language) })}</p> : null}
        <p className="muted small">
          {e.maxParticipants !== null ? t("spots", { left: e.spotsLeft ?? 0, max: e.maxParticipants }) : t("going", { count: e.confirmedCount })}
        </p>
      </div>
      <EventActions e={e} signedIn={signedIn} onOnboarding={() => setOnboarding(true)} />
      {onboarding && signedIn ? <EventOnboarding eventId={e.id} onClose={() => setOnboarding(false)} /> : null}
      <p className="event-description">
        <LinkedText text={e.description} />
      </p>
      {signedIn && e.networking && e.myParticipation?.status === "CONFIRMED" ? <EventAgenda e={e} /> : null}
      {signedIn && e.networking && e.myParticipation?.status === "CONFIRMED" ? <AttendeeRecommendations eventId={e.id} /> : null}
      {signedIn ? <EventAttendees eventId={e.id} /> : null}
      <p className="muted small">{t("organizerContact", { contact: e.organizerContact })}</p>
      {e.isOrganizer ? <EventOrganizerPanel e={e} /> : null}
    </article>
  );
}

/** Start / continue / complete onboarding (spec 4.5), for a member while the event's onboarding is open to them. */
function OnboardingButton({ e, onOpen }: { e: EventItem; onOpen: () => void }) {
  const { t } = useTranslation("events");
  const progress = useQuery({ ...onboardingQueries.progress(e.id), enabled: e.enableOnboarding && !e.hasEnded });
  const step = onboardingStep(progress.data);
  if (!e.enableOnboarding || e.hasEnded || step === "none") return null;
  if (step === "done")
    return (
      <span className="event-badge" data-testid="onboarding-done">
        {t("action.onboardingDone")}
      </span>
    );
  return (
    <Button variant="secondary" onClick={onOpen} data-testid="onboarding-button">
      {t(`action.${step}Onboarding`)}
    </Button>
  );
}

/** The button states of spec 4.5 that the API supports, plus join online and add to calendar. */
function EventActions({ e, signedIn, onOnboarding }: { e: EventItem; signedIn: boolean; onOnboarding: () => void }) {
  const { t } = useTranslation("events");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const loginAndReturn = useLoginAndReturn();
  const community = useCommunity();
  const navigate = useNavigate();
  const user = useQuery({ ...accountQueries.currentUser(), enabled: signedIn });
  // Signed in from another community: no participant here yet (an unknown answer counts as in).
  const inCommunity = !user.data || user.data.connectedParticipants.some((p) => p.communityId === community.id);
  const action = eventAction(e, signedIn, inCommunity);
  const join = useMutation({
    mutationFn: () => joinEvent(e.id),
    onSuccess: (p) => {
      void eventsChanged(queryClient);
      // Paid events: the payment link opens in a new tab; the organizer confirms the payment later.
      if (p.paymentLink && p.paymentStatus === "AWAITING") window.open(p.paymentLink, "_blank", "noopener");
    },
  });
  const cancel = useMutation({ mutationFn: () => cancelEvent(e.id), onSuccess: () => void eventsChanged(queryClient) });
  const error = join.error ?? cancel.error;

  let main: React.ReactNode;
  switch (action) {
    case "ended":
      main = <Button disabled>{t("action.ended")}</Button>;
      break;
    case "loginToJoin":
    case "loginToPayAndJoin":
      main = <Button onClick={loginAndReturn}>{t(`action.${action}`)}</Button>;
      break;
    case "joinCommunity":
      // Joining the community (its questions) comes first; the event page is where they come back.
      main = (
        <Button
          data-testid="join-community"
          onClick={() => {
            storage.setRedirect(here());
            storage.setJoiningCommunity(community.id);
            void navigate({ to: "/questions" });
          }}
        >
          {t("action.joinCommunity")}
        </Button>
      );
      break;
    case "going":
      main = (
        <>
          <span className="event-badge" data-testid="event-status">
            {t("action.going")}
          </span>
          <CancelParticipation busy={cancel.isPending} onConfirm={() => cancel.mutate()} />
        </>
      );
      break;
    case "pending":
    case "pendingPayment":
    case "waitlist":
      main = (
        <>
          <span className="event-badge" data-testid="event-status">
            {action === "waitlist" ? t("action.waitlist", { position: e.myParticipation?.waitlistPosition ?? 1 }) : t(`action.${action}`)}
          </span>
          {action === "pendingPayment" && e.paymentLink ? (
            <a className="btn btn-secondary" href={e.paymentLink} target="_blank" rel="noreferrer noopener">
              {t("action.pay")}
            </a>
          ) : null}
          <CancelParticipation busy={cancel.isPending} onConfirm={() => cancel.mutate()} />
        </>
      );
      break;
    case "rejected":
      main = (
        <span className="event-badge" data-testid="event-status">
          {t("action.rejected")}
        </span>
      );
      break;
    case "joinAgain":
      main = (
        <>
          <span className="event-badge" data-testid="event-status">
            {t("action.cancelled")}
          </span>
          <Button busy={join.isPending} onClick={() => join.mutate()}>
            {t("action.joinAgain")}
          </Button>
        </>
      );
      break;
    default:
      main = (
        <Button busy={join.isPending} onClick={() => join.mutate()}>
          {t(`action.${action}`)}
        </Button>
      );
  }

  return (
    <div>
      <div className="event-actions">
        {main}
        {signedIn && action !== "rejected" ? <OnboardingButton e={e} onOpen={onOnboarding} /> : null}
        {action === "going" && e.type === "ONLINE" && e.onlineLink ? (
          <a className="btn btn-primary" href={e.onlineLink} target="_blank" rel="noreferrer noopener">
            {t("action.joinOnline")}
          </a>
        ) : null}
      </div>
      {action === "pendingPayment" ? <p className="muted small">{t("paymentDelay")}</p> : null}
      {action === "joinCommunity" ? (
        <p className="muted small" data-testid="join-community-note">
          {t("joinCommunityNote")}
        </p>
      ) : null}
      {action === "joinWaitlist" ? (
        <p className="muted small" data-testid="waitlist-payment-note">
          {t("waitlistPaymentNote")}
        </p>
      ) : null}
      {(action === "askToJoin" || action === "pending") && e.approvalRequired && e.spotsLeft === 0 ? (
        <p className="muted small" data-testid="full-approval-note">
          {t("fullApprovalNote")}
        </p>
      ) : null}
      {error ? <Alert kind="error">{errorText(error)}</Alert> : null}
      {action !== "ended" ? <AddToCalendar e={e} /> : null}
    </div>
  );
}

/** Cancelling asks once more in place: "Cancel participation?" with yes and no. */
function CancelParticipation({ busy, onConfirm }: { busy: boolean; onConfirm: () => void }) {
  const { t } = useTranslation("events");
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="secondary" busy={busy} onClick={() => setAsking(true)}>
        {t("action.cancel")}
      </Button>
    );
  }
  return (
    <span className="event-confirm" data-testid="cancel-confirm">
      <span>{t("action.cancelConfirm")}</span>
      <Button
        variant="primary"
        busy={busy}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {t("action.cancelYes")}
      </Button>
      <Button variant="ghost" onClick={() => setAsking(false)}>
        {t("action.cancelNo")}
      </Button>
    </span>
  );
}

/**
 * Add to calendar: the .ics file through the API client with the member's token (a plain link
 * carries no token, so a private event would answer 401 and a place shown only to confirmed
 * participants would be missing), and the Google Calendar and Outlook links the API built with
 * what this member may see of the place.
 */
function AddToCalendar({ e }: { e: EventItem }) {
  const { t, i18n } = useTranslation("events");
  const errorText = useErrorText();
  const ics = useMutation({ mutationFn: () => downloadCalendar(e, i18n.language) });
  return (
    <div className="event-calendar" data-testid="add-to-calendar">
      <span className="muted small">{t("addToCalendar")}:</span>
      <Button variant="ghost" className="btn-small" busy={ics.isPending} onClick={() => ics.mutate()} data-testid="calendar-link">
        {t("calendar.ics")}
      </Button>
      <a className="btn btn-ghost btn-small" href={e.calendarLinks.google} target="_blank" rel="noreferrer noopener" data-testid="calendar-google">
        {t("calendar.google")}
      </a>
      <a className="btn btn-ghost btn-small" href={e.calendarLinks.outlook} target="_blank" rel="noreferrer noopener" data-testid="calendar-outlook">
        {t("calendar.outlook")}
      </a>
      {ics.error ? <Alert kind="error">{errorText(ics.error)}</Alert> : null}
    </div>
  );
}
