/**
 * What the encoder reads of a member's text. The built-in encoder reads English: Russian (and
 * mixed) text goes through the bilingual bridge (encoder/bilingual.ts: glossary, stems, loanword
 * transliteration) first. An external encoder (EMBEDDINGS_URL) reads the member's own words: a
 * multilingual model needs no bridge.
 */
import { toEncoderText as bridge } from "../encoder/bilingual.ts";
import type { Encoder, ToEncoderText } from "../encoder/index.ts";
import { identityText } from "../encoder/index.ts";

export const toEncoderText: ToEncoderText = (text, lang) => bridge(text, lang);

/** The text preparation for `encoder`: the bridge for an English-only encoder, none otherwise. */
export function encoderTextFor(encoder: Encoder): ToEncoderText {
  return encoder.languages && !encoder.languages.includes("ru") ? toEncoderText : identityText;
}
