import assert from 'node:assert/strict';
import { test } from 'node:test';
import { equalErrorRate, formatRate, highest, percentOf, quantile, rate, thresholdForFalseMatchRate } from '../../bench/lib/rates.ts';

test('rate gives the proportion with a Wilson interval that stays honest at 0 of n', () => {
  const none = rate(0, 100);
  assert.equal(none.value, 0);
  assert.equal(none.low, 0);
  assert.ok(none.high > 0.03 && none.high < 0.04, `${none.high}`); // about 3.7% for 0/100
  const half = rate(50, 100);
  assert.ok(half.low < 0.5 && half.high > 0.5 && Math.abs(half.low + half.high - 1) < 1e-9, 'symmetric around 1/2');
  assert.equal(formatRate(rate(1, 4)), '25.00% (1/4; 95% CI 4.56%–69.94%)');
  assert.equal(formatRate(rate(0, 0)), 'n/a (no trials)');
});

test('the false-match threshold sits just above the impostor scores it must exclude', () => {
  const impostors = Array.from({ length: 20_000 }, (_, i) => i / 40_000); // 0 … 0.49998
  const { threshold, resolvable } = thresholdForFalseMatchRate(impostors, 1e-4);
  assert.ok(resolvable);
  const matched = impostors.filter((s) => s >= threshold).length;
  assert.ok(matched <= 2, `${matched} impostors at or above ${threshold}`);
  assert.ok(threshold <= 0.49990 + 1e-4 + 1e-9, `no higher than one rounding step above the third-highest impostor, got ${threshold}`);
  assert.equal(thresholdForFalseMatchRate([0.1, 0.3], 1e-4).resolvable, false);
  assert.ok(thresholdForFalseMatchRate([0.1, 0.3], 1e-4).threshold > 0.3);
});

test('the equal error rate is where misses and false matches cross', () => {
  assert.deepEqual(equalErrorRate([0.8, 0.9, 0.95], [0.1, 0.2, 0.3]).eer, 0);
  const overlapping = equalErrorRate([0.2, 0.6, 0.7, 0.8], [0.1, 0.3, 0.4, 0.65]);
  assert.equal(overlapping.eer, 0.25); // at 0.6: one genuine below, one impostor above, of four each
  assert.equal(quantile([3, 1, 2], 0.5), 2);
  assert.equal(quantile([0, 10], 0.25), 2.5);
});

test('highest takes the largest of more scores than a spread into Math.max can carry', () => {
  // The tune set has 123,418 impostor pairs; 500,000 spread into Math.max overflows the call stack here.
  const scores = Array.from({ length: 500_000 }, (_, i) => ((i * 7919) % 500_000) / 1e6);
  assert.equal(highest(scores), 0.499999);
  assert.equal(highest([]), -Infinity);
});

test('percentOf prints a count of a total with its percentage, and n/a of none', () => {
  assert.equal(percentOf(21, 48), '21/48 (43.8%)');
  assert.equal(percentOf(0, 3), '0/3 (0.0%)');
  assert.equal(percentOf(0, 0), 'n/a');
});
