import type { Lang, Tenant } from "../tenancy/schema.ts";
import { escapeHtml } from "../lib/html.ts";

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

/** A member's card in an e-mail: only what the recipient may see (privacy applied by the caller). */
export type ContactCard = {
  name: string;
  headline: string | null;
  avatarUrl: string | null;
  contacts: { label: string; value: string }[];
  /** The contact keeps some contacts hidden: connect through the app. */
  hasHiddenContacts: boolean;
};
export type TemplateName = keyof TemplateVars;

export type RenderedMail = { subject: string; html: string; text: string };

type Block = {
  heading: string;
  paragraphs: string[];
  code?: string;
  card?: ContactCard;
  /** Bullet points (e.g. the reasons of a match). */
  list?: string[];
  action?: { label: string; link: string };
  /** Further links shown as a row of buttons (e.g. ratings). */
  links?: { label: string; link: string }[];
  footnote?: string;
};

const T = {
  en: {
    otp: (v: TemplateVars["otp"], title: string): [string, Block] => [
      `${v.code} is your ${title} sign-in code`,
      {
        heading: "Your sign-in code",
        paragraphs: [`Enter this code to sign in to ${title}.`],
        code: v.code,
        footnote: `The code works for ${v.minutes} minutes. If you did not ask for it, ignore this e-mail.`,
      },
    ],
    magic_link: (v: TemplateVars["magic_link"], title: string): [string, Block] => [
      `Sign in to ${title}`,
      {
        heading: `Sign in to ${title}`,
        paragraphs: ["Press the button to sign in. The link works once."],
        action: { label: "Sign in", link: v.link },
        footnote: `The link expires in ${v.minutes} minutes. If you did not ask for it, ignore this e-mail.`,
      },
    ],
    recovery: (v: TemplateVars["recovery"], title: string): [string, Block] => [
      `Reset your ${title} password`,
      {
        heading: "Reset your password",
        paragraphs: ["Someone asked to reset the password of your account. Press the button to choose a new one."],
        action: { label: "Choose a new password", link: v.link },
        footnote: `The link expires in ${v.minutes} minutes and works once. If it was not you, ignore this e-mail: your password stays as it is.`,
      },
    ],
    email_confirm: (v: TemplateVars["email_confirm"], title: string): [string, Block] => [
      `Confirm your e-mail for ${title}`,
      {
        heading: "Confirm your e-mail",
        paragraphs: [`Welcome to ${title}! Please confirm that this is your e-mail address.`],
        action: { label: "Confirm e-mail", link: v.link },
      },
    ],
    weekly_match: (v: TemplateVars["weekly_match"], title: string): [string, Block] => [
      `Your new contact in ${title} this week: ${v.contact.name}`,
      {
        heading: `Meet ${v.contact.name}`,
        paragraphs: [`Hi ${v.name}! Here is your new contact in ${title} this week.`, ...(v.why ? [v.why] : [])],
        card: v.contact,
        ...(v.reasons.length ? { list: v.reasons } : {}),
        action: { label: "Connect", link: v.link },
        footnote: v.contact.hasHiddenContacts
          ? "Some of this member's contacts are private: send an intro through the app and they will get back to you."
          : "Say hello and agree on a time to meet this week.",
      },
    ],
    weekly_reminder: (v: TemplateVars["weekly_reminder"], title: string): [string, Block] => [
      `Tomorrow you get a new contact in ${title}`,
      {
        heading: "A new contact tomorrow",
        paragraphs: [`Hi ${v.name}! Tomorrow (${v.week}) ${title} introduces you to a new member.`, "Busy this week? Skip it, and we will match you next Tuesday."],
        action: { label: "Skip this week", link: v.skipLink },
      },
    ],
    meeting_followup: (v: TemplateVars["meeting_followup"], title: string): [string, Block] => [
      `${title}: did you meet ${v.contactName}?`,
      {
        heading: `Did you meet ${v.contactName}?`,
        paragraphs: [`Hi ${v.name}! Last week ${title} introduced you to ${v.contactName}. How was the meeting? Your answer improves your next matches.`],
        links: [...v.ratingLinks.map((r) => ({ label: `${"★".repeat(r.score)} ${r.score}`, link: r.link })), { label: "We did not meet", link: v.noMeetingLink }],
        footnote: "Only the community team sees your rating.",
      },
    ],
    footer: (title: string) => `You receive this e-mail because of your account in ${title}.`,
    invitationFooter: (title: string) => `You receive this e-mail because a member of ${title} invited you. If you do not want to join, ignore it.`,
    unsubscribe: (title: string) => `You receive ${title} mailings as a member. Unsubscribe`,
  },
  ru: {
    otp: (v: TemplateVars["otp"], title: string): [string, Block] => [
      `${v.code} — код для входа в ${title}`,
      {
        heading: "Код для входа",
        paragraphs: [`Введите этот код, чтобы войти в ${title}.`],
        code: v.code,
        footnote: `Код действует ${v.minutes} минут. Если вы его не запрашивали, просто проигнорируйте письмо.`,
      },
    ],
    magic_link: (v: TemplateVars["magic_link"], title: string): [string, Block] => [
      `Вход в ${title}`,
      {
        heading: `Вход в ${title}`,
        paragraphs: ["Нажмите кнопку, чтобы войти. Ссылка одноразовая."],
        action: { label: "Войти", link: v.link },
        footnote: `Ссылка действует ${v.minutes} минут. Если вы её не запрашивали, просто проигнорируйте письмо.`,
      },
    ],
    recovery: (v: TemplateVars["recovery"], title: string): [string, Block] => [
      `Восстановление пароля в ${title}`,
      {
        heading: "Восстановление пароля",
        paragraphs: ["Кто-то запросил сброс пароля вашей учётной записи. Нажмите кнопку, чтобы задать новый пароль."],
        action: { label: "Задать новый пароль", link: v.link },
        footnote: `Ссылка действует ${v.minutes} минут и срабатывает один раз. Если это были не вы, проигнорируйте письмо: пароль останется прежним.`,
      },
    ],
    email_confirm: (v: TemplateVars["email_confirm"], title: string): [string, Block] => [
      `Подтвердите e-mail в ${title}`,
      {
        heading: "Подтвердите e-mail",
        paragraphs: [`Добро пожаловать в ${title}! Подтвердите, пожалуйста, что это ваш адрес.`],
        action: { label: "Подтвердить e-mail", link: v.link },
      },
    ],
    weekly_match: (v: TemplateVars["weekly_match"], title: string): [string, Block] => [
      `Ваш новый контакт в ${title} на этой неделе: ${v.contact.name}`,
      {
        heading: `Знакомьтесь: ${v.contact.name}`,
        paragraphs: [`Здравствуйте, ${v.name}! Вот ваш новый контакт в ${title} на этой неделе.`, ...(v.why ? [v.why] : [])],
        card: v.contact,
        ...(v.reasons.length ? { list: v.reasons } : {}),
        action: { label: "Познакомиться", link: v.link },
        footnote: v.contact.hasHiddenContacts
          ? "Часть контактов участника скрыта: отправьте знакомство через приложение, и вам ответят."
          : "Напишите и договоритесь о встрече на этой неделе.",
      },
    ],
    weekly_reminder: (v: TemplateVars["weekly_reminder"], title: string): [string, Block] => [
      `Завтра у вас новый контакт в ${title}`,
      {
        heading: "Завтра — новый контакт",
        paragraphs: [`Здравствуйте, ${v.name}! Завтра (${v.week}) ${title} познакомит вас с новым участником.`, "Заняты на этой неделе? Пропустите её, и мы подберём пару в следующий вторник."],
        action: { label: "Пропустить неделю", link: v.skipLink },
      },
    ],
    meeting_followup: (v: TemplateVars["meeting_followup"], title: string): [string, Block] => [
      `${title}: вы встретились с ${v.contactName}?`,
      {
        heading: `Вы встретились с ${v.contactName}?`,
        paragraphs: [`Здравствуйте, ${v.name}! На прошлой неделе ${title} познакомил вас с ${v.contactName}. Как прошла встреча? Ваш ответ улучшит следующие подборки.`],
        links: [...v.ratingLinks.map((r) => ({ label: `${"★".repeat(r.score)} ${r.score}`, link: r.link })), { label: "Мы не встретились", link: v.noMeetingLink }],
        footnote: "Вашу оценку видит только команда сообщества.",
      },
    ],
    footer: (title: string) => `Вы получили это письмо, потому что у вас есть учётная запись в ${title}.`,
    invitationFooter: (title: string) => `Вы получили это письмо, потому что вас пригласили в сообщество «${title}». Если вы не хотите вступать, просто проигнорируйте его.`,
    unsubscribe: (title: string) => `Вы получаете рассылки ${title} как участник. Отписаться`,
  },
} as const;

