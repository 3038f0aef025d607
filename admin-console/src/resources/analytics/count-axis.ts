/**
 * The value axis of a chart of counts, computed here rather than by the chart: from 0 to a whole
 * number at least 1 (an all-zero series too), whole-number ticks given explicitly (at most six),
 * labels printed as integers. The chart's own tick search is never asked for a minimum step, which
 * on an empty domain (all zeros) looped without end, and its own labels ("0.25") could be cut to
 * "0.0…" by the axis width.
 */

/** Ticks from 0 up to the axis maximum in one whole step of 1, 2 or 5 times a power of ten. */
export function countTicks(values: readonly (number | null | undefined)[]): number[] {
  const top = Math.max(1, Math.ceil(Math.max(0, ...values.map((v) => (typeof v === "number" && Number.isFinite(v) ? v : 0)))));
  const rough = top / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power);
  const max = Math.ceil(top / step) * step;
  const ticks: number[] = [];
  for (let t = 0; t <= max; t += step) ticks.push(t);
  return ticks;
}

/** An axis config for counts: fixed domain from 0, explicit whole ticks, integer labels. */
export function countAxis(values: readonly (number | null | undefined)[]) {
  const ticks = countTicks(values);
  return {
    min: 0,
    max: ticks[ticks.length - 1] ?? 1,
    tickInterval: ticks,
    valueFormatter: (value: number | null) => (value === null ? "" : String(Math.round(value))),
  };
}

/** The same as a y axis, with room for its labels. */
export function countYAxis(values: readonly (number | null | undefined)[]) {
  return { ...countAxis(values), width: 48 };
}
