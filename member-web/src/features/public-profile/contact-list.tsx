import { contactLabel } from "../profile/contact-label.ts";
import type { ContactType, Contacts } from "../profile/model.ts";

const ORDER: readonly ContactType[] = ["TELEGRAM", "LINKEDIN", "EMAIL", "PHONE", "FACEBOOK", "INSTAGRAM", "VK", "GITHUB", "TWITTER", "SLACK", "DISCORD", "CALENDLY"];

/** Only https links become links; e-mail and phone get their schemes; anything else is plain text. */
function hrefOf(type: ContactType, value: string): string | null {
  if (type === "EMAIL") return `mailto:${value}`;
  if (type === "PHONE") return `tel:${value}`;
  return /^https:\/\/[^\s]+$/i.test(value) ? value : null;
}

function display(value: string): string {
  return value.replace(/^https:\/\/(www\.)?/i, "").replace(/\/$/, "");
}

/** The contacts exactly as the server returned them for this viewer (privacy is the server's). */
export function ContactList({ contacts, phone }: { contacts: Contacts; phone?: string | null }) {
  const all: Contacts = { ...contacts };
  if (phone && !all.PHONE) all.PHONE = phone;
  const entries = ORDER.flatMap((type) => {
    const value = all[type];
    return value ? [{ type, value }] : [];
  });
  if (entries.length === 0) return null;
  return (
    <ul className="contact-list">
      {entries.map(({ type, value }) => {
        const href = hrefOf(type, value);
        return (
          <li key={type} data-contact={type}>
            <span className="contact-type">{contactLabel(type)}</span>
            {href ? (
              <a href={href} target={href.startsWith("https:") ? "_blank" : undefined} rel="noopener noreferrer nofollow">
                {display(value)}
              </a>
            ) : (
              <span>{value}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
