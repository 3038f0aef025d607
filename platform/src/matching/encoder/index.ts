/**
 * Sentence encoders for matching: the built-in one (runs in-process from node_modules) or an
 * OpenAI-compatible embeddings server when the operator names one (EMBEDDINGS_URL).
 */
import { builtinEncoder } from "./builtin.ts";
import { openAiEncoder } from "./openai.ts";
import type { Encoder } from "./types.ts";

export { BUILTIN_ENCODER_ID, builtinEncoder } from "./builtin.ts";
export { EmbeddingsServerError, openAiEncoder } from "./openai.ts";
export type { OpenAiEncoderOptions } from "./openai.ts";
export { dotProduct, normalize } from "./types.ts";
export type { Encoder } from "./types.ts";
export { identityText, MEMBER_TEXT_FIELDS, memberTexts, textLang } from "./input.ts";
export type { EncoderLang, MemberTextField, MemberTexts, ToEncoderText } from "./input.ts";

export type EncoderConfig = { embeddingsUrl?: string | undefined; embeddingsModel?: string | undefined; embeddingsApiKey?: string | undefined };

/** The encoder the configuration names; unset: the built-in one. */
export function createEncoder(config: EncoderConfig): Encoder {
  if (config.embeddingsUrl) {
    return openAiEncoder({ url: config.embeddingsUrl, model: config.embeddingsModel ?? "default", apiKey: config.embeddingsApiKey });
  }
  return builtinEncoder();
}
