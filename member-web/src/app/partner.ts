/** The six sections of the bank-partner community, in the order of spec 2.1. */
export const PARTNER_SECTIONS = ["services", "education", "contacts", "events", "earnings", "career"] as const;
export type PartnerSection = (typeof PARTNER_SECTIONS)[number];

export type PartnerItem = { title: string; text: string };
export type PartnerSectionContent = { title: string; intro: string; items: PartnerItem[] };
export type PartnerContent = {
  welcome: { title: string; text: string } | null;
  sections: Partial<Record<PartnerSection, PartnerSectionContent>>;
  tour: PartnerItem[];
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const items = (v: unknown): PartnerItem[] => (Array.isArray(v) ? v.filter(isObject).map((i) => ({ title: str(i.title), text: str(i.text) })) : []);

/** The `partner` block of a landing document (tenants/<id>/landing*.json); tenants write it, so every field is checked. */
export function readPartnerContent(landing: Record<string, unknown> | null | undefined): PartnerContent {
  const p = landing && isObject(landing.partner) ? landing.partner : {};
  const sections: PartnerContent["sections"] = {};
  if (isObject(p.sections)) {
    for (const key of PARTNER_SECTIONS) {
      const s = p.sections[key];
      if (isObject(s)) sections[key] = { title: str(s.title), intro: str(s.intro), items: items(s.items) };
    }
  }
  const welcome = isObject(p.welcome) ? { title: str(p.welcome.title), text: str(p.welcome.text) } : null;
  return { welcome, sections, tour: items(p.tour) };
}
