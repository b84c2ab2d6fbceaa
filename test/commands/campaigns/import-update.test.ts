// `campaigns import --update` and `--trash-missing` (PRODUCT §11) against the emulator over HTTP: the plan
// first, one PATCH per changed card (complete fields: nothing the file does not hold is cleared), the
// question / --yes, --dry-run, --max-trash, and the report's new outcomes.
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli } from '../../helpers/run-cli.js';
import { partnersCsv, readReportLines, writeCsv } from '../../bulk/_files.js';

const emu = useEmulator();
const card = (id: string) => emu.store.cards.filter((c) => c.campaignId === 'cmp_native' && c.externalId === id && !c.deletedAt);
const writes = () => emu.requests().filter((q) => q.method !== 'GET' && !q.path.endsWith('/cards/test'));
const patches = () => emu.requests({ method: 'PATCH' });
const rows = (file: string) => readReportLines(file).slice(1);

describe('campaigns import --update', () => {
  it('smoke', async () => {
    const file = writeCsv('p.csv', partnersCsv(3));
    const r1 = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect(r1.exitCode).toBe(0);
    const changed = partnersCsv(3).replace('First0002', 'Second0002');
    const file2 = writeCsv('p2.csv', changed);
    const r = await runCli(['campaigns', 'import', 'cmp_native', file2, '--update', '--yes'], { emu });
    console.log(r.stderr, r.stdout);
    expect(r.exitCode).toBe(0);
    expect(patches()).toHaveLength(1);
    console.log(rows(`${file2}.report.ndjson`));
  });
});
