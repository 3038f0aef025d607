/**
 * The e-mails of an intro, EN / RU, as `notice` mails (title, paragraphs, one button) in the
 * tenant's branding. Intro texts are the members' own words and are escaped by the renderer.
 */
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
  if (lang === "ru") {
    return {
      title: `${nameOf(v.from)} хочет познакомиться с вами`,
      paragraphs: [
        v.forwarded ? `Команда сообщества передаёт вам знакомство от участника ${who(v.from)}:` : `${who(v.from)} отправил(а) вам знакомство:`,
        `«${v.message}»`,
        ...(v.contacts.length ? ["Контакты:", ...v.contacts] : []),
        "Ответить можно в разделе запросов.",
      ],
      action: { label: "Открыть запросы", link: v.link },
    };
  }
  return {
    title: `${nameOf(v.from)} would like to meet you`,
    paragraphs: [
      v.forwarded ? `The community team forwards you an intro from ${who(v.from)}:` : `${who(v.from)} sent you an intro:`,
      `"${v.message}"`,
      ...(v.contacts.length ? ["Contacts:", ...v.contacts] : []),
      "You can answer it in your requests.",
    ],
    action: { label: "Open requests", link: v.link },
  };
}

/** To a moderator: the recipient hides contacts, so the intro waits for them (spec 4.6). */
export function introToModerator(lang: Lang, v: { from: Person; to: Person; message: string; link: string }): Notice {
  if (lang === "ru") {
    return {
      title: `Знакомство для участника ${nameOf(v.to)}`,
      paragraphs: [
        `${who(v.from)} хочет познакомиться с участником ${who(v.to)}, который скрывает свои контакты.`,
        `«${v.message}»`,
        "Перешлите знакомство участнику или отклоните его.",
      ],
      action: { label: "Открыть запросы", link: v.link },
    };
  }
  return {
    title: `An intro for ${nameOf(v.to)}`,
    paragraphs: [
      `${who(v.from)} would like to meet ${who(v.to)}, who keeps their contacts hidden.`,
      `"${v.message}"`,
      "Please forward the intro to the member or decline it.",
    ],
    action: { label: "Open requests", link: v.link },
  };
}

/** To the sender: the intro was accepted (by the member) or forwarded (by a moderator). */
export function introAnswered(lang: Lang, v: { to: Person; forwarded: boolean; answer: string | null; contacts: string[]; link: string }): Notice {
  if (lang === "ru") {
    return {
      title: v.forwarded ? `Ваше знакомство передано участнику ${nameOf(v.to)}` : `${nameOf(v.to)} принял(а) ваше знакомство`,
      paragraphs: [
        v.forwarded
          ? `Команда сообщества передала ваше знакомство участнику ${who(v.to)}.`
          : `${who(v.to)} ответил(а) на ваше знакомство.`,
        ...(v.answer ? [`«${v.answer}»`] : []),
        ...(v.contacts.length ? ["Контакты:", ...v.contacts] : []),
      ],
      action: { label: "Открыть контакты", link: v.link },
    };
  }
  return {
    title: v.forwarded ? `Your intro to ${nameOf(v.to)} was forwarded` : `${nameOf(v.to)} accepted your intro`,
    paragraphs: [
      v.forwarded ? `The community team forwarded your intro to ${who(v.to)}.` : `${who(v.to)} answered your intro.`,
      ...(v.answer ? [`"${v.answer}"`] : []),
      ...(v.contacts.length ? ["Contacts:", ...v.contacts] : []),
    ],
    action: { label: "Open my contacts", link: v.link },
  };
}
