import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { accountQueries } from "./api/account.ts";
import { api, call } from "./api/client.ts";
import { type Community, communityQueries, DEFAULT_COMMUNITY, loadCommunity } from "./api/community.ts";
import { track, setAnalyticsContext } from "./app/analytics.ts";
import { applyBranding } from "./app/branding.ts";
import { clientConfig } from "./app/client-config.ts";
import { CommunityProvider } from "./app/community-context.tsx";
import { pickLanguage } from "./app/language.ts";
import { publicIp } from "./app/public-ip.ts";
import { afterQueriesSettle, askEarly, loadQueries } from "./app/queries.ts";
import { createAppRouter, FIRST_PAGE_TEXTS } from "./app/router.tsx";
import { hasBar, loadNavBar } from "./features/shell/root-layout.tsx";
import { startupQueries } from "./features/recommendations/startup-queries.ts";
import { hideBootOverlay } from "./app/boot-overlay.ts";
import { isLang, loadAllTexts, preloadGroups, preloadI18next, preloadLanguage, startI18n } from "./i18n/index.ts";
import { session } from "./lib/session.ts";
import { storage } from "./lib/storage.ts";
import "./styles.css";

/**
 * Spec 4.1 step 3: a `token` query parameter is a one-time transfer code (from SSO or another
 * community). It is exchanged for a session here and removed from the address bar either way.
 */
async function takeTransferCode(): Promise<void> {
  const url = new URL(window.location.href);
  const code = url.searchParams.get("token");
  if (!code) return;
  const firstLogin = url.searchParams.get("firstLogin") === "true";
  url.searchParams.delete("token");
  url.searchParams.delete("firstLogin");
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  try {
    const result = await call(api.POST("/api/auth/transfer/exchange", { body: { code } }));
    storage.clearAll();
    session.start(result.token, result.firstLogin || firstLogin);
  } catch {
    // An expired or used code leaves the visitor signed out; the login page is one click away.
  }
}

/** Optional integrations (docs/configuration.md): nothing runs unless the server configured it. */
function startIntegrations(community: Community): void {
  const config = clientConfig();
  setAnalyticsContext({ communityId: community.id || null });
  if (config.errorDsn) {
    const dsn = config.errorDsn;
    void import("./app/error-reporting.ts").then((m) => m.installErrorReporting(dsn, { community: community.id }));
  }
  void publicIp();
}

/** How long the first render waits for the first page's data once its code is in (start()). */
const FIRST_DATA_WAIT_MS = 500;


async function start(): Promise<void> {
  // The texts of the likely language, and the chunk of the page most visits start on, load while
  // the community is asked for (issue 17).
  const first = window.location.pathname;
  // The first page's own data, asked for here; the first render waits a little for it (below).
  const firstData: Promise<void>[] = [];
  const likelyLang = storage.lang() ?? "en";
  preloadLanguage(likelyLang);
  // A signed-in start: the bar's texts and the first page's; the other groups once it is in.
  if (session.isSignedIn() && isLang(likelyLang)) preloadGroups(likelyLang, ["bar", ...(FIRST_PAGE_TEXTS[first] ?? [])]);
  // i18next comes beside the first render, not before it (i18n/index.ts startI18n).
  preloadI18next();
  if (first === "/" && !session.isSignedIn()) void import("./features/welcome/welcome-route.tsx");
  // Every page but the login page is lazy and comes with the query client (app/queries.ts).
  if (first !== "/login") void loadQueries();
  if (first === "/my_communities" && session.isSignedIn()) {
    void import("./features/recommendations/my-communities-page.tsx");
    // Its Recommended tab's two questions go with the current user's, not after the page's code
    // (its largest paint waits on them); not when a language chosen here is about to be sent to
    // the server by the member guard (app/language.ts), whose reasons come in that language.
    const stored = storage.lang();
    if (!new URLSearchParams(window.location.search).has("token") && (!stored || stored === "en")) {
      firstData.push(askEarly(startupQueries.recommended()), askEarly(startupQueries.status()));
    }
  }
  // The signed-in bar (lazy in the root layout) arrives before the page under it: nothing shifts.
  // A signed-in visit needs the query client and the member guard too (not in the entry bundle).
  // The member guard's first question, the current user, is asked now, beside the community's
  // (not when a transfer code is about to replace the session: a 401 for the old one would end the new).
  if (session.isSignedIn()) {
    void import("./features/shell/nav-bar.tsx");
    if (!new URLSearchParams(window.location.search).has("token")) {
      askEarly(accountQueries.currentUser());
    } else void loadQueries();
    void import("./app/member-guard.ts");
  }
  await takeTransferCode();
  let community: Community;
  try {
    community = await loadCommunity();
  } catch {
    community = DEFAULT_COMMUNITY;
  }
  if (community.id) storage.setReferenceCommunityId(community.id);
  applyBranding(community);
  startIntegrations(community);
  const lang = pickLanguage(community);
  // The welcome page's heading comes from the landing document: asked for now, not after the page's code.
  if (first === "/" && !session.isSignedIn() && community.id) {
    firstData.push(askEarly(communityQueries.landing(community.id, lang)));
  }
  const signedIn = session.isSignedIn();
  // The signed-in bar's custom navigation (spec 4.1 step 2) is asked for with the bar's code.
  if (signedIn) firstData.push(askEarly(communityQueries.navigation(community.id)));
  await startI18n(lang);

  const router = createAppRouter({ community });
  router.subscribe("onResolved", ({ toLocation }) => track("page_view", { path: toLocation.pathname }));
  // The first page's guard, data and code (and a signed-in start's bar) are in before the first
  // render: it shows the page at once. Rendered earlier, the page would suspend under its route's
  // pending spinner, and React holds a revealed boundary back for up to 300 ms after a fallback
  // showed (its reveal throttle): on my communities, a quarter of a second of finished page kept
  // hidden. The start-up overlay (spec 4.10) stays up meanwhile. A failure here is the router's to
  // show (its error component), so the render goes ahead.
  await router.load().catch(() => {});
  if (session.isSignedIn() && hasBar(router.state.location.pathname)) await loadNavBar().catch(() => {});
  // The first page's data, asked for at start, usually arrives with its code: the first render
  // waits up to FIRST_DATA_WAIT_MS for it, and then shows the page with it in one paint instead
  // of its loading placeholders first; slower data comes into the rendered page as usual.
  await Promise.race([Promise.all(firstData).catch(() => {}), new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]);
  const rootEl = document.getElementById("root");
  if (!rootEl) throw new Error("#root is missing from index.html");
  // A transition: React renders the first page in slices of a few milliseconds, yielding between
  // them, instead of one long task that blocks input (nothing suspends here, see above).
  const root = createRoot(rootEl);
  startTransition(() =>
    root.render(
      <StrictMode>
        <CommunityProvider community={community}>
          <RouterProvider router={router} />
        </CommunityProvider>
      </StrictMode>,
    ),
  );
  // Spec 4.10: the community is loaded and the app renders: the overlay fades out.
  hideBootOverlay();
  // The other screens' texts load once the first page has its data on screen.
  if (signedIn) void afterQueriesSettle().then(loadAllTexts);
}

void start();
