import type { Community, Landing } from "../../api/community.ts";

export type LandingSection = { title: string | null; text: string | null; items: string[] };
export type LandingCta = { label: string | null; href: string | null };
export type LandingView = {
  title: string;
  copy: string;
  cta: LandingCta;
  imageUrl: string | null;
  bullets: string[];
  sections: LandingSection[];
};

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v : null);
const first = (obj: Record<string, unknown>, keys: string[]): string | null => {
  for (const k of keys) {
    const v = text(obj[k]);
    if (v) return v;
  }
  return null;
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && x.trim() !== "") : []);

/** `cta` is a label, or `{label, href}`; only a same-site path is kept as the link. */
function readCta(v: unknown): LandingCta {
  if (typeof v === "string") return { label: text(v), href: null };
  if (!isObject(v)) return { label: null, href: null };
  const href = text(v.href);
  return { label: first(v, ["label", "text", "title"]), href: href?.startsWith("/") && !href.startsWith("//") ? href : null };
}

/**
 * A landing document is free-form JSON (tenants write it). This reads the common shapes: a title
 * and copy (top level or under `hero`), a call to action, bullet points, and a list of sections or
 * features with a title, a text and optional items. Everything it shows is plain text.
 */
export function readLanding(doc: Landing | null, community: Community): LandingView {
  const hero = doc && isObject(doc.hero) ? doc.hero : {};
  const root = doc ?? {};
  const list = [root.sections, root.features, root.blocks, root.items].find(Array.isArray) as unknown[] | undefined;
  const sections: LandingSection[] = (list ?? []).flatMap((entry) => {
    if (typeof entry === "string") return [{ title: null, text: entry, items: [] }];
    if (!isObject(entry)) return [];
    const items = (Array.isArray(entry.items) ? entry.items : Array.isArray(entry.bullets) ? entry.bullets : []).filter(
      (x): x is string => typeof x === "string",
    );
    const section = { title: first(entry, ["title", "heading", "name"]), text: first(entry, ["text", "body", "copy", "description"]), items };
    return section.title || section.text || items.length ? [section] : [];
  });
  return {
    title: first(hero, ["title", "heading"]) ?? first(root, ["title", "landingTitle", "heading"]) ?? community.landingTitle,
    copy: first(hero, ["subtitle", "copy", "text"]) ?? first(root, ["subtitle", "landingCopy", "copy", "text", "description"]) ?? community.landingCopy,
    cta: readCta(hero.cta ?? root.cta ?? root.ctaLabel ?? root.button),
    imageUrl: first(hero, ["imageUrl", "image"]) ?? first(root, ["imageUrl", "image", "imgUrl"]) ?? community.imgUrl,
    bullets: strings(hero.bullets ?? root.bullets),
    sections,
  };
}
