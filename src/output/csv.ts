// RFC 4180: CRLF line ends; fields with comma, quote, CR or LF are quoted, quotes doubled.
import { cellText } from './values.js';

export function csvField(v: unknown): string {
  const s = cellText(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: unknown[]): string {
  return values.map(csvField).join(',') + '\r\n';
}
