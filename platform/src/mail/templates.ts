import { textsFor } from "../i18n/texts.ts";
import type { Lang, Tenant } from "../tenancy/schema.ts";
import { type Block, type Brand, type ContactCard, layoutHtml, layoutText } from "./layout.tsx";

export type { ContactCard } from "./layout.tsx";

/** Variables of each template. Links are absolute, built from the tenant's configured URL. */
export type TemplateVars = {
  otp: { code: string; minutes: number };
  magic_link: { link: string; minutes: number };
  recovery: { link: string; minutes: number };
  email_confirm: { link: string };
  /** A plain notice with a title, paragraphs and an optional call to action. */
  notice: {
    title: string;
    paragraphs: string[];
    action?: { label: string; link: string };
    /** Why the recipient gets it: their account (default), or an invitation to someone who may have none. */
    reason?: "account" | "invitation";
  };
  /** A community mailing written by its admins, with the one-click unsubscribe link. */
  mailing: { title: string; paragraphs: string[]; unsubscribeLink: string };
  /** The Tuesday e-mail: this week's contact, why, and the connect link. */
  weekly_match: {
    name: string;
    contact: ContactCard;
    /** Reasons already rendered in the recipient's language. */
    reasons: string[];
    /** Set for an odd-member-out recommendation: why there is no pair this week. */
    why?: string;
    link: string;
  };
  /** The day before the run: a new contact comes tomorrow; skip this week? */
  weekly_reminder: { name: string; week: string; skipLink: string };
  /** A week after a match: did you meet? Rate 1..5 or say you did not meet. */
  meeting_followup: { name: string; contactName: string; ratingLinks: { score: number; link: string }[]; noMeetingLink: string };
};

export type TemplateName = keyof TemplateVars;

export type RenderedMail = { subject: string; html: string; text: string };

type T = ReturnType<typeof textsFor>;
type Template<N extends TemplateName> = (t: T, v: TemplateVars[N], title: string) => [string, Block];

/** Each template's subject and block; the texts come from the server catalogue (platform/src/i18n). */
const TEMPLATES: { [N in TemplateName]: Template<N> } = {
  otp: (t, v, title) => [
    t("mail.otp.subject", { code: v.code, title }),
    { heading: t("mail.otp.heading"), paragraphs: [t("mail.otp.body", { title })], code: v.code, footnote: t("mail.otp.footnote", { minutes: v.minutes }) },
  ],
  magic_link: (t, v, title) => [
    t("mail.magicLink.subject", { title }),
    {
      heading: t("mail.magicLink.heading", { title }),
      paragraphs: [t("mail.magicLink.body")],
      action: { label: t("mail.magicLink.action"), link: v.link },
      footnote: t("mail.magicLink.footnote", { minutes: v.minutes }),
    },
  ],
  recovery: (t, v, title) => [
    t("mail.recovery.subject", { title }),
    {
      heading: t("mail.recovery.heading"),
      paragraphs: [t("mail.recovery.body")],
      action: { label: t("mail.recovery.action"), link: v.link },
      footnote: t("mail.recovery.footnote", { minutes: v.minutes }),
    },
  ],
  email_confirm: (t, v, title) => [
    t("mail.emailConfirm.subject", { title }),
    { heading: t("mail.emailConfirm.heading"), paragraphs: [t("mail.emailConfirm.body", { title })], action: { label: t("mail.emailConfirm.action"), link: v.link } },
  ],
  weekly_match: (t, v, title) => [
    t("mail.weeklyMatch.subject", { title, contact: v.contact.name }),
    {
      heading: t("mail.weeklyMatch.heading", { contact: v.contact.name }),
      paragraphs: [t("mail.weeklyMatch.body", { name: v.name, title }), ...(v.why ? [v.why] : [])],
      card: v.contact,
      ...(v.reasons.length ? { list: v.reasons } : {}),
      action: { label: t("mail.weeklyMatch.action"), link: v.link },
      footnote: t("mail.weeklyMatch.footnote", { context: v.contact.hasHiddenContacts ? "hidden" : undefined }),
    },
  ],
  weekly_reminder: (t, v, title) => [
    t("mail.weeklyReminder.subject", { title }),
    {
      heading: t("mail.weeklyReminder.heading"),
      paragraphs: [t("mail.weeklyReminder.body", { name: v.name, week: v.week, title }), t("mail.weeklyReminder.skip")],
      action: { label: t("mail.weeklyReminder.action"), link: v.skipLink },
    },
  ],
  meeting_followup: (t, v, title) => [
    t("mail.meetingFollowup.subject", { title, contact: v.contactName }),
    {
      heading: t("mail.meetingFollowup.heading", { contact: v.contactName }),
      paragraphs: [t("mail.meetingFollowup.body", { name: v.name, title, contact: v.contactName })],
      links: [...v.ratingLinks.map((r) => ({ label: `${"★".repeat(r.score)} ${r.score}`, link: r.link })), { label: t("mail.meetingFollowup.noMeeting"), link: v.noMeetingLink }],
      footnote: t("mail.meetingFollowup.footnote"),
    },
  ],
  notice: (_t, v) => [v.title, { heading: v.title, paragraphs: v.paragraphs, ...(v.action ? { action: v.action } : {}) }],
  mailing: (t, v, title) => [v.title, { heading: v.title, paragraphs: v.paragraphs, links: [{ label: t("mail.unsubscribe", { title }), link: v.unsubscribeLink }] }],
};

function absolute(url: string | undefined, base: string): string | undefined {
  if (!url) return undefined;
  return /^https?:\/\//.test(url) ? url : `${base}${url.startsWith("/") ? "" : "/"}${url}`;
}

/** Renders a template in the tenant's branding and the recipient's language. */
export function renderMail<N extends TemplateName>(tenant: Tenant, lang: Lang, name: N, vars: TemplateVars[N]): RenderedMail {
  const t = textsFor(lang);
  const { brandConfig } = tenant.config;
  const brand: Brand = { title: brandConfig.title, color: brandConfig.primaryColor, logo: absolute(brandConfig.logoUrl ?? tenant.config.logoUrl, tenant.url) };
  const [subject, block] = (TEMPLATES[name] as Template<N>)(t, vars, brand.title);
  const invitation = name === "notice" && (vars as TemplateVars["notice"]).reason === "invitation";
  const footer = t(invitation ? "mail.invitationFooter" : "mail.footer", { title: brand.title });
  return { subject, html: layoutHtml(lang, brand, block, footer), text: layoutText(brand, block, footer) };
}
