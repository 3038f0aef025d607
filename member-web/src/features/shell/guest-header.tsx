import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { brandTitle } from "../../app/branding.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { BrandMark } from "./brand-mark.tsx";
import { LanguageSelect } from "./language-select.tsx";

/** The top bar of a page signed-out visitors may open: the community's brand, the language, and the page's sign-in action. */
export function GuestHeader({ action }: { action: ReactNode }) {
  const community = useCommunity();
  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link to="/" className="brand">
          <BrandMark size={32} />
          <span className="brand-title">{brandTitle(community)}</span>
        </Link>
        <div className="nav-actions nav-actions-public">
          <LanguageSelect />
          {action}
        </div>
      </div>
    </header>
  );
}
