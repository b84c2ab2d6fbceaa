// Calendar days (YYYY-MM-DD) in a time zone, ISO weeks and months: the store's periods.

const formats = new Map<string, Intl.DateTimeFormat>();

/** The date at instant `t` in `zone`. */
export function dayIn(t: number | Date, zone: string): string {
  let f = formats.get(zone);
  if (!f)
    formats.set(
      zone,
      (f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })),
    );
  return f.format(t);
}

const utc = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, n: number): string => fromUtc(utc(day) + n * 86_400_000);
export const daysBetween = (a: string, b: string): number => Math.round((utc(b) - utc(a)) / 86_400_000);

/** ISO 8601 week of a day: `2026-W48`. */
export function isoWeek(day: string): string {
  const d = new Date(utc(day));
  const dow = (d.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(utc(day) + (3 - dow) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Monday and Sunday of an ISO week (`2026-W48`). */
export function weekDays(week: string): { first: string; last: string } {
  const m = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!m) throw new Error(`not an ISO week: ${week}`);
  const jan4 = Date.UTC(Number(m[1]), 0, 4);
  const monday1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * 86_400_000;
  const first = fromUtc(monday1 + (Number(m[2]) - 1) * 7 * 86_400_000);
  return { first, last: addDays(first, 6) };
}

/** The period a day falls in. */
export function periodOf(day: string, by: 'day' | 'week' | 'month'): string {
  return by === 'day' ? day : by === 'month' ? day.slice(0, 7) : isoWeek(day);
}
