import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Avatar } from "../profile/controls.tsx";
import { LockIcon, PinIcon } from "../../ui/icons.tsx";
import { avatarUrl, fullName, initials } from "../profile/model.ts";
import { useAvatarSize } from "../participants/model.ts";
import { ContactList } from "../public-profile/contact-list.tsx";
import type { MemberCard } from "./model.ts";

/** A member's head: photo, name (a link to the full profile), position and company, city. */
export function MemberHead({ card, size, level = 2 }: { card: MemberCard; size: number; level?: 2 | 3 }) {
  const { t } = useTranslation("matching");
  const avatarSize = useAvatarSize();
  const name = fullName(card);
  const place = [card.position, card.company].filter(Boolean).join(" · ");
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className="match-head">
      <Avatar url={avatarUrl(card.avatar, avatarSize)} name={name} initials={initials(card)} size={size} />
      <div className="member-head">
        <Heading className="member-name">
          <Link to="/u/$slug" params={{ slug: card.slug }} title={t("card.openProfile", { name })}>
            {name}
          </Link>
        </Heading>
        {place ? <p className="member-place">{place}</p> : null}
        {card.city ? (
          <p className="member-city">
            <PinIcon size={14} /> {card.city}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function TagChips({ tags, max = 8 }: { tags: readonly string[]; max?: number }) {
  const { t } = useTranslation("matching");
  if (tags.length === 0) return null;
  return (
    <ul className="chips chips-small" aria-label={t("card.tags")}>
      {tags.slice(0, max).map((tag) => (
        <li key={tag} className="chip">
          {tag}
        </li>
      ))}
      {tags.length > max ? <li className="chip chip-more">+{tags.length - max}</li> : null}
    </ul>
  );
}

/**
 * The contacts exactly as the server returned them; when my own profile is incomplete the server
 * sends none (contactsLocked, spec 4.6) and this says how to unlock them.
 */
export function MemberContacts({ card }: { card: MemberCard }) {
  const { t } = useTranslation("matching");
  if (card.contactsLocked) {
    return (
      <p className="contacts-locked" data-testid="contacts-locked">
        <LockIcon size={14} /> {t("card.contactsLocked")}{" "}
        <Link to="/profile" className="btn-link">
          {t("card.completeProfile")}
        </Link>
      </p>
    );
  }
  return (
    <>
      <ContactList contacts={card.contacts} phone={card.phone} />
      {card.hasHiddenContacts ? <p className="muted small">{t("card.hiddenContacts")}</p> : null}
    </>
  );
}
