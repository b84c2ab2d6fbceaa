// Counts of the shipped suite for the CI's `shipped:` line: one JSON file per test file and Node under
// .tmp/shipped/ (.ci/run adds them up per Node version).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/built-cli.js';

export function shippedCounts() {
  const counts = {
    journeys: 0,
    questions: 0,
    save() {
      const dir = join(ROOT, '.tmp', 'shipped');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${process.version}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.json`);
      writeFileSync(
        file,
        JSON.stringify({ node: process.version, journeys: counts.journeys, questions: counts.questions }),
      );
    },
  };
  return counts;
}
