import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TEXT_TUNE } from '../../tools/scenes/index.ts';
import { inkContacts } from '../../tools/synth/ink-contacts.ts';
import { writeApart } from '../../tools/synth/keep-apart.ts';
import { drawTextErrors, makeScribe, makeScroll, planTextSet } from '../../tools/synth/index.ts';
import type { Scroll } from '../../tools/synth/index.ts';

const pairOf = (a: number, b: number): string => `${Math.min(a, b)}:${Math.max(a, b)}`;
const pairs = (contacts: readonly { a: number; b: number }[]): Set<string> => new Set(contacts.map((c) => pairOf(c.a, c.b)));
const asked = (scroll: Scroll): string[] => (scroll.errors ?? []).filter((e) => e.error.kind === 'touching_letters').map((e) => pairOf(e.letters[0], e.letters[1]));

test('ink contacts: the join of touching letters is one, on the same scroll written clean it is none', async () => {
  const scribe = makeScribe(301);
  const errors = drawTextErrors(7, ['touching_letters'], scribe.font);
  const joined = makeScroll(scribe, 7, errors);
  const [pair] = asked(joined);
  assert.ok(pair);
  assert.ok(pairs(await inkContacts(joined)).has(pair), 'the joined letters touch');
  assert.ok(!pairs(await inkContacts(makeScroll(scribe, 7))).has(pair), 'written clean, the same two letters do not');
});

test('ink contacts with a clearance: letters closer than a letter height meet, every letter of a word its neighbour', async () => {
  const scroll = makeScroll(makeScribe(302), 3);
  const close = pairs(await inkContacts(scroll, scroll.letterHeightMm));
  const neighbours = scroll.letters.slice(0, -1).flatMap((l, k) => (scroll.letters[k + 1].word === l.word ? [pairOf(k, k + 1)] : []));
  assert.ok(neighbours.length > 400);
  for (const p of neighbours) assert.ok(close.has(p), `letters ${p} meet within a letter height`);
  const touching = pairs(await inkContacts(scroll));
  assert.ok(touching.size < close.size / 4, 'without the clearance, only letters whose ink meets');
});

test('a scribe who keeps letters apart moves every letter that came too close, keeps the join asked for, and leaves a scroll with none as it was', async () => {
  const { jobs, manifest } = planTextSet(TEXT_TUNE);
  const index = (id: string): number => manifest.scrolls.findIndex((s) => s.id === id);
  const write = (id: string) => {
    const job = jobs[index(id)];
    return { job, apart: writeApart(makeScribe(job.scribeSeed), job.scrollSeed, job.errors) };
  };

  // Clean as planned, eight pairs of letters touching as the hand came (four of them letters of two lines).
  const crowded = write('t0005');
  const hand = makeScroll(makeScribe(crowded.job.scribeSeed), crowded.job.scrollSeed);
  assert.ok((await inkContacts(hand)).length >= 4);
  const kept = await crowded.apart;
  assert.ok(kept.rounds >= 1);
  assert.deepEqual(kept.contacts, []);
  assert.deepEqual(await inkContacts(kept.scroll), [], 'no ink meets');
  assert.deepEqual(kept.scroll.letters.map((l) => l.char).join(''), hand.letters.map((l) => l.char).join(''), 'the same text');

  // Written with two letters joined: they still touch, nothing else does.
  const touching = await write('t0048').apart;
  const [join] = asked(touching.scroll);
  assert.deepEqual([...pairs(await inkContacts(touching.scroll))], [join]);
  assert.deepEqual(touching.contacts, []);

  // A hand that touched nothing is left as it wrote.
  const spaced = write('t0000');
  const alone = await spaced.apart;
  assert.equal(alone.rounds, 0);
  assert.deepEqual(alone.scroll.letters, makeScroll(makeScribe(spaced.job.scribeSeed), spaced.job.scrollSeed).letters);
});
