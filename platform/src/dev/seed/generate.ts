import type { OptionRow, QuestionRow } from "../../questionnaire/queries.ts";
import { FREE_TEXT_LIMIT } from "../../questionnaire/schemas.ts";
import { computeCompletion } from "../../participant/completion.ts";
import type { ModerationStatus, ProfileFields } from "../../participant/queries.ts";
import { type Contacts, LIMITS, type LookingFor, type Privacy, UpdateLookingForSchema, UpdateProfileSchema } from "../../participant/schemas.ts";
import { checkContacts, normaliseTags, SLUG_PATTERN, slugify } from "../../participant/validation.ts";
import type { ContactType, Lang, Tenant } from "../../tenancy/schema.ts";
import type { AvatarSpec } from "./avatar.ts";
import { EN_NAMES, feminineSurname, RU_NAMES } from "./names.ts";
import { Rng, stableMediaId } from "./random.ts";
import { type City, FLAVOURS, type Flavour, GENERIC_ANSWERS, type Topic } from "./vocabulary.ts";

/** Demo accounts live under this reserved domain: `<slug>@<community>.demo.tuesday.community`. */
export const DEMO_DOMAIN = "demo.tuesday.community";

export function demoEmailDomain(communityId: string): string {
  return `${communityId}.${DEMO_DOMAIN}`;
}

export type DemoTenant = Pick<Tenant, "id" | "config">;
export type DemoQuestions = { questions: QuestionRow[]; options: OptionRow[] };
export type DemoAnswer = { questionId: string; optionIds: string[]; text: string | null };

export type DemoMember = {
  index: number;
  email: string;
  lang: Lang;
  moderationStatus: ModerationStatus;
  /** When the member joined, as an offset back from the seeding time. */
  joinedDaysAgo: number;
  profile: ProfileFields;
  networkingEnabled: boolean;
  tutorialSeen: boolean;
  profileCompleted: boolean;
  avatar: AvatarSpec | null;
  answers: DemoAnswer[];
  /** Topic keys of the community's taxonomy picked as needs / offers (most members pick some). */
  topics: { needTopics: string[]; offerTopics: string[] };
};

/** The community taxonomy's key (tenant.json `topics`) for a demo vocabulary topic, where the names differ. */
const TAXONOMY_KEY: Record<string, string> = {
  ml: "data",
  international: "partnerships",
  backend: "engineering",
  rust: "engineering",
  databases: "data",
  infrastructure: "cloud",
  career: "careers",
  "open-source": "open_source",
};

/** How likely a member of the community lists each contact type (types the community does not use are never listed). */
const CONTACT_ODDS: Record<string, Partial<Record<ContactType, number>>> = {
  founders: { LINKEDIN: 0.88, FACEBOOK: 0.2, TELEGRAM: 0.55, EMAIL: 0.3, INSTAGRAM: 0.15, TWITTER: 0.3, CALENDLY: 0.18 },
  tochka: { TELEGRAM: 0.9, VK: 0.35, PHONE: 0.45, EMAIL: 0.2, LINKEDIN: 0.08 },
  devguild: { GITHUB: 0.93, LINKEDIN: 0.55, DISCORD: 0.4, TELEGRAM: 0.25, SLACK: 0.1, EMAIL: 0.2 },
  northbank: { TELEGRAM: 0.8, LINKEDIN: 0.6, PHONE: 0.4, EMAIL: 0.3 },
};

/** Option keys that a member's topics and tags point at, so answers agree with the profile. */
const ANSWER_HINTS: Record<string, string[]> = {
  fundraising: ["fundraising"],
  hiring: ["hiring"],
  sales: ["go-to-market", "services"],
  marketing: ["go-to-market"],
  product: ["product"],
  design: ["product"],
  legal: ["legal"],
  ml: ["ai", "it", "python"],
  fintech: ["fintech"],
  healthtech: ["health"],
  "climate tech": ["climate"],
  edtech: ["edtech", "education"],
  marketplaces: ["marketplace", "retail"],
  saas: ["saas", "it"],
  b2b: ["saas", "services"],
  d2c: ["consumer", "retail"],
  ритейл: ["retail"],
  "e-commerce": ["retail", "marketplace"],
  маркетплейсы: ["retail"],
  производство: ["manufacturing"],
  horeca: ["horeca"],
  строительство: ["other"],
  typescript: ["typescript"],
  react: ["typescript"],
  "node.js": ["typescript"],
  python: ["python"],
  go: ["go"],
  rust: ["rust"],
  java: ["jvm"],
  kotlin: ["jvm"],
  "c#": ["dotnet"],
  swift: ["swift"],
  ios: ["swift"],
  career: ["mentee", "mock-interview"],
  "open-source": ["side-project", "code-review"],
};

