import { createRootRouteWithContext, createRoute, createRouter, redirect } from "@tanstack/react-router";
import type { Community } from "../api/community.ts";
import { LoginPage } from "../features/auth/login-page.tsx";
import { NotFoundPage } from "../features/shell/not-found-page.tsx";
import { RootError, RootLayout, RoutePending } from "../features/shell/root-layout.tsx";
import type { Group } from "../i18n/index.ts";
import { session } from "../lib/session.ts";
import { storage } from "../lib/storage.ts";
import { lazyRouteComponent, preloading, withChunkTimeout } from "./lazy.ts";
import { PARTNER_SECTIONS, type PartnerSection } from "./partner.ts";

// Only the login page is in the entry bundle (issue 17): every other page is a lazy chunk. A new
// route follows the same pattern: `const XPage = lazyRouteComponent(() => import("../features/…"), "XPage")`,
// never a static import of a page.
const AccountDeletedPage = lazyRouteComponent(() => import("../features/auth/account-deleted-page.tsx"), "AccountDeletedPage");
const AuthMagicPage = lazyRouteComponent(() => import("../features/auth/auth-magic-page.tsx"), "AuthMagicPage");
const ConfirmRecoveryPage = lazyRouteComponent(() => import("../features/auth/confirm-recovery-page.tsx"), "ConfirmRecoveryPage");
const ConfirmedPage = lazyRouteComponent(() => import("../features/auth/confirmed-page.tsx"), "ConfirmedPage");
const LastStepPage = lazyRouteComponent(() => import("../features/auth/last-step-page.tsx"), "LastStepPage");
const OneTimeCodePage = lazyRouteComponent(() => import("../features/auth/one-time-code-page.tsx"), "OneTimeCodePage");
const RecoveryPage = lazyRouteComponent(() => import("../features/auth/recovery-page.tsx"), "RecoveryPage");
const RegistrationPage = lazyRouteComponent(() => import("../features/auth/registration-page.tsx"), "RegistrationPage");
const WelcomeRoute = lazyRouteComponent(() => import("../features/welcome/welcome-route.tsx"), "WelcomeRoute");

export type RouterContext = { community: Community };

/** Search validation: only non-empty string values of the named keys; the keys stay optional. */
function strings<K extends string>(...keys: K[]) {
  return (search: Record<string, unknown>): Partial<Record<K, string>> => {
    const out: Partial<Record<K, string>> = {};
    for (const key of keys) {
      const v = search[key];
      if (typeof v === "string" && v.length > 0) out[key] = v;
    }
    return out;
  };
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RootError,
  notFoundComponent: NotFoundPage,
});

/** Signed-out screens; a signed-in visitor goes to the default page instead (spec 2.2). */
const guestLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: "guest",
  beforeLoad: () => {
    if (session.isSignedIn()) throw redirect({ to: "/my_communities" });
  },
});

/** Signed-in screens: auth gating in one pathless layout (spec 2.2, 4.1). */
const memberLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: "member",
  beforeLoad: async ({ context, location }) => {
    if (!session.isSignedIn()) {
      if (session.isExpired()) throw redirect({ to: "/login", search: { error: session.endReason() } });
      // Only an /event/ path is remembered for after the login (spec 2.2).
      if (location.pathname.startsWith("/event/")) storage.setRedirect(location.href);
      throw redirect({ to: "/" });
    }
    const { guardMember } = await withChunkTimeout(() => import("./member-guard.ts"))();
    return guardMember(context.community, location);
  },
});

const welcomeRoute = createRoute({
  getParentRoute: () => guestLayout,
  path: "/",
  // Spec 2.2: a community with an external connect page sends the signed-out visitor there.
  beforeLoad: async ({ context }) => {
    if (context.community.connectUrl) {
      window.location.replace(context.community.connectUrl);
      await new Promise(() => {});
    }
  },
  component: WelcomeRoute,
});

const loginRoute = createRoute({
  getParentRoute: () => guestLayout,
  path: "/login",
  validateSearch: strings("error"),
  component: function LoginRoute() {
    const { error } = loginRoute.useSearch();
    return <LoginPage ssoError={error === "sso_failed"} sessionEnded={error === "session_ended"} accountDisabled={error === "account_disabled"} />;
  },
});

