import { comparePoints, MATCH_THRESHOLD } from './compare.ts';
import { decodeFingerprint, type ScrollPoints } from './fingerprint.ts';
import { weightedLeastSquares } from './geometry.ts';
import { CANONICAL_X, CANONICAL_Y, WORD_END_COUNT } from './template.ts';

/** Candidates from the coarse scan that get the full point-for-point comparison. */
const SHORTLIST = 12;
const MIN_SIGNATURE_OVERLAP = 40;

/**
 * A fixed-length signature for the coarse scan: each word end's offset along its
 * line from the template after removing a smooth (quadratic) trend, so perspective and curl
 * left over by the page normalisation drop out and the hand's own drift stays.
 * Missing word ends are NaN.
 */
export function signatureOf(points: ScrollPoints): Float32Array {
  const sig = new Float32Array(WORD_END_COUNT).fill(Number.NaN);
  const n = points.keys.length;
  if (n < 10) return sig;
  const rows: number[][] = [];
  for (let i = 0; i < n; i++) {
    const k = points.keys[i];
    const x = CANONICAL_X[k];
    const y = CANONICAL_Y[k];
    rows.push([1, x, y, x * x, x * y, y * y]);
  }
  const cx = weightedLeastSquares(rows, points.xs, null, 6);
  if (!cx) return sig;
  for (let i = 0; i < n; i++) {
    let p = 0;
    for (let t = 0; t < 6; t++) p += cx[t] * rows[i][t];
    sig[points.keys[i]] = points.xs[i] - p;
  }
  return sig;
}

type Entry = { id: string; points: ScrollPoints; signature: Float32Array };

/**
 * The registry's in-memory 1:N index. A coarse scan over the signatures
 * shortlists candidates; each is then verified point for point. Scans every
 * entry, so its cost grows linearly with the registry.
 */
export class SearchIndex {
  #entries: Entry[] = [];
  #position = new Map<string, number>();

  get size(): number {
    return this.#entries.length;
  }

  add(id: string, fingerprint: Uint8Array): void {
    const points = decodeFingerprint(fingerprint);
    const entry = { id, points, signature: signatureOf(points) };
    const at = this.#position.get(id);
    if (at !== undefined) {
      this.#entries[at] = entry;
      return;
    }
    this.#position.set(id, this.#entries.length);
    this.#entries.push(entry);
  }

  remove(id: string): void {
    const at = this.#position.get(id);
    if (at === undefined) return;
    const last = this.#entries.pop()!;
    this.#position.delete(id);
    if (at < this.#entries.length) {
      this.#entries[at] = last;
      this.#position.set(last.id, at);
    }
  }

  /** The best-matching registered scroll, or null when none reaches the match threshold. */
  identify(fingerprint: Uint8Array): { scrollId: string; similarity: number } | null {
    const query = decodeFingerprint(fingerprint);
    const qs = signatureOf(query);
    const shortlist: { at: number; d: number }[] = [];
    for (let at = 0; at < this.#entries.length; at++) {
      const s = this.#entries[at].signature;
      let sum = 0;
      let common = 0;
      for (let k = 0; k < WORD_END_COUNT; k++) {
        const a = qs[k];
        const b = s[k];
        if (a === a && b === b) {
          sum += Math.abs(a - b);
          common++;
        }
      }
      if (common < MIN_SIGNATURE_OVERLAP) continue;
      const d = sum / common;
      if (shortlist.length < SHORTLIST) {
        shortlist.push({ at, d });
        shortlist.sort((p, q) => p.d - q.d);
      } else if (d < shortlist[SHORTLIST - 1].d) {
        shortlist[SHORTLIST - 1] = { at, d };
        shortlist.sort((p, q) => p.d - q.d);
      }
    }
    let best: { scrollId: string; similarity: number } | null = null;
    for (const { at } of shortlist) {
      const e = this.#entries[at];
      const similarity = comparePoints(query, e.points);
      if (similarity >= MATCH_THRESHOLD && (!best || similarity > best.similarity)) best = { scrollId: e.id, similarity };
    }
    return best;
  }
}
