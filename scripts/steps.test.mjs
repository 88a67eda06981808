// The scheduler's readings of a step's output (node:test; `pnpm test` runs it in the scripts step).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cpuSeconds, testCounts } from './steps.mjs';

test("a step's CPU is the children's line of each bash `times` output, summed", () => {
  const text = '0m0.006s 0m0.003s\n0m1.500s 0m0.250s\n0m0.001s 0m0.000s\n1m2.000s 0m0.750s\n';
  assert.equal(cpuSeconds(text), 1.5 + 0.25 + 62 + 0.75);
  assert.equal(cpuSeconds(''), 0);
});

test("jest's Tests: line and node:test's summary are read as counts", () => {
  assert.deepEqual(testCounts('Tests:       2 failed, 1 skipped, 40 passed, 43 total\n'), { passed: 40, failed: 2, skipped: 1 });
  assert.deepEqual(testCounts('ℹ pass 9\nℹ fail 0\nℹ skipped 1\n'), { passed: 9, failed: 0, skipped: 1 });
  assert.equal(testCounts('no tests here'), null);
});
