// Dates as people write them, for --since: a day (YYYY-MM-DD: midnight in UTC, or in --tz), a
// date-time (with a zone it is exact; without one, in UTC or --tz), or a duration back from now
// (30m, 24h, 7d, 2w). Everything becomes one UTC instant (ISO 8601 with Z) before it is sent.
import { UsageError } from '../errors.js';
const { realpathSync } = process.getBuiltinModule('node:fs');

export const WHEN_HELP =
  'YYYY-MM-DD (midnight UTC, or in --tz), an ISO 8601 date-time, or a duration back from now: 30m, 24h, 7d, 2w';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?$/i;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const DURATION = /^(\d{1,6})\s*(s|m|h|d|w)$/i;
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/**
 * This machine's zone for `--tz local`. Intl names none when TZ is a file (`TZ=:/etc/localtime`, the
 * POSIX form many containers and systemd units use): the file's path under zoneinfo/ names it then.
 */
export function localTimeZone(env: Readonly<Record<string, string | undefined>> = {}): string {
  const intl = Intl.DateTimeFormat().resolvedOptions().timeZone as string | undefined;
  if (intl) return intl;
  const tz = env.TZ?.replace(/^:/, '').trim();
  const fromFile = (path: string) => {
    try {
      const real = realpathSync(path);
      const at = real.lastIndexOf('/zoneinfo/');
      return at >= 0 ? real.slice(at + '/zoneinfo/'.length) : undefined;
    } catch {
      return undefined;
    }
  };
  const candidates = [
    tz && !tz.startsWith('/') ? tz : undefined,
    tz ? fromFile(tz) : undefined,
    fromFile('/etc/localtime'),
  ];
  return candidates.find((c) => c !== undefined && knownZone(c)) ?? 'UTC';
}

function knownZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** `--tz`: an IANA zone ("local" for this machine's), checked before anything is sent. */
export function parseZone(
  raw: string | undefined,
  flag = '--tz',
  env?: Readonly<Record<string, string | undefined>>,
): string {
  let tz = (raw ?? 'UTC').trim();
  if (tz === 'local') tz = localTimeZone(env);
  try {
    if (!tz) throw new RangeError('empty');
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    throw new UsageError(
      `${flag} "${raw}": unknown time zone; use an IANA name such as UTC, Europe/Paris or America/Los_Angeles`,
    );
  }
  return tz;
}

/** The UTC instant `raw` names, as an ISO 8601 string; exit 2 with the accepted forms otherwise. */
export function parseWhen(raw: string, opts: { flag: string; now: Date; timeZone?: string }): string {
  const value = raw.trim();
  const bad = () => new UsageError(`${opts.flag} "${raw}": expected ${WHEN_HELP}`);
  const zone = opts.timeZone ?? 'UTC';
  const dur = DURATION.exec(value);
  if (dur) return iso(opts.now.getTime() - Number(dur[1]) * UNIT_MS[dur[2].toLowerCase()]);
  if (ZONED.test(value)) {
    const t = Date.parse(value);
    if (Number.isNaN(t) || !validDay(value.slice(0, 10))) throw bad();
    return iso(t);
  }
  const m = DAY.exec(value) ?? LOCAL.exec(value);
  if (!m || !validDay(value.slice(0, 10))) throw bad();
  const [h, min, s] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (h > 23 || min > 59 || s > 59) throw bad();
  const ms = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  return iso(zonedToUtc([Number(m[1]), Number(m[2]), Number(m[3]), h, min, s, ms], zone));
}

/** ISO 8601 in UTC, without milliseconds when there are none. */
function iso(t: number): string {
  return new Date(t).toISOString().replace('.000Z', 'Z');
}

function validDay(day: string): boolean {
  const [y, mo, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** Wall-clock time in `zone` → epoch ms (the first such instant when a DST change repeats it). */
function zonedToUtc([y, mo, d, h, mi, s, ms]: number[], zone: string): number {
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  let t = wall - offsetMs(wall, zone);
  t = wall - offsetMs(t, zone);
  return t;
}

function offsetMs(t: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(t));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(t / 1000) * 1000;
}