const LOOKING_FOR_CHOICES: LookingFor[] = ["LOOKING_FOR", "CAN_HELP_WITH", "NEED_HELP_WITH", "MEET_NEW_PEOPLE", "OPEN_TO_ANY"];

/** Phrases as one sentence: "A; b; c." (they contain "and" themselves, so no "and" between them). */
function sentence(parts: string[]): string {
  const joined = parts.join("; ");
  return `${joined.charAt(0).toUpperCase()}${joined.slice(1)}.`;
}

/** Latin letters and digits of a name, for handles: "Алёна Соколова" -> ["alena", "sokolova"]. */
function latinParts(first: string, last: string): [string, string] {
  const f = slugify(first).replace(/[^a-z0-9]/g, "") || "member";
  const l = slugify(last).replace(/[^a-z0-9]/g, "") || "demo";
  return [f, l];
}

class Handles {
  private used = new Map<ContactType, Set<string>>();

  /** A handle made of the name, unique per network in the community; `sep` joins the parts where the network allows it. */
  make(type: ContactType, rng: Rng, first: string, last: string, opts: { sep: string; max: number; min?: number }): string {
    let used = this.used.get(type);
    if (!used) {
      used = new Set();
      this.used.set(type, used);
    }
    const [f, l] = latinParts(first, last);
    const shapes = [`${f}${opts.sep}${l}`, `${f}${l}`, `${f.charAt(0)}${opts.sep}${l}`, `${f}${l.charAt(0)}`, `${l}${opts.sep}${f}`];
    let handle = rng.pick(shapes).slice(0, opts.max);
    if (rng.chance(0.25)) handle = `${handle.slice(0, opts.max - 2)}${rng.int(10, 99)}`;
    while (handle.length < (opts.min ?? 2)) handle += String(rng.int(0, 9));
    for (let n = 2; used.has(handle); n++) handle = `${handle.slice(0, opts.max - String(n).length)}${n}`;
    used.add(handle);
    return handle;
  }
}

function contactValue(type: ContactType, rng: Rng, handles: Handles, m: { first: string; last: string; email: string; lang: Lang }): string {
  switch (type) {
    case "EMAIL":
      return m.email;
    case "PHONE":
      // Ranges set aside for fiction where they exist (UK 07700 900xxx); plausible mobile numbers elsewhere.
      return m.lang === "ru" ? `+7 9${rng.int(10, 99)} ${rng.int(100, 999)}-${rng.int(10, 99)}-${rng.int(10, 99)}` : `+44 7700 900${rng.int(100, 999)}`;
    case "LINKEDIN":
      return `https://www.linkedin.com/in/${handles.make(type, rng, m.first, m.last, { sep: "-", max: 60, min: 3 })}`;
    case "TELEGRAM":
      return `@${handles.make(type, rng, m.first, m.last, { sep: "_", max: 32, min: 5 })}`;
    case "FACEBOOK":
      return `https://www.facebook.com/${handles.make(type, rng, m.first, m.last, { sep: ".", max: 50 })}`;
    case "INSTAGRAM":
      return `@${handles.make(type, rng, m.first, m.last, { sep: rng.pick([".", "_"]), max: 30 })}`;
    case "TWITTER":
      return `@${handles.make(type, rng, m.first, m.last, { sep: "_", max: 15 })}`;
    case "VK":
      return rng.chance(0.3) ? `https://vk.com/id${rng.int(1_000_000, 800_000_000)}` : `https://vk.com/${handles.make(type, rng, m.first, m.last, { sep: "_", max: 32 })}`;
    case "GITHUB":
      return `https://github.com/${handles.make(type, rng, m.first, m.last, { sep: "-", max: 39 })}`;
    case "DISCORD":
      return handles.make(type, rng, m.first, m.last, { sep: rng.pick([".", "_"]), max: 32 });
    case "SLACK":
      return `@${handles.make(type, rng, m.first, m.last, { sep: ".", max: 40 })}`;
    case "CALENDLY":
      return `https://calendly.com/${handles.make(type, rng, m.first, m.last, { sep: "-", max: 40 })}/${rng.pick(["30min", "intro", "coffee-chat"])}`;
  }
}

