import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MATCH_THRESHOLD } from '../../../src/engine/compare.ts';
import { deriveSeed } from '../../../tools/synth/index.ts';
import { firstReadingOpinionsOf, phoneShot, similarityToRegistration } from './support.ts';

// When the steep-tilt readings are called for (reader/image-context.ts, framedPoorly).

test('a reading that agrees weakly with the layout but holds together calls for no steep-tilt reading; a steep one does', async () => {
  // Of 20 shots at 20° of tilt, 5 read under 45% agreeing yet held together: the hand's drift, not the frame.
  // This one ties under 45% of its word ends but over 30% (no full-size or faint-ink reading), and holds together.
  assert.deepEqual(await firstReadingOpinionsOf(await phoneShot(deriveSeed('held', 'shot', 8), { tilt: 20 })), []);
  const similarity = await similarityToRegistration(deriveSeed('held', 'shot', 8), { tilt: 20, glare: false, motion: 0 });
  assert.ok(similarity >= MATCH_THRESHOLD, `similarity ${similarity}`);
  const steep = await firstReadingOpinionsOf(await phoneShot(deriveSeed('steep', 'shot', 23), { tilt: 34 }));
  assert.deepEqual(steep.filter((o) => o.name === 'line-frame'), [{ name: 'line-frame', taken: true }]);
});
