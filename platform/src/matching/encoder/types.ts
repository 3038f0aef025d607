/**
 * A sentence encoder: texts in, one unit-length vector per text out. `id` names the model (its
 * vectors are stored under it, so a model switch is seen and re-embedded); `dim` is its width.
 */
export interface Encoder {
  readonly id: string;
  readonly dim: number;
  /**
   * The languages whose text it embeds meaningfully; absent: any. A text still in another language
   * after toEncoderText gets no vector (matching reads it through its words and the lexicon).
   */
  readonly languages?: readonly ("en" | "ru")[];
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** Scales `v` to unit length in place (a zero vector stays zero) and returns it. */
export function normalize(v: Float32Array): Float32Array {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += (v[i] as number) * (v[i] as number);
  if (s > 0) {
    const k = 1 / Math.sqrt(s);
    for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) * k;
  }
  return v;
}

/** Dot product of two vectors of the same width (the cosine when both are unit length). */
export function dotProduct(a: Float32Array, b: Float32Array): number {
  let s = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}
