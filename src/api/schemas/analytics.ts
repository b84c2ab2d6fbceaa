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
  timeline: z.array(z.looseObject({ date: z.string(), scans: z.int() })),
  topCountries: z.optional(z.array(z.looseObject({ country: z.string(), code: z.string(), scans: z.int() }))),
  devices: z.optional(z.array(z.looseObject({ device: z.string(), scans: z.int(), percent: z.number() }))),
  topQrCodes: z.optional(
    z.array(z.looseObject({ id: z.string(), name: z.string(), type: z.string(), scans: z.int() })),
  ),
});
export type ScanStats = z.infer<typeof ScanStats>;
