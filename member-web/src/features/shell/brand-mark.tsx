import { brandTitle, logoUrl } from "../../app/branding.ts";
import { useCommunity } from "../../app/community-context.tsx";

/** The community logo, or a monogram in the brand colour when it has none. */
export function BrandMark({ size = 40 }: { size?: number }) {
  const community = useCommunity();
  const title = brandTitle(community);
  const logo = logoUrl(community);
  if (logo) return <img className="brand-logo" src={logo} alt={title} width={size} height={size} />;
  return (
    <span className="brand-monogram" style={{ width: size, height: size, fontSize: size * 0.45 }} aria-hidden="true">
      {title.trim().charAt(0).toUpperCase() || "T"}
    </span>
  );
}
