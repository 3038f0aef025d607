import type { Community } from "../api/community.ts";

/** Tenant branding: colours as CSS variables, the title in <title>, the logo as the favicon. */
export function applyBranding(community: Community): void {
  const root = document.documentElement.style;
  root.setProperty("--primary", readableOnWhite(community.brandConfig.primaryColor));
  root.setProperty("--accent", community.brandConfig.accentColor);
  document.title = brandTitle(community);
  const logo = logoUrl(community);
  if (logo) {
    const icon = document.querySelector<HTMLLinkElement>("link[rel='icon']");
    if (icon) {
      icon.href = logo;
      icon.removeAttribute("type");
    }
  }
}

export function brandTitle(community: Community): string {
  return community.brandConfig.title || community.title;
}

export function logoUrl(community: Community): string | null {
  return community.brandConfig.logoUrl ?? community.logoUrl;
}

/** Relative luminance of an sRGB colour (WCAG 2). */
function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r ?? 0) + 0.7152 * lin(g ?? 0) + 0.0722 * lin(b ?? 0);
}

/**
 * The tenant's primary colour, darkened just enough for white text on it and for it as text on
 * the app's light backgrounds to reach the WCAG AA 4.5:1 contrast (buttons and links use it both
 * ways): 5.2:1 against white leaves 4.5:1 on the grey page background. Other colour notations pass
 * unchanged.
 */
export function readableOnWhite(color: string): string {
  const m = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (!m?.[1]) return color;
  let rgb = [0, 2, 4].map((i) => Number.parseInt(m[1]?.slice(i, i + 2) ?? "0", 16));
  for (let step = 0; step < 40 && 1.05 / (luminance(rgb) + 0.05) < 5.2; step++) rgb = rgb.map((c) => Math.floor(c * 0.95));
  return `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}
