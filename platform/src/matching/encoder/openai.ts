/**
 * A client for any OpenAI-compatible `POST {url}/v1/embeddings` server (Ollama, Hugging Face
 * text-embeddings-inference, a hosted API), for operators who want a multilingual model. The width
 * is learnt from the first answer; the stored vectors carry `openai:<model>` as their model id.
 */
import type { Encoder } from "./types.ts";
import { normalize } from "./types.ts";

export type OpenAiEncoderOptions = {
  /** Base URL; `/v1/embeddings` is appended unless the URL already ends with `/embeddings`. */
  url: string;
  model: string;
  apiKey?: string | undefined;
  /** Texts per request. */
  batch?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export class EmbeddingsServerError extends Error {}

function endpoint(url: string): string {
  const base = url.replace(/\/+$/, "");
  if (base.endsWith("/embeddings")) return base;
  return base.endsWith("/v1") ? `${base}/embeddings` : `${base}/v1/embeddings`;
}

export function openAiEncoder(opts: OpenAiEncoderOptions): Encoder {
  const url = endpoint(opts.url);
  const doFetch = opts.fetch ?? fetch;
  const batch = opts.batch ?? 64;
  let dim = 0;
  const encoder: Encoder = {
    id: `openai:${opts.model}`,
    get dim() {
      return dim;
    },
    async embed(texts) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batch) {
        const input = texts.slice(i, i + batch).map((t) => t || " ");
        const res = await doFetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
          body: JSON.stringify({ model: opts.model, input }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
        });
        if (!res.ok) throw new EmbeddingsServerError(`embeddings server answered ${res.status}`);
        const body = (await res.json()) as { data?: { index?: number; embedding?: unknown }[] };
        const data = Array.isArray(body.data) ? body.data : [];
        if (data.length !== input.length) throw new EmbeddingsServerError(`embeddings server returned ${data.length} vectors for ${input.length} texts`);
        const rows = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
        for (const row of rows) {
          const e = row.embedding;
          if (!Array.isArray(e) || e.length === 0 || !e.every((x) => typeof x === "number" && Number.isFinite(x))) {
            throw new EmbeddingsServerError("embeddings server returned a malformed vector");
          }
          if (dim === 0) dim = e.length;
          if (e.length !== dim) throw new EmbeddingsServerError(`embeddings server changed width from ${dim} to ${e.length}`);
          out.push(normalize(Float32Array.from(e as number[])));
        }
      }
      return out;
    },
  };
  return encoder;
}