const registrationRoute = createRoute({
  getParentRoute: () => guestLayout,
  path: "/registration",
  validateSearch: strings("email"),
  component: preloading(RegistrationPage, function RegistrationRoute() {
    return <RegistrationPage initialEmail={registrationRoute.useSearch().email} />;
  }),
});

const recoveryRoute = createRoute({ getParentRoute: () => guestLayout, path: "/recovery", component: RecoveryPage });
const oneTimeCodeRoute = createRoute({
  getParentRoute: () => guestLayout,
  path: "/one-time-code",
  validateSearch: strings("email"),
  component: preloading(OneTimeCodePage, function OneTimeCodeRoute() {
    return <OneTimeCodePage initialEmail={oneTimeCodeRoute.useSearch().email} />;
  }),
});
const accountDeletedRoute = createRoute({ getParentRoute: () => guestLayout, path: "/account-deleted", component: AccountDeletedPage });

// Open to everyone: a link from an e-mail may be opened signed in or out.
const confirmRecoveryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/confirm-recovery",
  validateSearch: strings("code"),
  component: preloading(ConfirmRecoveryPage, function ConfirmRecoveryRoute() {
    return <ConfirmRecoveryPage code={confirmRecoveryRoute.useSearch().code} />;
  }),
});
const authMagicRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/auth-magic",
  validateSearch: strings("url_auth_token", "back_to"),
  component: preloading(AuthMagicPage, function AuthMagicRoute() {
    const search = authMagicRoute.useSearch();
    return <AuthMagicPage token={search.url_auth_token} backTo={search.back_to} />;
  }),
});
const confirmedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/confirmed",
  validateSearch: strings("code"),
  component: preloading(ConfirmedPage, function ConfirmedRoute() {
    return <ConfirmedPage code={confirmedRoute.useSearch().code} />;
  }),
});
const notFoundRoute = createRoute({ getParentRoute: () => rootRoute, path: "/not-found", component: NotFoundPage });

// Signed-in pages load lazily (spec 2.1): a visitor on the sign-in screens never downloads them.
/** The text groups of the pages a signed-in visit most often starts on (main.tsx downloads them at start). */
export const FIRST_PAGE_TEXTS: Record<string, readonly Group[]> = { "/my_communities": ["matching"] };
const MyCommunitiesPage = lazyRouteComponent(() => import("../features/recommendations/my-communities-page.tsx"), "MyCommunitiesPage", FIRST_PAGE_TEXTS["/my_communities"]);
const MY_COMMUNITIES_TABS = ["recommended", "requests", "my-request"] as const;
const myCommunitiesRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/my_communities",
  // tab: a tab other than Recommended; match: the contact of the Tuesday e-mail; skip: the week to skip (reminder e-mail).
  validateSearch: strings("tab", "match", "skip"),
  component: preloading(MyCommunitiesPage, function MyCommunitiesRoute() {
    const search = myCommunitiesRoute.useSearch();
    const tab = MY_COMMUNITIES_TABS.find((x) => x === search.tab) ?? "recommended";
    return <MyCommunitiesPage tab={tab} match={search.match} skip={search.skip} />;
  }),
});
const ContactsPage = lazyRouteComponent(() => import("../features/contacts/contacts-page.tsx"), "ContactsPage", ["matching"]);
const contactsRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/contacts",
  // feedback: the match whose rating the follow-up e-mail asks for.
  validateSearch: strings("feedback"),
  component: preloading(ContactsPage, function ContactsRoute() {
    return <ContactsPage tab="interested" feedback={contactsRoute.useSearch().feedback} />;
  }),
});
const contactsBookmarksRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/contacts/bookmarks",
  component: preloading(ContactsPage, function ContactsBookmarksRoute() {
    return <ContactsPage tab="bookmarks" />;
  }),
});
const profileRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/profile",
  component: lazyRouteComponent(() => import("../features/profile/profile-page.tsx"), "ProfilePage", ["members"]),
});
const questionsRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/questions",
  component: lazyRouteComponent(() => import("../features/questions/questions-page.tsx"), "QuestionsPage", ["members"]),
});
const OnboardingPage = lazyRouteComponent(() => import("../features/onboarding/onboarding-page.tsx"), "OnboardingPage", ["members"]);
const onboardingRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/onboarding",
  validateSearch: strings("step"),
  component: preloading(OnboardingPage, function OnboardingRoute() {
    return <OnboardingPage step={onboardingRoute.useSearch().step} />;
  }),
});
const ParticipantsPage = lazyRouteComponent(() => import("../features/participants/participants-page.tsx"), "ParticipantsPage", ["members"]);
const participantsRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/participants",
  validateSearch: strings("search", "tag", "city", "lookingFor"),
  component: preloading(ParticipantsPage, function ParticipantsRoute() {
    const { search, tag, city, lookingFor } = participantsRoute.useSearch();
    return <ParticipantsPage search={search ?? ""} tag={tag} city={city} lookingFor={lookingFor} />;
  }),
});
// The full participant view is open to everyone, signed in or out (spec 2.2).
const PublicProfilePage = lazyRouteComponent(() => import("../features/public-profile/public-profile-page.tsx"), "PublicProfilePage", ["members"]);
const publicProfileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/u/$slug",
  component: preloading(PublicProfilePage, function PublicProfileRoute() {
    return <PublicProfilePage slug={publicProfileRoute.useParams().slug} />;
  }),
});
const adminRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/admin",
  component: lazyRouteComponent(() => import("../features/admin/admin-page.tsx"), "AdminPage", ["admin"]),
});
const lastStepRoute = createRoute({ getParentRoute: () => memberLayout, path: "/last-step", component: LastStepPage });

