// Values shared by the leads commands, checked before anything is sent.
import type { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { parseWhen, parseZone, WHEN_HELP } from '../dates.js';

export const LEAD_SOURCES = ['form', 'exchange', 'scan', 'manual'] as const;
export type LeadSourceFlag = (typeof LEAD_SOURCES)[number];

/** --since and the --tz that reads its days and zone-less times. */
export function withSinceOptions(cmd: Command, what: string): Command {
  return cmd
    .option('--since <when>', `${what}: ${WHEN_HELP}`)
    .option('--tz <zone>', 'IANA time zone for --since days and times without a zone, e.g. Europe/Paris; "local" for this machine\'s (default: UTC)');
}

/** --since as the UTC instant the API's `since` takes; exit 2 otherwise. */
export function parseSince(deps: Deps, flags: { since?: string; tz?: string }): string | undefined {
  const timeZone = parseZone(flags.tz);
  if (flags.since === undefined) return undefined;
  return parseWhen(flags.since, { flag: '--since', now: deps.now(), timeZone });
}