/** The member's interface language: mostly the community's own, some prefer the other one offered. */
function pickLanguage(rng: Rng, tenant: DemoTenant): Lang {
  const other = tenant.config.langChoices.find((l) => l !== tenant.config.lang);
  return other && rng.chance(0.12) ? other : tenant.config.lang;
}

/** Years of experience implied by a job title, as the devguild question's option keys. */
function seniorityHint(position: string): string {
  if (/junior/i.test(position)) return "0-2";
  if (/staff|principal|cto/i.test(position)) return "10-plus";
  if (/senior|manager/i.test(position)) return "5-10";
  return "2-5";
}

function fill(template: string, vars: { company: string; position: string }): string {
  return template.replaceAll("{company}", vars.company).replaceAll("{position}", vars.position);
}

function answersFor(rng: Rng, q: DemoQuestions, flavour: Flavour, lang: Lang, hints: Set<string>): DemoAnswer[] {
  const out: DemoAnswer[] = [];
  const words = (key: string): string => {
    const text = rng.pick(flavour.answers[key]?.[lang] ?? GENERIC_ANSWERS[lang]);
    return [...text].slice(0, FREE_TEXT_LIMIT - 1).join("");
  };
  for (const question of q.questions) {
    if (!question.visible) continue;
    if (!question.required && rng.chance(question.type === "TEXT" ? 0.3 : 0.12)) continue;
    if (question.type === "TEXT") {
      out.push({ questionId: question.id, optionIds: [], text: words(question.key) });
      continue;
    }
    const options = q.options.filter((o) => o.questionId === question.id && o.visible && o.active);
    const predefined = options.filter((o) => o.type === "PREDEFINED");
    const free = options.filter((o) => o.type === "FREE_TEXT");
    const hinted = rng.sample(
      predefined.filter((o) => hints.has(o.key)),
      3,
    );
    const max = question.type === "RADIO" ? 1 : Math.min(question.maxChoices ?? options.length, 3);
    const count = rng.int(1, max);
    const chosen: OptionRow[] = [];
    for (const o of hinted) if (chosen.length < count && rng.chance(0.75)) chosen.push(o);
    for (const o of rng.sample(predefined, predefined.length)) if (chosen.length < count && !chosen.includes(o)) chosen.push(o);
    // "Other, please describe" now and then, in place of the last pick.
    const other = free.length && rng.chance(0.07) ? rng.pick(free) : undefined;
    if (other) chosen.splice(Math.max(0, chosen.length - 1), 1, other);
    if (!chosen.length) continue;
    out.push({ questionId: question.id, optionIds: chosen.map((o) => o.id), text: other ? words(`${question.key}.other`) : null });
  }
  return out;
}

function assertValid(member: DemoMember, tenant: DemoTenant): void {
  const p = member.profile;
  const problems: string[] = [];
  const profile = UpdateProfileSchema.safeParse({
    firstName: p.firstName,
    lastName: p.lastName,
    phone: p.phone,
    company: p.company,
    position: p.position,
    about: p.about,
    goal: p.goal,
    city: p.city,
    shareLocation: p.shareLocation,
    latitude: p.latitude,
    longitude: p.longitude,
    tags: p.tags,
    contacts: p.contacts,
    privacy: p.privacy,
    hiddenContacts: p.hiddenContacts,
    slug: p.slug,
    language: p.language ?? undefined,
  });
  if (!profile.success) problems.push(profile.error.message);
  const lookingFor = UpdateLookingForSchema.safeParse({ lookingFor: p.lookingFor, lookingForText: p.lookingForText, canHelpWithText: p.canHelpWithText });
  if (!lookingFor.success) problems.push(lookingFor.error.message);
  if (!SLUG_PATTERN.test(p.slug)) problems.push(`slug ${p.slug}`);
  const contacts = checkContacts({}, p.contacts, tenant.config);
  if (Object.keys(contacts.errors).length) problems.push(JSON.stringify(contacts.errors));
  if (JSON.stringify(normaliseTags(p.tags)) !== JSON.stringify(p.tags) || p.tags.length > LIMITS.tags) problems.push(`tags ${p.tags.join(",")}`);
  if (problems.length) throw new Error(`demo member ${tenant.id}#${member.index} (${p.firstName} ${p.lastName}) is invalid: ${problems.join("; ")}`);
}

