// Fingerprints without photos, for the 1:N benchmarks and the index's tests:
// the word ends of a
// scroll straight from the synthetic generator's hand model (no rendering, no
// camera), normalised into the canonical page by the engine's own
// normaliseWordEnds, as a photo's are. A registration photo of a generated
// scroll and that scroll's hand-model fingerprint agree at similarity 0.6–0.9,
// other scrolls stay below 0.25 (test/scenes/hand-fingerprints.test.ts): these
// are realistic registrations.
//
// A million real hand-model scrolls would take an hour to generate here, so the
// large sizes use composites: a pool of real hand-model scrolls per scribe, and
// each composite takes every line from one of its scribe's pool scrolls, chosen
// by a hash. Lines keep the hand's local statistics (what the index hashes)
// and scribe-level habits; combinations never repeat in practice (pool^22).
import { encodeFingerprint, type ScrollPoints } from '../../src/engine/fingerprint.ts';
import type { WordEnd } from '../../src/engine/recognise-layout.ts';
import { normaliseWordEnds } from '../../src/engine/page-map.ts';
import { TEMPLATE_LINES, WORD_END_COUNT } from '../../src/engine/template.ts';
import { deriveSeed, makeScribe, makeScroll, type Scroll } from '../synth/index.ts';

/** A scroll's word ends from its hand model, in the canonical page. */
export function handPoints(scroll: Scroll): ScrollPoints {
  const ends: WordEnd[] = [];
  let word = -1;
  let current = '';
  let right = 0;
  let left = 0;
  let ySum = 0;
  let letters = 0;
  const flush = () => {
    if (word < 0) return;
    // Reading start is the word's right edge; its end, the left edge.
    ends.push({ key: 2 * word, x: right, y: ySum / letters }, { key: 2 * word + 1, x: left, y: ySum / letters });
  };
  for (const l of scroll.letters) {
    const id = `${l.line}:${l.word}`;
    if (id !== current) {
      flush();
      word++;
      current = id;
      right = -Infinity;
      left = Infinity;
      ySum = 0;
      letters = 0;
    }
    right = Math.max(right, l.box.x + l.box.width);
    left = Math.min(left, l.box.x);
    ySum += l.cy;
    letters++;
  }
  flush();
  if (ends.length !== WORD_END_COUNT) throw new Error(`expected ${WORD_END_COUNT} word ends, got ${ends.length}`);
  const points = normaliseWordEnds(ends);
  if (!points) throw new Error('hand-model word ends do not fit the template');
  return points;
}

/** Word-end indices of each line, in text order. */
const LINE_KEYS = TEMPLATE_LINES.map((line) => line.flatMap((w) => [2 * w.id, 2 * w.id + 1]));

export type CompositeSource = { fingerprint(index: number): Uint8Array };

/** `scribes` × `perScribe` real hand-model scrolls, then composites of their lines. */
export function compositeSource(seed: number, scribes: number, perScribe: number): CompositeSource {
  const pool: Float32Array[][] = [];
  for (let s = 0; s < scribes; s++) {
    const scribe = makeScribe(deriveSeed(seed, 'scribe', s));
    const scrolls: Float32Array[] = [];
    for (let k = 0; k < perScribe; k++) {
      const p = handPoints(makeScroll(scribe, deriveSeed(seed, 'scroll', s, k)));
      const xy = new Float32Array(2 * WORD_END_COUNT);
      for (let i = 0; i < p.keys.length; i++) {
        xy[2 * p.keys[i]] = p.xs[i];
        xy[2 * p.keys[i] + 1] = p.ys[i];
      }
      scrolls.push(xy);
    }
    pool.push(scrolls);
  }
  const keys = Uint16Array.from({ length: WORD_END_COUNT }, (_, k) => k);
  return {
    fingerprint(index) {
      const scrolls = pool[index % scribes];
      const xs = new Float32Array(WORD_END_COUNT);
      const ys = new Float32Array(WORD_END_COUNT);
      LINE_KEYS.forEach((lineKeys, line) => {
        const from = scrolls[(deriveSeed(seed, 'composite', index, line) >>> 0) % perScribe];
        for (const k of lineKeys) {
          xs[k] = from[2 * k];
          ys[k] = from[2 * k + 1];
        }
      });
      return encodeFingerprint({ keys, xs, ys });
    },
  };
}

/** What fillRegistry files scrolls into: a SearchIndex, or a test's recorder. */
export type Registry = { add(id: string, fingerprint: Uint8Array): void; readonly size: number };

/**
 * Fills `registry` up to `size` scrolls: the `registrations` spread evenly
 * among the source's composites (ids d0, d1, ...). Not filed first: the index
 * ranks scrolls with equal votes in the order they were added, and
 * registrations filed before every distractor won all such ties. At 10,000
 * registered, the report set's phone photos found their scroll 195 / 194 / 194
 * times of 200 with its registrations filed first / spread / last, the tune
 * set's 397 / 396 / 394 of 400.
 */
export function fillRegistry<R extends Registry>(
  registry: R,
  registrations: readonly { readonly id: string; readonly fingerprint: Uint8Array }[],
  source: CompositeSource,
  size: number,
): R {
  const every = Math.max(1, Math.floor(size / Math.max(1, registrations.length)));
  let next = 0;
  for (let i = 0; registry.size < size; i++) {
    if (i % every === 0 && next < registrations.length) {
      registry.add(registrations[next].id, registrations[next].fingerprint);
      next++;
    }
    if (registry.size < size - (registrations.length - next)) registry.add(`d${i}`, source.fingerprint(i));
  }
  return registry;
}
