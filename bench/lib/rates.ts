// Error rates and their uncertainty, from labelled similarity scores.

/** A proportion with its 95% Wilson interval (honest at 0 of n and n of n). */
export type Rate = { readonly hits: number; readonly trials: number; readonly value: number; readonly low: number; readonly high: number };

export function rate(hits: number, trials: number): Rate {
  if (trials === 0) return { hits, trials, value: Number.NaN, low: Number.NaN, high: Number.NaN };
  const z = 1.96;
  const p = hits / trials;
  const d = 1 + (z * z) / trials;
  const centre = (p + (z * z) / (2 * trials)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials))) / d;
  return { hits, trials, value: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export function formatRate(r: Rate, digits = 2): string {
  if (r.trials === 0) return 'n/a (no trials)';
  const pct = (x: number) => `${(100 * x).toFixed(digits)}%`;
  return `${pct(r.value)} (${r.hits}/${r.trials}; 95% CI ${pct(r.low)}–${pct(r.high)})`;
}

/**
 * The lowest threshold whose false-match rate on `impostors` is at most `target`
 * (a pair matches when similarity >= threshold). With fewer than 1/target
 * impostor pairs no threshold can show that rate; the answer is then the lowest
 * threshold above every impostor, flagged.
 */
export function thresholdForFalseMatchRate(impostors: readonly number[], target: number): { threshold: number; resolvable: boolean } {
  const sorted = [...impostors].sort((a, b) => b - a);
  const allowed = Math.floor(target * sorted.length);
  // Strictly above the (allowed+1)-th highest impostor score.
  const above = sorted[allowed] ?? 0;
  return { threshold: Math.round((above + 1e-4) * 1e4) / 1e4, resolvable: sorted.length >= 1 / target };
}

/** Equal error rate: where the false non-match and false match rates cross. */
export function equalErrorRate(genuine: readonly number[], impostors: readonly number[]): { eer: number; threshold: number } {
  const g = [...genuine].sort((x, y) => x - y);
  const im = [...impostors].sort((x, y) => x - y);
  const candidates = [...new Set([...g, ...im, 1.0001])].sort((x, y) => x - y);
  let gi = 0; // genuine scores below t
  let ii = 0; // impostor scores below t
  let best = { eer: 1, threshold: 0, gap: Infinity };
  for (const t of candidates) {
    while (gi < g.length && g[gi] < t) gi++;
    while (ii < im.length && im[ii] < t) ii++;
    const fnmr = gi / g.length;
    const fmr = (im.length - ii) / im.length;
    const gap = Math.abs(fnmr - fmr);
    if (gap < best.gap) best = { eer: (fnmr + fmr) / 2, threshold: t, gap };
  }
  return { eer: best.eer, threshold: best.threshold };
}

/** `n` of `of` and its percentage, as the text benches print a count: "21/48 (43.8%)". */
export const percentOf = (n: number, of: number): string => (of === 0 ? 'n/a' : `${n}/${of} (${((100 * n) / of).toFixed(1)}%)`);

export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const pos = q * (s.length - 1);
  const lo = Math.floor(pos);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (pos - lo);
}

/** The largest value (-Infinity for none); a loop, as spreading 100,000+ scores into Math.max overflows the call stack. */
export function highest(values: readonly number[]): number {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  return max;
}
