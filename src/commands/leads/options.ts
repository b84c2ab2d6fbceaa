// Values shared by the leads commands, checked before anything is sent.
import { UsageError } from '../../errors.js';

export const LEAD_SOURCES = ['form', 'exchange', 'scan', 'manual'] as const;
export type LeadSourceFlag = (typeof LEAD_SOURCES)[number];

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** An ISO 8601 date-time with a zone (what the API's `since` takes); exit 2 otherwise. */
export function parseSince(raw: string, flag = '--since'): string {
  const value = raw.trim();
  if (!ISO_DATE_TIME.test(value) || Number.isNaN(Date.parse(value))) {
    throw new UsageError(`${flag} "${raw}": expected an ISO 8601 date-time with a zone, e.g. 2026-05-01T00:00:00Z or 2026-05-01T09:00:00+02:00`);
  }
  return value;
}
