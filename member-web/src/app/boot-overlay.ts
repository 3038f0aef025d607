/** Spec 4.10: the overlay is removed this long after it starts fading out. */
export const OVERLAY_REMOVE_DELAY_MS = 50;

/** Spec 4.10: the start-up overlay (index.html) fades out once the community is loaded, then goes. */
export function hideBootOverlay(): void {
  const overlay = document.getElementById("boot-overlay");
  if (!overlay || overlay.dataset.state === "hiding") return;
  overlay.dataset.state = "hiding";
  setTimeout(() => overlay.remove(), OVERLAY_REMOVE_DELAY_MS);
}
