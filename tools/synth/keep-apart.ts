// A text set's scroll must be clean wherever it does not say otherwise, and a
// scroll whose letters touch is not: a scribe who keeps every letter apart
// looks over what was written and, where two letters came too close, leaves
// more space between them (the same line) or writes the tall or the long
// letter a little shorter (a tail reaching the line below, a neck reaching the
// line above) and a little further along. Only text sets are written so; identification's scrolls keep
// the hand as it comes.

import { inkContacts } from './ink-contacts.ts';
import type { InkContact } from './ink-contacts.ts';
import type { Scribe } from './scribe.ts';
import { makeScroll } from './scroll.ts';
import type { Scroll } from './scroll.ts';
import type { TextError } from './text-errors.ts';

/** The least gap such a scribe leaves between letters, in letter heights: a visible hair (0.15 mm on a 3 mm letter), two pixels of a 3 MP registration photo. */
const CLEARANCE = 0.05;
/** Space added after a letter each time it comes too close to the next, in letter heights. */
const NUDGE_GAP = 0.05;
/** Factor on the height of letters of two lines that come too close, each time, down to MIN_HEIGHT at the most. */
const NUDGE_HEIGHT = 0.95;
const MIN_HEIGHT = 0.8;
/** A letter whose ink reaches this many letter heights or more is a long one (a tail below the line, a neck above it). */
const LONG_LETTER = 1.3;
/** Looks over the scroll at most this many times; what still touches then is reported. */
const ROUNDS = 10;

/** Pairs of positions (a < b) the scroll was asked to join: its touching errors. */
function joined(scroll: Scroll): Set<string> {
  return new Set((scroll.errors ?? []).filter((e) => e.error.kind === 'touching_letters').map((e) => `${Math.min(...e.letters)}:${Math.max(...e.letters)}`));
}

/**
 * The scroll `makeScroll(scribe, seed, errors)` would write, with letters
 * that came closer than CLEARANCE moved apart; `contacts` are the pairs whose
 * ink still meets after ROUNDS looks (besides the touching errors asked for).
 */
export async function writeApart(scribe: Scribe, seed: number, errors: readonly TextError[]): Promise<{ scroll: Scroll; contacts: InkContact[]; rounds: number }> {
  const clearances = new Map<number, { gapAfter: number; height: number }>();
  let scroll = makeScroll(scribe, seed, errors);
  const asked = joined(scroll);
  const unasked = (c: InkContact) => !asked.has(`${c.a}:${c.b}`);
  let rounds = 0;
  for (; rounds < ROUNDS; rounds++) {
    const close = (await inkContacts(scroll, CLEARANCE * scroll.letterHeightMm)).filter(unasked);
    if (close.length === 0) break;
    const nudge = (at: number, gapAfter: number, height: number) => {
      const c = clearances.get(at) ?? { gapAfter: 0, height: 1 };
      clearances.set(at, { gapAfter: c.gapAfter + gapAfter, height: Math.max(MIN_HEIGHT, c.height * height) });
    };
    for (const { a, b } of close) {
      if (scroll.letters[a].line === scroll.letters[b].line) {
        nudge(a, NUDGE_GAP, 1);
        continue;
      }
      // Letters of two lines: the long one is written shorter (both when neither is long), and the lower one a little further on.
      const long = [a, b].filter((k) => scroll.letters[k].box.height >= LONG_LETTER * scroll.letterHeightMm);
      for (const k of long.length > 0 ? long : [a, b]) nudge(k, 0, NUDGE_HEIGHT);
      if (b > 0 && scroll.letters[b - 1].line === scroll.letters[b].line) nudge(b - 1, NUDGE_GAP, 1);
    }
    scroll = makeScroll(scribe, seed, errors, clearances);
  }
  return { scroll, contacts: (await inkContacts(scroll)).filter(unasked), rounds };
}
