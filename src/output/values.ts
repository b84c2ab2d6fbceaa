// Pure helpers shared by every format: dotted paths, flattening, readable cells.
import { own, setOwn } from '../own.js';

export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || cur === undefined) return undefined;
    cur = own(cur as Record<string, unknown>, part);
  }
  return cur;
}

/** Keeps only the dotted paths, in the given order, as a nested object. */
export function pick(obj: unknown, paths: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const parts = path.split('.');
    let target = out;
    parts.slice(0, -1).forEach((p) => {
      if (typeof own(target, p) !== 'object' || own(target, p) === null) setOwn(target, p, {});
      target = own(target, p) as Record<string, unknown>;
    });
    const v = getPath(obj, path);
    setOwn(target, parts[parts.length - 1], v === undefined ? null : v);
  }
  return out;
}

/** Nested objects become dotted keys; lists stay whole (shown as one readable cell). */
export function flatten(obj: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    const entries = Object.entries(obj as Record<string, unknown>);
    if (!entries.length && prefix) setOwn(out, prefix, '');
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    setOwn(out, prefix, obj);
  }
  return out;
}

/** Plain text for a value in a CSV cell or table cell. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v))
    return v
      .map(itemText)
      .filter((s) => s !== '')
      .join('; ');
  return itemText(v);
}

const ADDRESS_PARTS = ['street', 'city', 'region', 'postalCode', 'country'];

function itemText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v !== 'object') return String(v);
  const values = Object.values(v as Record<string, unknown>)
    .filter((x) => x !== null && x !== undefined && x !== '')
    .map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x)));
  // A labelled entry reads `Work: a@b.example`; a compound value (an address) `Montréal, CA`.
  return values.join(ADDRESS_PARTS.some((k) => k in (v as object)) ? ', ' : ': ');
}

/** A relative time in a table cell, compact: "now", "5m", "3h", "8d", "4mo", "2y" ago, "in 5m" ahead. */
export function compactTime(iso: string, now: Date): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const s = Math.round((now.getTime() - t) / 1000);
  const abs = Math.abs(s);
  if (abs < 60) return 'now';
  let text: string;
  if (abs < 3600) text = `${Math.floor(abs / 60)}m`;
  else if (abs < 86400) text = `${Math.floor(abs / 3600)}h`;
  else if (abs < 86400 * 45) text = `${Math.floor(abs / 86400)}d`;
  else if (abs < 86400 * 365) text = `${Math.floor(abs / (86400 * 30))}mo`;
  else text = `${Math.floor(abs / (86400 * 365))}y`;
  return s >= 0 ? text : `in ${text}`;
}

export function relativeTime(iso: string, now: Date): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const s = Math.round((now.getTime() - t) / 1000);
  const abs = Math.abs(s);
  const fmt = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  let text: string;
  if (abs < 60) text = 'just now';
  else if (abs < 3600) text = fmt(Math.floor(abs / 60), 'minute');
  else if (abs < 86400) text = fmt(Math.floor(abs / 3600), 'hour');
  else if (abs < 86400 * 45) text = fmt(Math.floor(abs / 86400), 'day');
  else if (abs < 86400 * 365) text = fmt(Math.floor(abs / (86400 * 30)), 'month');
  else text = fmt(Math.floor(abs / (86400 * 365)), 'year');
  if (text === 'just now') return text;
  return s >= 0 ? `${text} ago` : `in ${text}`;
}
