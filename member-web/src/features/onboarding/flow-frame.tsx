import type { ReactNode } from "react";
import { brandTitle } from "../../app/branding.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { BrandMark } from "../shell/brand-mark.tsx";
import { LanguageSelect } from "../shell/language-select.tsx";

/** The frame of the joining flow (questions, onboarding): no navigation bar (spec 2.4), brand on top. */
export function FlowFrame({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  const community = useCommunity();
  return (
    <div className="flow-screen">
      <header className="flow-header">
        <span className="brand">
          <BrandMark size={32} />
          <span className="brand-title">{brandTitle(community)}</span>
        </span>
        <LanguageSelect />
      </header>
      {aside}
      <main className="flow-card" id="content">
        {children}
      </main>
    </div>
  );
}
