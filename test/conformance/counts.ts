// What the contract tests validated, one file per test file under .tmp/contract/; .ci/run adds them up
// into its `contract:` line. A violation is counted here and fails its test too.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export interface ContractCounts {
  requests: number;
  answers: number;
  random: number;
  violations: number;
}

export function contractCounts(file: string): ContractCounts {
  const counts: ContractCounts = { requests: 0, answers: 0, random: 0, violations: 0 };
  afterAll(() => {
    const dir = join(process.cwd(), '.tmp', 'contract');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${file}.json`), JSON.stringify(counts));
  });
  return counts;
}
