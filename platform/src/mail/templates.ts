import type { Lang, Tenant } from "../tenancy/schema.ts";

/** Variables of each template. Links are absolute, built from the tenant's configured URL. */
export type TemplateVars = {
  otp: { code: string; minutes: number };
  magic_link: { link: string; minutes: number };
  recovery: { link: string; minutes: number };
  email_confirm: { link: string };
  /** A plain notice with a title, paragraphs and an optional call to action. */
  notice: { title: string; paragraphs: string[]; action?: { label: string; link: string } };
};
export type TemplateName = keyof TemplateVars;

export type RenderedMail = { subject: string; html: string; text: string };

type Block = { heading: string; paragraphs: string[]; code?: string; action?: { label: string; link: string }; footnote?: string };

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
    footer: (title: string) => `You receive this e-mail because of your account in ${title}.`,
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
    footer: (title: string) => `Вы получили это письмо, потому что у вас есть учётная запись в ${title}.`,
  },
} as const;

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);
}

function absolute(url: string | undefined, base: string): string | undefined {
  if (!url) return undefined;
  return /^https?:\/\//.test(url) ? url : `${base}${url.startsWith("/") ? "" : "/"}${url}`;
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
${block.action ? `<p style="margin:24px 0"><a href="${escapeHtml(block.action.link)}" style="background:${color};color:#fff;text-decoration:none;padding:12px 22px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(block.action.label)}</a></p><p style="font-size:13px;color:#52606d;word-break:break-all">${escapeHtml(block.action.link)}</p>` : ""}
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
    ...(block.action ? ["", `${block.action.label}: ${block.action.link}`] : []),
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
  if (name === "notice") {
    const v = vars as TemplateVars["notice"];
    subject = v.title;
    block = { heading: v.title, paragraphs: v.paragraphs, ...(v.action ? { action: v.action } : {}) };
  } else {
    const make = t[name as Exclude<TemplateName, "notice">] as (v: unknown, title: string) => [string, Block];
    [subject, block] = make(vars, title);
  }
  return { ...layout(tenant, block, t.footer(title)), subject };
}
