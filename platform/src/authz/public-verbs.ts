/**
 * Service verbs that do not start with an access guard, each with the reason: the one list
 * (authz/verbs.test.ts fails for a verb that neither starts with a guard nor is listed here, and
 * for an entry that is no longer such a verb). Their routes still declare an access level, which
 * http/route.ts checks before the verb runs.
 */
const SIGN_IN = "signing in or registering: the caller has no session yet (the tenant's sign-in methods and rate limits apply)";
const PUBLIC_READ = "public read of the community's public face (the route's level is public)";
const EVENT_VISIBILITY = "finds the event in this community first (404), then checks who may see it (requireVisible: public events are readable signed out)";
const SECRET = "called by a bot or link holding a secret (checked by the verb), not by a session";
const DEV = "development mail outbox (dev router, absent in production)";

export const PUBLIC_VERBS: Record<string, string> = {
  "account/service.ts#listContactTypes": "static list of contact types",
  "account/service.ts#listMyPermissions": "answers for anyone: no permissions when signed out",
  "auth/account.ts#confirmEmail": "the confirmation link's one-time code is the credential",
  "auth/account.ts#confirmRecovery": SIGN_IN,
  "auth/account.ts#registerAdmin": "guarded by the configured admin registration secret",
  "auth/account.ts#registerUser": SIGN_IN,
  "auth/account.ts#requestRecovery": SIGN_IN,
  "auth/google.ts#loginWithGoogle": SIGN_IN,
  "auth/login.ts#login": SIGN_IN,
  "auth/magic.ts#signInWithMagicLink": SIGN_IN,
  "auth/oauth2.ts#finishOAuth2": SIGN_IN,
  "auth/oauth2.ts#startOAuth2": SIGN_IN,
  "auth/otp.ts#challengeOtp": SIGN_IN,
  "auth/otp.ts#validateOtp": SIGN_IN,
  "auth/session.ts#clearSessionCookie": "signing out: clears the cookie whoever calls",
  "auth/transfer.ts#createTransfer": "checks the signed-in user itself (401) before anything else",
  "auth/transfer.ts#exchangeTransferCode": "the transfer code is the credential",
  "community/service.ts#getCommunityAsset": PUBLIC_READ,
  "community/service.ts#getCommunityByDomain": PUBLIC_READ,
  "community/service.ts#getCommunityById": PUBLIC_READ,
  "community/service.ts#getCommunitiesByUserId": "the user themself or an operator; anyone else gets 404 as for an unknown user",
  "community/service.ts#getLandingDocument": PUBLIC_READ,
  "community/service.ts#getNavigationDocument": PUBLIC_READ,
  "dev/google.ts#devGoogleRouter": "builds the development Google stand-in's router (dev only), not a verb",
  "directory/service.ts#previewParticipants": "the signed-out landing preview: a count and listed members' public cards",
  "events/networking.ts#eventRecommendations": EVENT_VISIBILITY,
  "events/responsibles.ts#listConfirmedParticipants": EVENT_VISIBILITY,
  "events/responsibles.ts#listResponsibles": EVENT_VISIBILITY,
  "events/service.ts#checkSlug": "validates a proposed event slug; reveals only whether it is taken",
  "events/service.ts#eventCalendarFile": EVENT_VISIBILITY,
  "events/service.ts#getEvent": EVENT_VISIBILITY,
  "events/service.ts#listEventPage": "lists the events the caller may see (public ones when signed out)",
  "events/view.ts#requireEvent": "the event lookup itself (404 for another community's event)",
  "images/service.ts#readMediaFile": "serves stored media by an unguessable key",
  "mail/queries.ts#getOutbox": DEV,
  "mail/queries.ts#listOutbox": DEV,
  "mailings/service.ts#unsubscribe": "the unsubscribe link's token is the credential",
  "matching/preview/service.ts#previewWeeklyMatching": "delegates to runWeeklyPairing, whose first statement is its runner check (requireRunner)",
  "onboarding/service.ts#getQuestionsByCommunity": "the community's onboarding questions are shown before joining",
  "participant/general.ts#getContactInfo": PUBLIC_READ,
  "participant/general.ts#initApp": PUBLIC_READ,
  "participant/service.ts#getProfileBySlug": "public profile page; contacts filtered by the viewer's rights (visibleContacts)",
  "telegram/service.ts#connectTelegram": SECRET,
  "telegram/service.ts#createConnectLink": "checks the bot is configured (its 4xx first), then requireMember",
  "telegram/service.ts#handleWebhook": SECRET,
  "topics/service.ts#listCommunityTopics": "the community's topic labels, shown on the profile form and signed-out pages",
  "webhooks/events.ts#envelopeSchema": "builds the OpenAPI schema of a webhook payload for the document, not a verb",
};