/**
 * The first `count` demo members of a community, the same on every call: member `i` comes from a
 * PRNG seeded with "<community>:<i>", slugs and handles are made unique in index order. Every
 * profile is checked with the participant module's own rules (a broken word list fails loudly).
 */
export function generateMembers(tenant: DemoTenant, questions: DemoQuestions, count: number): DemoMember[] {
  const flavour = FLAVOURS[tenant.id];
  if (!flavour) throw new Error(`no demo vocabulary for community ${tenant.id}`);
  const slugs = new Set<string>();
  const handles = new Handles();
  const members: DemoMember[] = [];
  const { primaryColor, accentColor } = tenant.config.brandConfig;

  for (let index = 0; index < count; index++) {
    const rng = new Rng(`${tenant.id}:${index}`);
    // Names and texts are in the community's language, except for the share who write in the other one.
    const other = tenant.config.langChoices.find((l) => l !== tenant.config.lang);
    const lang: Lang = other && rng.chance(flavour.otherLanguageShare) ? other : tenant.config.lang;
    const language = lang === tenant.config.lang ? pickLanguage(rng, tenant) : lang;
    const female = rng.chance(0.5);
    const names = lang === "ru" ? RU_NAMES : EN_NAMES;
    const firstName = rng.pick(female ? names.female : names.male);
    const surname = rng.pick(names.last);
    const lastName = lang === "ru" && female ? feminineSurname(surname) : surname;

    let base = slugify(`${firstName} ${lastName}`);
    if (!SLUG_PATTERN.test(base)) base = `member-${index + 1}`;
    let slug = base;
    for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
    slugs.add(slug);
    const email = `${slug}@${demoEmailDomain(tenant.id)}`;

    const company = rng.pick(flavour.companies[lang]);
    const position = rng.weighted(Object.fromEntries(flavour.positions[lang].map((p) => [p.title, p.weight])));
    const topics = rng.sample(flavour.topics, flavour.topics.length);
    const needs: Topic[] = topics.slice(0, rng.int(1, 2));
    const offers: Topic[] = topics.slice(needs.length, needs.length + rng.int(1, 3));

    // A few never finished onboarding: no looking-for choices yet.
    const unfinished = rng.chance(0.05);
    const lookingFor = unfinished ? [] : rng.sample(LOOKING_FOR_CHOICES, rng.int(1, 3));
    if (!unfinished && rng.chance(0.03)) lookingFor.push("OTHER");
    const needPhrases = needs.map((tp) => rng.pick(tp.need[lang]));
    const offerPhrases = offers.map((tp) => rng.pick(tp.offer[lang]));
    const lookingForText = unfinished || rng.chance(0.08) ? null : sentence(needPhrases);
    const canHelpWithText = unfinished || rng.chance(0.1) ? null : sentence(offerPhrases);

    const tags = normaliseTags([
      ...offers.flatMap((tp) => rng.sample(tp.tags[lang], rng.int(1, 2))),
      ...needs.flatMap((tp) => rng.sample(tp.tags[lang], rng.int(0, 1))),
      ...rng.sample(flavour.extraTags[lang], rng.int(1, 3)),
    ]).slice(0, 10);

    const aboutParts = flavour.about[lang];
    const aboutRequired = tenant.config.stepsConfig.about;
    const about =
      unfinished || (!aboutRequired && rng.chance(0.2))
        ? null
        : [rng.pick(aboutParts.opening), rng.pick(aboutParts.middle), rng.pick(aboutParts.closing)]
            .map((s) => fill(s, { company, position }))
            .filter(Boolean)
            .join(" ");
    const goal = rng.chance(0.45) ? rng.pick(flavour.goals[lang]) : null;

    const city: City | undefined = rng.chance(0.93) ? rng.pick(flavour.cities) : undefined;
    const shareLocation = city !== undefined && rng.chance(0.7);
    // A little spread, so members of one city are not a single pin on the map.
    const jitter = () => Math.round((rng.next() - 0.5) * 0.08 * 10_000) / 10_000;
    const latitude = city && shareLocation ? Math.round((city.lat + jitter()) * 10_000) / 10_000 : null;
    const longitude = city && shareLocation ? Math.round((city.lon + jitter()) * 10_000) / 10_000 : null;

    const config = tenant.config;
    const odds = CONTACT_ODDS[tenant.id] ?? {};
    const raw: Partial<Record<ContactType, string>> = {};
    const who = { first: firstName, last: lastName, email, lang };
    for (const type of config.contactsConfig) if (rng.chance(odds[type] ?? 0.15)) raw[type] = contactValue(type, rng, handles, who);
    const required = config.requiredContacts.filter((type) => config.contactsConfig.includes(type));
    if (config.stepsConfig.contacts && required.filter((type) => raw[type] !== undefined).length < Math.min(config.requiredContactsMin, required.length)) {
      const type = rng.pick(required);
      raw[type] = contactValue(type, rng, handles, who);
    }
    const checked = checkContacts({}, raw, config);
    const contacts: Contacts = checked.contacts;
    const present = Object.keys(contacts) as ContactType[];

    let privacy: Privacy = rng.weighted({ NONE: 75, CUSTOM: 18, PRIVATE: 7 });
    let hiddenContacts: ContactType[] = [];
    if (privacy === "CUSTOM") {
      // Hide one or two of the contacts actually given, the phone first: what people really do.
      const first: ContactType[] = present.includes("PHONE") ? ["PHONE"] : [];
      const others = rng.sample(
        present.filter((type) => type !== "PHONE"),
        2,
      );
      hiddenContacts = [...first, ...others].slice(0, present.length > 3 ? 2 : 1);
      if (!hiddenContacts.length || hiddenContacts.length >= present.length) {
        privacy = "NONE";
        hiddenContacts = [];
      }
    }

    const initials = `${[...firstName][0] ?? ""}${[...lastName][0] ?? ""}`.toUpperCase();
    const avatar: AvatarSpec | null = rng.chance(0.85)
      ? {
          // Everything the picture depends on is in its id: /media files are cached as immutable.
          mediaId: stableMediaId(`${tenant.id}:${index}:${initials}:${primaryColor}:${accentColor}`),
          initials,
          primary: primaryColor,
          accent: accentColor,
          seed: `${tenant.id}:${index}:avatar`,
        }
      : null;

    const profile: ProfileFields = {
      slug,
      firstName,
      lastName,
      phone: contacts.PHONE ?? null,
      company,
      position,
      about,
      lookingFor,
      lookingForText,
      canHelpWithText,
      goal,
      city: city ? city.name[lang] : null,
      shareLocation,
      latitude,
      longitude,
      contacts,
      privacy,
      hiddenContacts,
      tags,
      language,
    };
    const completion = computeCompletion({ ...profile, avatar: avatar ? {} : null }, config);
    const hints = new Set(
      [...needs, ...offers]
        .map((tp) => tp.key)
        .concat(tags.map((tag) => tag.toLowerCase()), seniorityHint(position))
        .flatMap((k) => [k, ...(ANSWER_HINTS[k] ?? [])]),
    );
    const member: DemoMember = {
      index,
      email,
      lang: language,
      moderationStatus: config.moderationRequired ? rng.weighted({ confirmed: 85, pending: 12, rejected: 3 }) : "confirmed",
      joinedDaysAgo: rng.int(0, 540) + rng.next(),
      profile,
      networkingEnabled: rng.chance(0.95),
      tutorialSeen: rng.chance(0.9),
      profileCompleted: completion.completed,
      avatar,
      answers: answersFor(rng, questions, flavour, lang, hints),
      topics: { needTopics: [], offerTopics: [] },
    };
    assertValid(member, tenant);
    // Picks come from a generator of their own, so every other field stays what it was before topics existed.
    const pickRng = new Rng(`${tenant.id}:${index}:topics`);
    const taxonomy = new Set((tenant.config.topics ?? []).map((t) => t.key));
    const asKeys = (list: Topic[]) => [...new Set(list.map((tp) => TAXONOMY_KEY[tp.key] ?? tp.key))].filter((k) => taxonomy.has(k));
    member.topics = unfinished || !pickRng.chance(0.75) ? { needTopics: [], offerTopics: [] } : { needTopics: asKeys(needs), offerTopics: asKeys(offers) };
    members.push(member);
  }
  return members;
}
