import { type ErrorComponentProps, Outlet, useNavigate, useRouterState } from "@tanstack/react-router";
import { type ComponentType, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/first-paint.ts";
import { SESSION_EXPIRED_EVENT } from "../../api/client.ts";
import { isChunkLoadError } from "../../app/lazy.ts";
import { loadedQueryClient, loadQueries } from "../../app/queries.ts";
import { loadBarTexts, withI18n } from "../../i18n/index.ts";
import { afterPaint } from "../../lib/paint.ts";
import { session, useToken } from "../../lib/session.ts";
import { Button } from "../../ui/button.tsx";
import { PageSpinner } from "../../ui/spinner.tsx";

// Not in the sign-in page's bundle (issue 17): the signed-in bar and the realtime client load when
// shown, the toasts (and their texts) right after the first render. The signed-out header of "/"
// comes with the welcome page (features/welcome/welcome-route.tsx).
// The bar loads by an effect, not React.lazy, whose Suspense reveal waits on a timer; its texts (its
// group) and the query client come with it, so it never suspends.
let loadedNavBar: ComponentType | null = null;

/**
 * The signed-in bar's code, texts and query client; main.tsx awaits it before a signed-in start's
 * first render, so the bar and the page under it appear in one paint.
 */
export function loadNavBar(): Promise<ComponentType> {
  return Promise.all([import("./nav-bar.tsx"), loadQueries(), loadBarTexts()]).then(([m, layer]) => {
    loadedNavBar ??= layer.withQueries(m.NavBar);
    return loadedNavBar;
  });
}

/** A component loaded by `load` once `wanted`: null until then, "failed" when it could not load. */
function useLoaded(load: () => Promise<ComponentType>, wanted: boolean, initial: ComponentType | null = null): ComponentType | null | "failed" {
  // An initializer: useState would call a component passed as the value.
  const [state, setState] = useState<ComponentType | null | "failed">(() => initial);
  useEffect(() => {
    if (!wanted || state !== null) return;
    let live = true;
    load().then(
      (loaded) => {
        if (live) setState(() => loaded);
      },
      () => {
        if (live) setState("failed");
      },
    );
    return () => {
      live = false;
    };
  }, [load, wanted, state]);
  return state;
}

/** The signed-in bar once its code is in; "failed" when it could not load (the page shows without it). */
function useNavBar(wanted: boolean): ComponentType | null | "failed" {
  return useLoaded(loadNavBar, wanted, loadedNavBar);
}
// Both render with the toasts' texts (the chats group).
const loadToasts = withI18n(() => import("./toasts.tsx").then((m) => m.Toasts), ["chats"]);
const loadRealtimeSession = withI18n(
  () => Promise.all([import("../chats/realtime-session.tsx"), loadQueries()]).then(([m, layer]) => layer.withQueries(m.RealtimeSession)),
  ["chats"],
);

/**
 * A widget without a place in the layout (toasts, the realtime client), loaded once `wanted` and
 * rendered while wanted; null until then and if its code cannot load. Not React.lazy: a Suspense
 * fallback, even an empty one, makes React hold back every boundary revealed in the next 300 ms
 * (its reveal throttle), the first page's content among them.
 */
function useWidget(load: () => Promise<ComponentType>, wanted: boolean): ComponentType | null {
  const widget = useLoaded(load, wanted);
  return wanted && typeof widget === "function" ? widget : null;
}

/** Pages without the signed-in bar (spec 2.4: onboarding steps, confirmations and sign-in screens). */
const BARLESS = ["/questions", "/onboarding", "/last-step", "/confirmed", "/auth-magic", "/confirm-recovery"];

/** Whether a signed-in page at this path has the bar above it. */
export function hasBar(pathname: string): boolean {
  return !BARLESS.includes(pathname);
}

/** False until the first render has been painted, then true. */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterPaint(() => setPainted(true)), []);
  return painted;
}

export function RootLayout() {
  const token = useToken();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const { t } = useTranslation("nav");

  useEffect(() => {
    const onExpired = () => {
      loadedQueryClient()?.removeQueries({ queryKey: ["account"] });
      // The magic-link page handles its own failures (spec 4.1).
      // The login page says why the member is there (issue 27).
      if (window.location.pathname !== "/auth-magic") void navigate({ to: "/login", search: { error: session.endReason() } });
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [navigate]);

  const showBar = token !== null && hasBar(pathname);
  const NavBar = useNavBar(showBar);
  // The page waits for the bar above it (a spinner meanwhile): the bar never pushes a page down.
  const barPending = showBar && NavBar === null;
  // The toasts and the realtime client (their code and texts) come after the first page is on screen.
  const painted = usePainted();
  const Toasts = useWidget(loadToasts, painted);
  const RealtimeSession = useWidget(loadRealtimeSession, painted && token !== null);
  return (
    <>
      <a className="skip-link" href="#content">
        {t("skipToContent")}
      </a>
      {showBar && NavBar !== null && NavBar !== "failed" ? <NavBar /> : null}
      {barPending ? <RoutePending /> : <Outlet />}
      {Toasts ? <Toasts /> : null}
      {RealtimeSession ? <RealtimeSession /> : null}
    </>
  );
}

export function RootError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation("common");
  if (isChunkLoadError(error)) return <ChunkRetryPage />;
  return (
    <main className="page page-narrow page-center" id="content">
      <h1>{t("oopsTitle", { ns: "toasts" })}</h1>
      <p>{t("somethingBroken")}</p>
      <Button onClick={() => (reset ? reset() : window.location.reload())}>{t("retry")}</Button>
    </main>
  );
}

/** Shown while a route's guard or lazy page is loading. */
export function RoutePending() {
  const { t } = useTranslation("common");
  return <PageSpinner label={t("loading")} />;
}

/** Spec 9: a page whose code did not arrive within the chunk-load timeout; retrying loads the app afresh. */
export function ChunkRetryPage() {
  const { t } = useTranslation("tenant");
  return (
    <main className="page page-narrow page-center retry-page" id="content" data-testid="chunk-retry">
      <h1>{t("chunkTimeoutTitle")}</h1>
      <p>{t("chunkTimeoutText")}</p>
      <Button onClick={() => window.location.reload()}>{t("retry")}</Button>
    </main>
  );
}