function absolute(url: string | undefined, base: string): string | undefined {
  if (!url) return undefined;
  return /^https?:\/\//.test(url) ? url : `${base}${url.startsWith("/") ? "" : "/"}${url}`;
}

function cardHtml(card: ContactCard): string {
  const avatar = card.avatarUrl
    ? `<td width="72" style="vertical-align:top;padding-right:14px"><img src="${escapeHtml(card.avatarUrl)}" alt="" width="64" height="64" style="border-radius:32px;display:block"></td>`
    : "";
  const contacts = card.contacts.map((c) => `<div style="font-size:14px;color:#3e4c59">${escapeHtml(c.label)}: ${escapeHtml(c.value)}</div>`).join("");
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;border:1px solid #e4e7eb;border-radius:10px;width:100%"><tr><td style="padding:14px"><table role="presentation" cellpadding="0" cellspacing="0"><tr>${avatar}<td style="vertical-align:top"><div style="font-size:18px;font-weight:600">${escapeHtml(card.name)}</div>${card.headline ? `<div style="font-size:14px;color:#52606d;margin-bottom:6px">${escapeHtml(card.headline)}</div>` : ""}${contacts}</td></tr></table></td></tr></table>`;
}

function cardText(card: ContactCard): string[] {
  return [card.name, ...(card.headline ? [card.headline] : []), ...card.contacts.map((c) => `${c.label}: ${c.value}`)];
}

