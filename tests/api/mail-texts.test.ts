/**
 * Every e-mail template in English and Russian, delivered through a real SMTP server and parsed
 * as a mail client would: the texts are the recipient's language and no catalogue key leaks.
 * Also the unsubscribe page, the one server-rendered page with texts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailSendJob, queueMail, type TemplateName, type TemplateVars } from "@tuesday/platform";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { tenantFixture } from "../support/tenants.ts";
import { uniqueEmail } from "../support/users.ts";

let env: TestEnv;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  env = await createTestEnv({
    tenants: [
      tenantFixture("gamma", { isDefault: true, langChoices: ["en", "ru"], brandConfig: { title: "Gamma Hub", primaryColor: "#0a7d5a" } }),
      tenantFixture("delta", { lang: "ru", brandConfig: { title: "Дельта" } }),
    ],
  });
  env.deps.config.smtpUrl = smtp.url("ignoreTLS=true");
});
afterAll(async () => {
  await env?.close();
  await smtp?.close();
});

const LINK = "http://gamma.localhost:3000/x?token=abc";
const CASES: { [N in TemplateName]: TemplateVars[N] } = {
  otp: { code: "482913", minutes: 10 },
  magic_link: { link: LINK, minutes: 15 },
  recovery: { link: LINK, minutes: 60 },
  email_confirm: { link: LINK },
  notice: { title: "Notice", paragraphs: ["Text"], action: { label: "Open", link: LINK } },
  mailing: { title: "News", paragraphs: ["Text"], unsubscribeLink: LINK },
  weekly_match: {
    name: "Ada",
    contact: { name: "Grace Hopper", headline: "Admiral", avatarUrl: null, contacts: [{ label: "TELEGRAM", value: "@grace" }], hasHiddenContacts: true },
    reasons: ["compilers"],
    link: LINK,
  },
  weekly_reminder: { name: "Ada", week: "2025-03-11", skipLink: LINK },
  meeting_followup: { name: "Ada", contactName: "Grace Hopper", ratingLinks: [{ score: 5, link: LINK }], noMeetingLink: LINK },
};

/** A text of each template in each language: the heading or the button, written out here as a reader sees it. */
const EXPECTED: Record<"en" | "ru", Record<TemplateName, string[]>> = {
  en: {
    otp: ["482913 is your Gamma Hub sign-in code", "Your sign-in code", "The code works for 10 minutes"],
    magic_link: ["Sign in to Gamma Hub", "The link expires in 15 minutes"],
    recovery: ["Reset your Gamma Hub password", "Choose a new password"],
    email_confirm: ["Confirm your e-mail for Gamma Hub", "Welcome to Gamma Hub!"],
    notice: ["because of your account in Gamma Hub"],
    mailing: ["You receive Gamma Hub mailings as a member. Unsubscribe"],
    weekly_match: ["Your new contact in Gamma Hub this week: Grace Hopper", "Meet Grace Hopper", "Connect", "contacts are private"],
    weekly_reminder: ["Tomorrow you get a new contact in Gamma Hub", "Skip this week"],
    meeting_followup: ["Gamma Hub: did you meet Grace Hopper?", "We did not meet", "Only the community team sees your rating."],
  },
  ru: {
    otp: ["482913 — код для входа в Gamma Hub", "Код для входа", "Код действует 10 минут"],
    magic_link: ["Вход в Gamma Hub", "Ссылка действует 15 минут"],
    recovery: ["Восстановление пароля в Gamma Hub", "Задать новый пароль"],
    email_confirm: ["Подтвердите e-mail в Gamma Hub", "Добро пожаловать в Gamma Hub!"],
    notice: ["у вас есть учётная запись в Gamma Hub"],
    mailing: ["Вы получаете рассылки Gamma Hub как участник. Отписаться"],
    weekly_match: ["Ваш новый контакт в Gamma Hub на этой неделе: Grace Hopper", "Знакомьтесь: Grace Hopper", "Познакомиться", "Часть контактов участника скрыта"],
    weekly_reminder: ["Завтра у вас новый контакт в Gamma Hub", "Пропустить неделю"],
    meeting_followup: ["Gamma Hub: вы встретились с Grace Hopper?", "Мы не встретились", "Вашу оценку видит только команда сообщества."],
  },
};

/** What a leaked catalogue key looks like ("mail.otp.subject", "pages.unsubscribe.title"). */
const RAW_KEY = /\b(mail|telegram|pages)\.[a-z][A-Za-z]+(\.[A-Za-z_]+)*/;

describe.each(["en", "ru"] as const)("e-mails in %s, through SMTP", (lang) => {
  it("every template arrives with its texts in the language, branded, and no key", async () => {
    const tenant = await env.deps.tenants.require("gamma");
    const sent = new Map<string, TemplateName>();
    for (const [name, vars] of Object.entries(CASES) as [TemplateName, TemplateVars[TemplateName]][]) {
      const to = uniqueEmail(`${lang}-${name.replace(/_/g, "-")}`);
      await queueMail({ db: env.db, tenant, deps: env.deps }, { to, template: name, lang, vars });
      sent.set(to, name);
    }
    await env.drainJobs(mailSendJob.name);
    const parsed = await Promise.all(smtp.messages.filter((m) => m.to.some((to) => sent.has(to))).map((m) => m.parse()));
    const got = new Map(parsed.map((m) => [m.to && !Array.isArray(m.to) ? m.to.value[0]?.address : undefined, m]));
    for (const [to, name] of sent) {
      const mail = got.get(to);
      expect(mail, name).toBeDefined();
      const all = `${mail?.subject}\n${mail?.text}\n${mail?.html}`;
      for (const text of EXPECTED[lang][name]) expect(all, `${lang} ${name}`).toContain(text);
      expect(mail?.html, name).toContain("Gamma Hub");
      expect(mail?.html, name).toContain("#0a7d5a");
      expect(mail?.html, name).toContain(`lang="${lang}"`);
      expect(all.match(RAW_KEY)?.[0], `${lang} ${name}`).toBeUndefined();
      if (lang === "ru") expect(mail?.text, name).not.toMatch(/\b(the|your|you|this)\b/i);
    }
  });
});

describe("the unsubscribe page", () => {
  it.each([
    ["gamma", "Unsubscribe from mailings", "Unsubscribe"],
    ["delta", "Отписаться от рассылок", "Отписаться"],
  ])("speaks the community's language (%s)", async (tenant, title, button) => {
    const page = await env.request<string>("GET", "/api/mail/unsubscribe?token=abcdefghijklmnopqrstuvwxyz", { tenant });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<h1>${title}</h1>`);
    expect(page.body).toContain(`>${button}</button>`);
    expect(page.body).not.toMatch(RAW_KEY);
  });
});