const ChatsPage = lazyRouteComponent(() => import("../features/chats/chats-page.tsx"), "ChatsPage", ["chats"]);
const chatsRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/chats",
  // with: a participant to open the one-to-one chat with.
  validateSearch: strings("with"),
  component: preloading(ChatsPage, function ChatsRoute() {
    return <ChatsPage withParticipant={chatsRoute.useSearch().with} />;
  }),
});
const ChatPage = lazyRouteComponent(() => import("../features/chats/chat-page.tsx"), "ChatPage", ["chats"]);
const chatRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/chats/$chatId",
  component: preloading(ChatPage, function ChatRoute() {
    return <ChatPage chatId={chatRoute.useParams().chatId} />;
  }),
});
const notificationsRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/notifications",
  component: lazyRouteComponent(() => import("../features/notifications/notifications-page.tsx"), "NotificationsPage", ["chats"]),
});
// Meetings (docs/meetings.md): proposed times, booking, rescheduling; ?meeting= marks the one a notification or mail links to.
const MeetingsPage = lazyRouteComponent(() => import("../features/meetings/meetings-page.tsx"), "MeetingsPage", ["members"]);
const meetingsRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/meetings",
  validateSearch: strings("meeting"),
  component: preloading(MeetingsPage, function MeetingsRoute() {
    return <MeetingsPage highlight={meetingsRoute.useSearch().meeting} />;
  }),
});
// Events (spec 2.3): the list for members, the event page for everyone (PUBLIC events signed out too).
const EventsPage = lazyRouteComponent(() => import("../features/events/events-page.tsx"), "EventsPage", ["events"]);
const eventsRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/events",
  validateSearch: strings("tab"),
  component: preloading(EventsPage, function EventsRoute() {
    return <EventsPage tab={eventsRoute.useSearch().tab === "past" ? "past" : "upcoming"} />;
  }),
});
const EventFormPage = lazyRouteComponent(() => import("../features/events/event-form-page.tsx"), "EventFormPage", ["events"]);
const eventCreateRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/event/create",
  component: preloading(EventFormPage, function EventCreateRoute() {
    return <EventFormPage />;
  }),
});
const eventEditRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/event/$eventId/edit",
  component: preloading(EventFormPage, function EventEditRoute() {
    return <EventFormPage eventId={eventEditRoute.useParams().eventId} />;
  }),
});
const EventQuestionsPage = lazyRouteComponent(() => import("../features/events/event-questions-page.tsx"), "EventQuestionsPage", ["events"]);
const eventQuestionsRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/event/$eventId/questions",
  validateSearch: strings("tab", "participant"),
  component: preloading(EventQuestionsPage, function EventQuestionsRoute() {
    const search = eventQuestionsRoute.useSearch();
    const tab = search.tab === "statistics" || search.tab === "report" ? search.tab : "questions";
    return <EventQuestionsPage eventId={eventQuestionsRoute.useParams().eventId} tab={tab} participantId={search.participant} />;
  }),
});
const EventPage = lazyRouteComponent(() => import("../features/events/event-page.tsx"), "EventPage", ["events"]);
const eventRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/event/$eventId",
  component: preloading(EventPage, function EventRoute() {
    return <EventPage eventId={eventRoute.useParams().eventId} />;
  }),
});

