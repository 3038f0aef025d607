/**
 * What the encoder reads of a member: one text per field. The built-in encoder reads English, so a
 * Russian text goes through `toEncoderText` (the bilingual module, when present) first; an
 * external multilingual model reads the member's own words.
 */
export type MemberTextField = "need" | "offer" | "about";
export const MEMBER_TEXT_FIELDS: readonly MemberTextField[] = ["need", "offer", "about"];

export type EncoderLang = "en" | "ru";

/** Turns a member's text into what the encoder embeds. */
export type ToEncoderText = (text: string, lang: EncoderLang) => string;

export const identityText: ToEncoderText = (text) => text;

/** Cyrillic letters outnumber Latin ones: read as Russian whatever the member's language says. */
export function textLang(text: string, fallback: EncoderLang): EncoderLang {
  let cyr = 0;
  let lat = 0;
  for (const ch of text) {
    if (/[\u0400-\u04FF]/.test(ch)) cyr++;
    else if (/[A-Za-z]/.test(ch)) lat++;
  }
  if (cyr === 0 && lat === 0) return fallback;
  return cyr > lat ? "ru" : "en";
}

export type MemberTexts = {
  lookingFor: string;
  needHelpWith?: string | null | undefined;
  canHelpWith: string;
  about: string;
  position?: string | null | undefined;
};

/** The three texts of a member as the product reads them: the need, the offer and who they are. */
export function memberTexts(m: MemberTexts): Record<MemberTextField, string> {
  const join = (...parts: (string | null | undefined)[]) =>
    parts
      .map((p) => (p ?? "").trim())
      .filter((p) => p.length > 0)
      .join(". ");
  return {
    need: join(m.lookingFor, m.needHelpWith),
    offer: join(m.canHelpWith),
    about: join(m.position, m.about),
  };
}
