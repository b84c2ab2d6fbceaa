// scan_stats (api-spec "Analytics"). zod/mini (cheap to load).
import * as z from 'zod/mini';

export const RANGES = ['7d', '30d', '90d', '12m'] as const;
export type Range = (typeof RANGES)[number];

export const ScanStats = z.looseObject({
  object: z.literal('scan_stats'),
  qrCodeId: z.nullable(z.string()),
  range: z.string(),
  period: z.looseObject({ start: z.string(), end: z.string(), days: z.int() }),
  clamped: z.optional(z.boolean()),
  historyDays: z.optional(z.int()),
  totalScans: z.int(),
  uniqueVisitors: z.int(),
  previousPeriodScans: z.int(),
  trend: z.string(),
  // Entries name their keys without types (api-spec.md §scan_stats; only `date` is described): other
  // values are accepted and shown as they came.
  timeline: z.array(z.looseObject({ date: z.string(), scans: z.unknown() })),
  topCountries: z.optional(z.array(z.looseObject({ country: z.unknown(), code: z.unknown(), scans: z.unknown() }))),
  devices: z.optional(z.array(z.looseObject({ device: z.unknown(), scans: z.unknown(), percent: z.unknown() }))),
  topQrCodes: z.optional(
    z.array(z.looseObject({ id: z.unknown(), name: z.unknown(), type: z.unknown(), scans: z.unknown() })),
  ),
});
export type ScanStats = z.infer<typeof ScanStats>;