function layout(tenant: Tenant, block: Block, footer: string): RenderedMail & { subject: "" } {
  const brand = tenant.config.brandConfig;
  const color = brand.primaryColor;
  const logo = absolute(brand.logoUrl ?? tenant.config.logoUrl, tenant.url);
  const html = `<!doctype html><html><body style="margin:0;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px;overflow:hidden">
<tr><td style="background:${color};padding:20px 28px;color:#fff;font-size:20px;font-weight:600">${logo ? `<img src="${escapeHtml(logo)}" alt="" height="32" style="vertical-align:middle;margin-right:12px">` : ""}${escapeHtml(brand.title)}</td></tr>
<tr><td style="padding:28px">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(block.heading)}</h1>
${block.paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join("\n")}
${block.code ? `<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:20px 0;font-family:monospace">${escapeHtml(block.code)}</p>` : ""}
${block.card ? cardHtml(block.card) : ""}
${block.list ? `<ul style="font-size:15px;line-height:1.5;margin:0 0 12px;padding-left:20px">${block.list.map((li) => `<li>${escapeHtml(li)}</li>`).join("")}</ul>` : ""}
${block.action ? `<p style="margin:24px 0"><a href="${escapeHtml(block.action.link)}" style="background:${color};color:#fff;text-decoration:none;padding:12px 22px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(block.action.label)}</a></p><p style="font-size:13px;color:#52606d;word-break:break-all">${escapeHtml(block.action.link)}</p>` : ""}
${block.links ? `<p style="margin:16px 0">${block.links.map((l) => `<a href="${escapeHtml(l.link)}" style="border:1px solid ${color};color:${color};text-decoration:none;padding:8px 14px;border-radius:8px;display:inline-block;margin:0 8px 8px 0">${escapeHtml(l.label)}</a>`).join("")}</p>` : ""}
${block.footnote ? `<p style="font-size:13px;color:#52606d;margin-top:20px">${escapeHtml(block.footnote)}</p>` : ""}
</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#7b8794;border-top:1px solid #e4e7eb">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    brand.title,
    "",
    block.heading,
    "",
    ...block.paragraphs,
    ...(block.code ? ["", block.code] : []),
    ...(block.card ? ["", ...cardText(block.card)] : []),
    ...(block.list ? ["", ...block.list.map((li) => `- ${li}`)] : []),
    ...(block.action ? ["", `${block.action.label}: ${block.action.link}`] : []),
    ...(block.links ? ["", ...block.links.map((l) => `${l.label}: ${l.link}`)] : []),
    ...(block.footnote ? ["", block.footnote] : []),
    "",
    "--",
    footer,
  ].join("\n");
  return { subject: "", html, text };
}

/** Renders a template in the tenant's branding and the recipient's language. */
export function renderMail<N extends TemplateName>(tenant: Tenant, lang: Lang, name: N, vars: TemplateVars[N]): RenderedMail {
  const t = T[lang];
  const title = tenant.config.brandConfig.title;
  let subject: string;
  let block: Block;
  let footer = t.footer(title);
  if (name === "notice") {
    const v = vars as TemplateVars["notice"];
    if (v.reason === "invitation") footer = t.invitationFooter(title);
    subject = v.title;
    block = { heading: v.title, paragraphs: v.paragraphs, ...(v.action ? { action: v.action } : {}) };
  } else if (name === "mailing") {
    const v = vars as TemplateVars["mailing"];
    subject = v.title;
    block = { heading: v.title, paragraphs: v.paragraphs, links: [{ label: t.unsubscribe(title), link: v.unsubscribeLink }] };
  } else {
    const make = t[name as Exclude<TemplateName, "notice" | "mailing">] as (v: unknown, title: string) => [string, Block];
    [subject, block] = make(vars, title);
  }
  return { ...layout(tenant, block, footer), subject };
}
