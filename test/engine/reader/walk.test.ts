import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ReadingBudget, walkReadings, type Opinion, type Reading, type ReadingContext, type ReadingName } from '../../../src/engine/reader/walk.ts';

// The loop alone, on readings that read nothing but a number: which ran, in
// which order, and what was kept. The clock is the test's, advanced by the
// readings themselves, so the CPU budget is tested without timing anything.

type Sut = ReadingContext<number> & { readonly ran: ReadingName[]; readonly text: boolean };

/** A reading that always applies, reads `value` (advancing the clock by `cost`), and is kept when larger. */
const reading = (name: ReadingName, value: number, options: { fallback?: boolean; cost?: number; clock?: { now: number } } = {}): Reading<Sut, number> => ({
  name,
  fallback: options.fallback ?? false,
  when: () => true,
  read: (c) => {
    c.ran.push(name);
    if (options.clock) options.clock.now += options.cost ?? 0;
    return value;
  },
  keep: (c, read) => read > c.kept,
});

function sutOf(budget: ReadingBudget, text = true): Sut & { opinions: Opinion[] } {
  const sut = { kept: 0, budget, opinions: [] as Opinion[], ran: [] as ReadingName[], text, showsText: () => sut.text };
  return sut;
}

const plenty = () => new ReadingBudget({ readings: 100, cpuMs: Infinity }, () => 0);

test('readings run in order, the first not logged as an opinion, and the larger kept', () => {
  const sut = sutOf(plenty());
  const kept = walkReadings([reading('half-size', 3), reading('full-size', 5), reading('faint-ink', 4)], sut);
  assert.equal(kept, 5);
  assert.deepEqual(sut.ran, ['half-size', 'full-size', 'faint-ink']);
  assert.deepEqual(sut.opinions, [{ name: 'full-size', taken: true }, { name: 'faint-ink', taken: true }]);
});

test('a reading the photo does not call for is passed over, and the loop goes on', () => {
  const sut = sutOf(plenty());
  const notCalledFor: Reading<Sut, number> = { ...reading('line-frame', 9), when: () => false };
  walkReadings([reading('half-size', 1), notCalledFor, reading('unveiled', 2)], sut);
  assert.deepEqual(sut.ran, ['half-size', 'unveiled']);
});

test('fallbacks are given up where the first reading showed no sign of the text, and read where it did', () => {
  const list = [reading('half-size', 1), reading('full-size', 2), reading('faint-ink', 3, { fallback: true }), reading('unveiled', 4, { fallback: true })];
  const without = sutOf(plenty(), false);
  assert.equal(walkReadings(list, without), 2);
  assert.deepEqual(without.ran, ['half-size', 'full-size']);
  assert.deepEqual(without.opinions, [{ name: 'full-size', taken: true }]);
  const withText = sutOf(plenty(), true);
  assert.equal(walkReadings(list, withText), 4);
  assert.deepEqual(withText.ran, ['half-size', 'full-size', 'faint-ink', 'unveiled']);
});

test('the readings budget stops the loop: the reading it stops is logged as not taken, and none is read after it', () => {
  const sut = sutOf(new ReadingBudget({ readings: 2, cpuMs: Infinity }, () => 0));
  const kept = walkReadings([reading('half-size', 1), reading('full-size', 2), reading('faint-ink', 3), reading('unveiled', 4)], sut);
  assert.equal(kept, 2);
  assert.deepEqual(sut.ran, ['half-size', 'full-size']);
  assert.deepEqual(sut.opinions, [{ name: 'full-size', taken: true }, { name: 'faint-ink', taken: false }]);
  assert.equal(sut.budget.read, 2);
  assert.equal(sut.budget.spent(), true);
});

test('a reading that overruns the CPU budget runs to its end and is kept, but is followed by no other', () => {
  const clock = { now: 1000 };
  const budget = new ReadingBudget({ readings: 100, cpuMs: 500 }, () => clock.now);
  const sut = sutOf(budget);
  const kept = walkReadings(
    [reading('half-size', 1, { clock, cost: 200 }), reading('full-size', 7, { clock, cost: 900 }), reading('faint-ink', 9, { clock, cost: 10 })],
    sut,
  );
  assert.equal(kept, 7);
  assert.deepEqual(sut.ran, ['half-size', 'full-size']);
  assert.deepEqual(sut.opinions, [{ name: 'full-size', taken: true }, { name: 'faint-ink', taken: false }]);
});

test('one budget spans nested lists: once an inner list spends it, the outer list reads nothing more', () => {
  const budget = new ReadingBudget({ readings: 3, cpuMs: Infinity }, () => 0);
  const inner = sutOf(budget);
  const outer = sutOf(budget);
  const nested = (name: ReadingName): Reading<Sut, number> => ({
    ...reading(name, 1),
    read: (c) => {
      c.ran.push(name);
      return walkReadings([reading('half-size', 1), reading('full-size', 2), reading('faint-ink', 3)], inner);
    },
  });
  walkReadings([nested('as-taken'), nested('clipped'), nested('deblurred')], outer);
  // as-taken (1) and its half-size and full-size (2, 3): the budget of 3 is spent.
  assert.deepEqual(outer.ran, ['as-taken']);
  assert.deepEqual(inner.ran, ['half-size', 'full-size']);
  assert.deepEqual(outer.opinions, [{ name: 'clipped', taken: false }]);
});