// The admin screens of spec 2.1 (dashboard, score match, settings), subscriptions, and the invitation (signed in or out).
const dashboardRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/dashboard",
  component: lazyRouteComponent(() => import("../features/admin/dashboard-page.tsx"), "DashboardPage", ["admin"]),
});
const scoreMatchRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/score-match",
  component: lazyRouteComponent(() => import("../features/admin/score-match-page.tsx"), "ScoreMatchPage", ["admin"]),
});
const settingsRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/settings",
  component: lazyRouteComponent(() => import("../features/admin/settings-page.tsx"), "SettingsPage", ["admin"]),
});
const subscriptionsRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/subscriptions",
  component: lazyRouteComponent(() => import("../features/subscriptions/subscriptions-page.tsx"), "SubscriptionsPage", ["admin"]),
});
const adminAreaRoutes = [dashboardRoute, scoreMatchRoute, settingsRoute, subscriptionsRoute] as const;
const InvitePage = lazyRouteComponent(() => import("../features/invite/invite-page.tsx"), "InvitePage", ["admin"]);
const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/invite",
  validateSearch: strings("invitedBy", "email"),
  component: preloading(InvitePage, function InviteRoute() {
    const search = inviteRoute.useSearch();
    return <InvitePage invitedBy={search.invitedBy} email={search.email} />;
  }),
});

// The six sections of the bank-partner community (spec 2.1): /{partner}/services … /{partner}/career.
const PartnerPage = lazyRouteComponent(() => import("../features/partner/partner-page.tsx"), "PartnerPage");
const partnerRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: "/$partner/$section",
  beforeLoad: ({ context, params }) => {
    const partner = context.community.partner;
    if (!partner || partner.slug !== params.partner || !(PARTNER_SECTIONS as readonly string[]).includes(params.section)) throw redirect({ to: "/my_communities" });
  },
  component: preloading(PartnerPage, function PartnerRoute() {
    const params = partnerRoute.useParams();
    return <PartnerPage section={params.section as PartnerSection} />;
  }),
});

/** Any other path: signed-out visitors go to welcome, members to my communities (spec 2.2). */
const fallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "$",
  beforeLoad: ({ location }) => {
    if (session.isSignedIn()) throw redirect({ to: "/my_communities" });
    if (location.pathname.startsWith("/event/")) storage.setRedirect(location.href);
    throw redirect({ to: "/" });
  },
});

const routeTree = rootRoute.addChildren([
  guestLayout.addChildren([welcomeRoute, loginRoute, registrationRoute, recoveryRoute, oneTimeCodeRoute, accountDeletedRoute]),
  memberLayout.addChildren([myCommunitiesRoute, profileRoute, questionsRoute, onboardingRoute, participantsRoute, contactsRoute, contactsBookmarksRoute, lastStepRoute, adminRoute, chatsRoute, chatRoute, notificationsRoute, meetingsRoute, eventsRoute, eventCreateRoute, eventEditRoute, eventQuestionsRoute, ...adminAreaRoutes, partnerRoute]),
  inviteRoute,
  eventRoute,
  publicProfileRoute,
  confirmRecoveryRoute,
  authMagicRoute,
  confirmedRoute,
  notFoundRoute,
  fallbackRoute,
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: RoutePending,
    scrollRestoration: true,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
