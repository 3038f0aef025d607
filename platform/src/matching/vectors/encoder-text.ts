/**
 * What the encoder reads of a member's text. The built-in encoder reads English; Russian text is
 * plugged through the bilingual module here once it exists (encoder/bilingual.ts). Until then the
 * member's own words go in as they are.
 */
import type { ToEncoderText } from "../encoder/index.ts";
import { identityText } from "../encoder/index.ts";

export const toEncoderText: ToEncoderText = identityText;
