// Flags shared by `analytics overview` and `analytics get`, checked before anything is sent.
import { type Command, Option } from 'commander';
import type { ApiClient } from '../../api/client.js';
import type { ScanStats } from '../../api/schemas/analytics.js';
import type { Context } from '../../context.js';
import { parseZone } from '../dates.js';

export const RANGES = ['7d', '30d', '90d', '12m'] as const;
export type Range = (typeof RANGES)[number];

export interface StatsFlags {
  range?: Range;
  tz?: string;
}

export interface StatsOptions {
  range: Range;
  timeZone: string;
}

export function withStatsOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option('--range <range>', 'period: the last 7 days, 30 days, 90 days or 12 months')
        .choices(RANGES)
        .default('30d'),
    )
    .addOption(
      new Option(
        '--tz <zone>',
        'IANA time zone of the daily buckets, e.g. Europe/Paris; "local" for this machine\'s',
      ).default('UTC'),
    );
}

/** --range and --tz → query; an unknown zone is exit 2 before any request. */
export function parseStatsOptions(flags: StatsFlags, env?: Readonly<Record<string, string | undefined>>): StatsOptions {
  return { range: flags.range ?? '30d', timeZone: parseZone(flags.tz, '--tz', env) };
}

/** Fetches with `fetch`, then prints through the analytics view (text on a terminal, json/ndjson, csv timeline rows). */
export async function showStats(
  ctx: Context,
  subject: string,
  opts: StatsOptions,
  fetch: (client: ApiClient) => Promise<ScanStats>,
): Promise<void> {
  const s = ctx.output(); // before the request: a refused format (-o vcf) sends nothing
  const stats = await fetch(await ctx.api());
  const [{ renderRecord }, { analyticsView }] = await Promise.all([
    import('../../output/render.js'),
    import('../../output/views/analytics.js'),
  ]);
  await renderRecord(stats, analyticsView({ subject, timeZone: opts.timeZone }), s, ctx);
}
