/**
 * The e-mails of an intro, texts from the server catalogue, as `notice` mails (title, paragraphs, one button) in the
 * tenant's branding. Intro texts are the members' own words and are escaped by the renderer.
 */
import { textsFor } from "../i18n/texts.ts";
import type { TemplateVars } from "../mail/templates.ts";
import type { Contacts } from "../participant/schemas.ts";
import type { Lang } from "../tenancy/schema.ts";

type Notice = TemplateVars["notice"];
type Person = { firstName: string; lastName: string; company: string | null; position: string | null };

const nameOf = (p: Person) => `${p.firstName} ${p.lastName}`.trim();
const who = (p: Person) => {
  const role = [p.position, p.company].filter(Boolean).join(", ");
  return role ? `${nameOf(p)} (${role})` : nameOf(p);
};
export const contactLines = (c: Contacts, phone: string | null) => [
  ...Object.entries(c).map(([type, value]) => `${type}: ${value}`),
  ...(phone && !c.PHONE ? [`PHONE: ${phone}`] : []),
];

/** To the member: someone wants to meet them. `forwarded` when a moderator passed it on. */
export function introToMember(lang: Lang, v: { from: Person; message: string; link: string; forwarded: boolean; contacts: string[] }): Notice {
  const t = textsFor(lang);
  return {
    title: t("mail.intro.toMemberTitle", { from: nameOf(v.from) }),
    paragraphs: [
      t("mail.intro.toMemberBody", { from: who(v.from), context: v.forwarded ? "forwarded" : undefined }),
      t("mail.intro.quote", { text: v.message }),
      ...(v.contacts.length ? [t("mail.intro.contacts"), ...v.contacts] : []),
      t("mail.intro.toMemberAnswer"),
    ],
    action: { label: t("mail.intro.openRequests"), link: v.link },
  };
}

/** To a moderator: the recipient hides contacts, so the intro waits for them (spec 4.6). */
export function introToModerator(lang: Lang, v: { from: Person; to: Person; message: string; link: string }): Notice {
  const t = textsFor(lang);
  return {
    title: t("mail.intro.toModeratorTitle", { to: nameOf(v.to) }),
    paragraphs: [t("mail.intro.toModeratorBody", { from: who(v.from), to: who(v.to) }), t("mail.intro.quote", { text: v.message }), t("mail.intro.toModeratorAsk")],
    action: { label: t("mail.intro.openRequests"), link: v.link },
  };
}

/** To the sender: the intro was accepted (by the member) or forwarded (by a moderator). */
export function introAnswered(lang: Lang, v: { to: Person; forwarded: boolean; answer: string | null; contacts: string[]; link: string }): Notice {
  const t = textsFor(lang);
  const context = v.forwarded ? "forwarded" : undefined;
  return {
    title: t("mail.intro.answeredTitle", { to: nameOf(v.to), context }),
    paragraphs: [
      t("mail.intro.answeredBody", { to: who(v.to), context }),
      ...(v.answer ? [t("mail.intro.quote", { text: v.answer })] : []),
      ...(v.contacts.length ? [t("mail.intro.contacts"), ...v.contacts] : []),
    ],
    action: { label: t("mail.intro.openContacts"), link: v.link },
  };
}
