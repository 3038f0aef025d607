import type { FieldErrors } from "../lib/errors.ts";
import { CONTACT_TYPES, type ContactType, type TenantConfig } from "../tenancy/schema.ts";
import { LIMITS, type Contacts } from "./schemas.ts";
import { transliterate } from "../lib/transliterate.ts";

export const MESSAGES = {
  required: "This contact is required",
  invalid: "Invalid format",
  duplicate: "This contact duplicates another contact",
  notAccepted: "This contact type is not used in this community",
  linkedin: "Enter the LinkedIn username or an address starting with https://www.linkedin.com/in/",
  linkedinUrl: "The link must start with https://www.linkedin.com/in/ followed by the username",
  phone: "Use the international format, e.g. +15551234567",
  tooLong: `Must be at most ${LIMITS.contact} characters`,
} as const;

type Normaliser = (raw: string) => string | undefined;

/** Strips the scheme, "www." and a trailing slash, query or fragment from a link-like input. */
function bareLink(raw: string): string {
  return raw
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/^www\./i, "")
    .replace(/[?#].*$/, "")
    .replace(/\/+$/, "");
}

/**
 * A handle ("@name" or "name") or a link on one of `hosts` ("host/name"), as the canonical URL
 * `base + name`. `pattern` is the handle's shape.
 */
function handleOrLink(hosts: string[], base: string, pattern: RegExp): Normaliser {
  return (raw) => {
    const value = raw.trim();
    const bare = bareLink(value);
    const lower = bare.toLowerCase();
    for (const host of hosts) {
      if (lower.startsWith(`${host}/`)) {
        const name = bare.slice(host.length + 1);
        return pattern.test(name) ? base + name : undefined;
      }
    }
    if (/[/:.]/.test(value.replace(/^@/, "")) && !pattern.test(value.replace(/^@/, ""))) return undefined;
    const handle = value.replace(/^@/, "");
    return pattern.test(handle) ? base + handle : undefined;
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function normalisePhone(raw: string): string | undefined {
  const compact = raw.trim().replace(/[\s().-]/g, "");
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : undefined;
}

/** A LinkedIn profile address only, normalised to https://www.linkedin.com/in/<username> (the profile search takes no bare name). */
export function normaliseLinkedInUrl(raw: string): string | undefined {
  const m = /^(?:https?:\/\/)?(?:(?:www|[a-z]{2})\.)?linkedin\.com\/in\/([A-Za-z0-9_%.-]{2,100})\/?(?:[?#].*)?$/i.exec(raw.trim());
  return m?.[1] ? `https://www.linkedin.com/in/${m[1]}` : undefined;
}

/** A profile address or a bare username ("jane-doe", "@jane-doe"); stored as the full profile address (spec 5). */
export function normaliseLinkedIn(raw: string): string | undefined {
  const username = /^@?([A-Za-z0-9_-][A-Za-z0-9_.-]{1,99})$/.exec(raw.trim())?.[1];
  return normaliseLinkedInUrl(raw) ?? (username ? `https://www.linkedin.com/in/${username}` : undefined);
}

const NORMALISERS: Record<ContactType, Normaliser> = {
  EMAIL: (raw) => (EMAIL.test(raw.trim()) ? raw.trim() : undefined),
  PHONE: normalisePhone,
  LINKEDIN: normaliseLinkedIn,
  TELEGRAM: handleOrLink(["t.me", "telegram.me"], "https://t.me/", /^[A-Za-z][A-Za-z0-9_]{3,31}$/),
  GITHUB: handleOrLink(["github.com"], "https://github.com/", /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/),
  TWITTER: handleOrLink(["x.com", "twitter.com"], "https://x.com/", /^[A-Za-z0-9_]{1,15}$/),
  INSTAGRAM: handleOrLink(["instagram.com"], "https://www.instagram.com/", /^[A-Za-z0-9._]{1,30}$/),
  FACEBOOK: (raw) => {
    const id = /^(?:https?:\/\/)?(?:www\.|m\.)?(?:facebook|fb)\.com\/profile\.php\?id=(\d{5,20})/i.exec(raw.trim());
    if (id?.[1]) return `https://www.facebook.com/profile.php?id=${id[1]}`;
    return handleOrLink(["facebook.com", "fb.com", "m.facebook.com"], "https://www.facebook.com/", /^[A-Za-z0-9.]{2,50}$/)(raw);
  },
  VK: handleOrLink(["vk.com", "m.vk.com"], "https://vk.com/", /^[A-Za-z0-9_.]{2,64}$/),
  CALENDLY: (raw) => {
    const m = /^(?:https?:\/\/)?(?:www\.)?calendly\.com\/([A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)\/?$/i.exec(raw.trim());
    return m?.[1] ? `https://calendly.com/${m[1]}` : undefined;
  },
  SLACK: (raw) => {
    const value = raw.trim();
    if (/^https:\/\/[a-z0-9-]+\.slack\.com\/\S{1,150}$/i.test(value)) return value;
    return /^@?[A-Za-z0-9._-]{1,80}$/.test(value) ? value.replace(/^@/, "") : undefined;
  },
  DISCORD: (raw) => {
    const value = raw.trim().replace(/^@/, "");
    if (/^[a-z0-9_.]{2,32}$/.test(value.toLowerCase())) return value.toLowerCase();
    return /^[^#@:\s]{2,32}#\d{4}$/.test(value) ? value : undefined;
  },
};

/** One contact value in its canonical form, or undefined when its format is invalid. */
export function normaliseContact(type: ContactType, raw: string): string | undefined {
  if (raw.length > LIMITS.contact) return undefined;
  return NORMALISERS[type](raw);
}

export type ContactsCheck = { contacts: Contacts; errors: FieldErrors };

/**
 * Merges `changes` into `current` and checks the result against the community's contact rules
 * (spec 5): accepted types, format per type, no duplicates and, when the contacts step is shown,
 * at least `requiredContactsMin` of `requiredContacts`. Errors are keyed `contacts.<TYPE>`.
 */
export function checkContacts(
  current: Contacts,
  changes: Partial<Record<ContactType, string | null>>,
  config: Pick<TenantConfig, "contactsConfig" | "requiredContacts" | "requiredContactsMin" | "stepsConfig">,
): ContactsCheck {
  const errors: FieldErrors = {};
  const merged: Contacts = { ...current };
  for (const type of CONTACT_TYPES) {
    if (!(type in changes)) continue;
    const raw = changes[type];
    if (raw === null || raw === undefined || raw.trim() === "") {
      delete merged[type];
      continue;
    }
    if (!config.contactsConfig.includes(type)) {
      errors[`contacts.${type}`] = MESSAGES.notAccepted;
      continue;
    }
    if (raw.trim().length > LIMITS.contact) {
      errors[`contacts.${type}`] = MESSAGES.tooLong;
      continue;
    }
    const value = normaliseContact(type, raw);
    if (value === undefined) {
      errors[`contacts.${type}`] = type === "LINKEDIN" ? MESSAGES.linkedin : type === "PHONE" ? MESSAGES.phone : MESSAGES.invalid;
      continue;
    }
    merged[type] = value;
  }

  const seen = new Map<string, ContactType>();
  for (const type of CONTACT_TYPES) {
    const value = merged[type];
    if (value === undefined) continue;
    const key = value.toLowerCase();
    if (seen.has(key) && !errors[`contacts.${type}`]) errors[`contacts.${type}`] = MESSAGES.duplicate;
    else seen.set(key, type);
  }

  if (config.stepsConfig.contacts) {
    const required = config.requiredContacts.filter((t) => config.contactsConfig.includes(t));
    const min = Math.min(config.requiredContactsMin, required.length);
    const given = required.filter((t) => merged[t] !== undefined);
    if (given.length < min) {
      if (min === required.length) {
        for (const t of required) if (merged[t] === undefined && !errors[`contacts.${t}`]) errors[`contacts.${t}`] = MESSAGES.required;
      } else {
        errors.contacts = `At least ${min} of ${required.join(", ")} must be given`;
      }
    }
  }
  return { contacts: merged, errors };
}

const DROPPED_TAGS = new Set(["other", "другое"]);
const ELLIPSIS = "…";

/**
 * Tags as the spec wants them (section 3): trimmed, "Other" dropped, longer than 50 characters
 * cut to 47 plus an ellipsis, deduplicated case-insensitively (first spelling wins).
 */
export function normaliseTags(input: string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of input) {
    let tag = raw.trim().replace(/\s+/g, " ");
    if (!tag || DROPPED_TAGS.has(tag.toLowerCase())) continue;
    const chars = [...tag];
    if (chars.length > LIMITS.tag) tag = `${chars.slice(0, LIMITS.tag - 3).join("")}${ELLIPSIS}`;
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/;
export const SLUG_MESSAGE = "3 to 60 lowercase letters, digits and hyphens, not starting or ending with a hyphen";


/** "Анна Иванова" -> "anna-ivanova", "José Núñez" -> "jose-nunez"; "" when nothing usable is left. */
export function slugify(text: string): string {
  return transliterate(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/, "");
}
