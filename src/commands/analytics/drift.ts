import { InvalidArgumentError } from 'commander';
import { CliError, EXIT, UsageError } from '../../errors.js';
import { defineCommand } from '../model/define.js';
import { value } from '../model/fields.js';
import { list, thenFail } from '../model/result.js';
import { storeFlag, storeFor, withStore, zoneFlag, zoneOf } from '../history-store.js';

const days = (raw: string): number => {
  const m = /^\s*(\d+)\s*d?\s*$/i.exec(raw);
  const n = m ? Number(m[1]) : NaN;
  if (!(n >= 1 && n <= 366))
    throw new InvalidArgumentError(`"${raw}" is not a number of days from 1d to 366d (e.g. 7d).`);
  return n;
};
const percent = (raw: string): number => {
  const m = /^\s*(\d+(?:\.\d+)?)\s*%?\s*$/.exec(raw);
  const n = m ? Number(m[1]) : NaN;
  if (!(n > 0 && n <= 100))
    throw new InvalidArgumentError(`"${raw}" is not a percentage above 0 up to 100 (e.g. 30%).`);
  return n / 100;
};

export const analyticsDrift = defineCommand({
  name: 'drift',
  summary: 'List codes whose scans fell by more than a threshold or stopped (exit 7 when any is listed)',
  flags: {
    ...storeFlag,
    ...zoneFlag,
    window: value(
      '--window <days>',
      'compare the last this many complete days with as many before (default: 7d)',
      days,
    ),
    threshold: value('--threshold <percent>', 'a fall larger than this is listed (default: 30%)', percent),
    silent: value(
      '--silent <days>',
      'a code with no scan for this long, after some, is listed as stopped (default: 30d)',
      days,
    ),
  },
  details: `Reads the store only. The last day is the day of the latest snapshot in --tz (incomplete,
so left out). Exit 7 when a code is listed (for cron), 0 when none, 2 with "no snapshot yet" on an empty store.`,
  examples: ['cardqr analytics drift', 'cardqr analytics drift --window 14d --threshold 50% --silent 10d -o json'],
  async run(ctx, flags) {
    const zone = zoneOf(ctx, flags.tz);
    ctx.output();
    const loc = await storeFor(ctx, flags.store, { write: false });
    const found = await withStore(ctx, loc, { write: false }, async (store) => {
      const { findDrift } = await import('../../jobs/history/drift.js');
      return findDrift(store, {
        zone,
        windowDays: flags.window ?? 7,
        threshold: flags.threshold ?? 0.3,
        silentDays: flags.silent ?? 30,
      });
    });
    if (!found) throw new UsageError(`no snapshot yet in ${zone}`, ['take one with `cardqr analytics snapshot`']);
    const { driftView } = await import('../../output/views/history.js');
    const result = list(found.rows, driftView);
    if (!found.rows.length) return result;
    const n = found.rows.length;
    // A finding, not an error: said once on stderr, and exit 7 for cron (no `error:` line).
    ctx.msg.say(`drift: ${n} code${n === 1 ? '' : 's'} fell or stopped (days to ${found.today})`);
    return thenFail(result, new CliError('', EXIT.partial));
  },
});
