/** Spec 4.7 / 9: the onboarding tour's constants. */
export const TOUR_STEPS = 4;
export const TOUR_START_DELAY_MS = 2000;
export const TOUR_RETRY_EVERY_MS = 1000;
export const TOUR_RETRY_FOR_MS = 10_000;
export const TOUR_EARNINGS_DELAY_MS = 500;

/** Spec 3: the tour state in local storage: completed, step, skipped, last shown time, first login. */
export const TOUR_STORAGE_KEY = "onboardingTour";
export type TourState = { completed: boolean; step: number; skipped: boolean; lastShownAt: number | null; firstLogin: boolean };
const EMPTY: TourState = { completed: false, step: 1, skipped: false, lastShownAt: null, firstLogin: false };

export function readTour(): TourState {
  try {
    const raw = JSON.parse(localStorage.getItem(TOUR_STORAGE_KEY) ?? "null") as Partial<TourState> | null;
    return raw && typeof raw === "object" ? { ...EMPTY, ...raw, step: clampStep(Number(raw.step) || 1) } : { ...EMPTY };
  } catch {
    return { ...EMPTY };
  }
}

export function writeTour(patch: Partial<TourState>): TourState {
  const next = { ...readTour(), ...patch };
  try {
    localStorage.setItem(TOUR_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // private mode: the tour may show again next time
  }
  return next;
}

/** Next and previous stay within 1..4. */
export function clampStep(step: number): number {
  return Math.min(TOUR_STEPS, Math.max(1, Math.round(step)));
}

// Which step is open (null: the tour is not showing), shared by the help button and the tour.
type Listener = (step: number | null) => void;
const listeners = new Set<Listener>();
let open: number | null = null;

export const tour = {
  openStep: () => open,
  show(step: number): void {
    open = clampStep(step);
    writeTour({ step: open, lastShownAt: Date.now() });
    for (const l of listeners) l(open);
  },
  hide(): void {
    open = null;
    for (const l of listeners) l(open);
  },
  subscribe(l: Listener): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

/** The help button: reset clears all flags, and the tour starts again at step 1. */
export function restartTour(): void {
  writeTour({ ...EMPTY });
  tour.show(1);
}

/** A modal dialog other than the tour is open (spec 4.7: the tour waits for it). */
export function modalOpen(): boolean {
  // The phone's open menu counts: the tour would open over it.
  return document.querySelector('[aria-modal="true"]:not([data-tour]), dialog[open]:not([data-tour]), .main-nav.open') !== null;
}
