// Values shared by the leads commands, checked before anything is sent.
import type { Command } from 'commander';
import { parseWhen, parseZone, WHEN_HELP } from '../dates.js';

export const LEAD_SOURCES = ['form', 'exchange', 'scan', 'manual'] as const;
export type LeadSourceFlag = (typeof LEAD_SOURCES)[number];

/** --since and the --tz that reads its days and zone-less times. */
export function withSinceOptions(cmd: Command, what: string): Command {
  return cmd
    .option('--since <when>', `${what}: ${WHEN_HELP}`)
    .option(
      '--tz <zone>',
      'IANA time zone for --since days and times without a zone, e.g. Europe/Paris; "local" for this machine\'s (default: UTC)',
    );
}

/** --since as the UTC instant the API's `since` takes; exit 2 otherwise. */
export function parseSince(
  now: Date,
  flags: { since?: string; tz?: string },
  env?: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const timeZone = parseZone(flags.tz, '--tz', env);
  if (flags.since === undefined) return undefined;
  return parseWhen(flags.since, { flag: '--since', now, timeZone });
}

export const PRESET_HELP =
  'CSV with the columns a CRM importer maps by itself: hubspot or salesforce (README "CRM presets"); locked leads are skipped';
export const VCARD_HELP = 'with -o vcf: 4.0 (RFC 6350, default) or 3.0 for older phones';
