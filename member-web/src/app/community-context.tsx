import { createContext, type ReactNode, useContext } from "react";
import type { Community } from "../api/community.ts";

const CommunityContext = createContext<Community | null>(null);

export function CommunityProvider({ community, children }: { community: Community; children: ReactNode }) {
  return <CommunityContext.Provider value={community}>{children}</CommunityContext.Provider>;
}

/** The community of this host, loaded once at start-up (spec 4.1). */
export function useCommunity(): Community {
  const c = useContext(CommunityContext);
  if (!c) throw new Error("useCommunity outside CommunityProvider");
  return c;
}
