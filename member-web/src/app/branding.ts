import type { Community } from "../api/community.ts";

/** Tenant branding: colours as CSS variables, the title in <title>, the logo as the favicon. */
export function applyBranding(community: Community): void {
  const root = document.documentElement.style;
  root.setProperty("--primary", community.brandConfig.primaryColor);
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
