// Flags shared by `analytics overview` and `analytics get`, checked before anything is sent.
import type { ApiClient } from '../../api/client.js';
import type { ScanStats } from '../../api/schemas/analytics.js';
import type { Context } from '../../context.js';
import { parseZone } from '../dates.js';
import { choice, value } from '../model/fields.js';
import { record, type Result } from '../model/result.js';

export const RANGES = ['7d', '30d', '90d', '12m'] as const;
export type Range = (typeof RANGES)[number];

export interface StatsOptions {
  range: Range;
  timeZone: string;
}

export const statsFlags = {
  range: choice('--range <range>', 'period: the last 7 days, 30 days, 90 days or 12 months', RANGES, {
    default: '30d',
  }),
  tz: value(
    '--tz <zone>',
    'IANA time zone of the daily buckets, e.g. Europe/Paris; "local" for this machine\'s',
    undefined,
    {
      default: 'UTC',
    },
  ),
};

export const statsFields = {
  schema: () => import('../../api/schemas/analytics.js').then((m) => m.ScanStats),
  csvRows: 'timeline',
};

/** --range and --tz → query; an unknown zone is exit 2 before any request. */
export function parseStatsOptions(
  flags: { range?: Range; tz?: string },
  env?: Readonly<Record<string, string | undefined>>,
): StatsOptions {
  return { range: flags.range ?? '30d', timeZone: parseZone(flags.tz, '--tz', env) };
}

/** Fetches with `fetch`: the stats, shown through the analytics view (text on a terminal, json/ndjson, csv timeline rows). */
export async function stats(
  ctx: Context,
  subject: string,
  opts: StatsOptions,
  fetch: (client: ApiClient) => Promise<ScanStats>,
): Promise<Result> {
  ctx.output(); // before the request: a refused format (-o vcf) sends nothing
  const [answer, { analyticsView }] = await Promise.all([
    ctx.api().then(fetch),
    import('../../output/views/analytics.js'),
  ]);
  return record(answer, analyticsView({ subject, timeZone: opts.timeZone }));
}
