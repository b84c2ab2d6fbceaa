// Calendar days in an IANA time zone, with nothing but Intl: local dates of instants, date arithmetic
// on YYYY-MM-DD strings, and the UTC instant of a local midnight (DST-aware).

const DAY = 86_400_000;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const partFormats = new Map<string, Intl.DateTimeFormat>();

/** True when Intl knows the zone (IANA names such as Europe/Paris, and UTC). */
export function isValidTimeZone(tz: string): boolean {
  if (!tz) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function dateFormat(tz: string): Intl.DateTimeFormat {
  let f = dateFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(tz, f);
  }
  return f;
}

/** The calendar date (YYYY-MM-DD) of an instant in the zone. */
export function localDate(ms: number, tz: string): string {
  if (tz === 'UTC' || tz === 'Etc/UTC') return new Date(ms).toISOString().slice(0, 10);
  const parts = dateFormat(tz).formatToParts(ms);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** YYYY-MM-DD plus n days (n may be negative). */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}

/** YYYY-MM-DD minus whole calendar months (the day is kept, or the month's last day when shorter). */
export function minusMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}

/** The zone's offset from UTC at an instant, in ms (local wall time minus UTC). */
export function offsetAt(ms: number, tz: string): number {
  let f = partFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormats.set(tz, f);
  }
  const parts = f.formatToParts(ms);
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The UTC instant at which the local date begins in the zone (00:00, or the first valid time after a DST gap). */
export function localMidnight(date: string, tz: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  if (tz === 'UTC' || tz === 'Etc/UTC') return wall;
  const first = wall - offsetAt(wall, tz);
  const second = wall - offsetAt(first, tz);
  // Around a DST change one guess can fall on the previous day; keep the earliest guess on the date.
  const onDate = [first, second].filter((t) => localDate(t, tz) === date);
  return onDate.length ? Math.min(...onDate) : Math.max(first, second);
}
