// Values shared by the leads commands, checked before anything is sent.
import { InvalidArgumentError } from 'commander';
import { parseWhen, parseZone, WHEN_HELP } from '../dates.js';
import { value } from '../model/fields.js';

export const LEAD_SOURCES = ['form', 'exchange', 'scan', 'manual'] as const;
export type LeadSourceFlag = (typeof LEAD_SOURCES)[number];

/** --since and the --tz that reads its days and zone-less times. */
export function sinceFlags(what: string) {
  return {
    since: value('--since <when>', `${what}: ${WHEN_HELP}`),
    tz: value(
      '--tz <zone>',
      'IANA time zone for --since days and times without a zone, e.g. Europe/Paris; "local" for this machine\'s (default: UTC)',
    ),
  };
}

/** --since as the UTC instant the API's `since` takes; exit 2 otherwise. `env` is required: `--tz local` reads TZ. */
export function parseSince(
  now: Date,
  flags: { since?: string; tz?: string },
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const timeZone = parseZone(flags.tz, '--tz', env);
  if (flags.since === undefined) return undefined;
  return parseWhen(flags.since, { flag: '--since', now, timeZone });
}

export const PRESET_HELP =
  'CSV with the columns a CRM importer maps by itself: hubspot or salesforce (README "CRM presets"); locked leads are skipped';
export const VCARD_HELP = 'with -o vcf: 4.0 (RFC 6350, default) or 3.0 for older phones';

/** `30s`, `2m`, `1h`, `30d`, `500ms`; a bare number is seconds. The problem as text, or undefined. */
export function durationProblem(value: string): string | undefined {
  return durationMs(value) === undefined
    ? `"${value}" is not a duration: a number with s, m, h or d (e.g. 30s, 2m, 30d; ms for milliseconds), a bare number is seconds`
    : undefined;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds of a duration (see durationProblem), or undefined. Zero and negative durations are refused. */
export function durationMs(value: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/i.exec(value);
  if (!m) return undefined;
  const ms = Number(m[1]) * UNIT_MS[(m[2] ?? 's').toLowerCase()]!;
  return ms >= 1 && ms <= 365 * 86_400_000 ? Math.round(ms) : undefined;
}

export const LOCKED_WINDOW_HELP =
  'how long a lead exported while locked (no contact yet) is re-read with GET /leads/:id before it is given up: 30d, 12h, 90m (a bare number is seconds)';

/** --locked-window, shared by export and follow. */
export const lockedWindowFlag = value(
  '--locked-window <duration>',
  `${LOCKED_WINDOW_HELP} (default: 30d)`,
  durationFlag,
);

/** --preset and --vcard-version: the lead files of list and export (files.ts's LeadFileFlags). */
export const leadFileFlags = {
  preset: value('--preset <crm>', PRESET_HELP),
  vcardVersion: value('--vcard-version <version>', VCARD_HELP),
};

/** A commander argParser: the duration in ms, or exit 2 with one line. */
export function durationFlag(value: string): number {
  const problem = durationProblem(value);
  if (problem !== undefined) throw new InvalidArgumentError(`${problem}.`);
  return durationMs(value)!;
}
