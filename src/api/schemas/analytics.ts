import { z } from 'zod';

export const RANGES = ['7d', '30d', '90d', '12m'] as const;
export type Range = (typeof RANGES)[number];

export const ScanStats = z.looseObject({
  object: z.literal('scan_stats'),
  qrCodeId: z.string().nullable(),
  range: z.string(),
  period: z.looseObject({ start: z.string(), end: z.string(), days: z.number().int() }),
  clamped: z.boolean().optional(),
  historyDays: z.number().int().optional(),
  totalScans: z.number().int(),
  uniqueVisitors: z.number().int(),
  previousPeriodScans: z.number().int(),
  trend: z.string(),
  timeline: z.array(z.looseObject({ date: z.string(), scans: z.number().int() })),
  topCountries: z.array(z.looseObject({ country: z.string(), code: z.string(), scans: z.number().int() })).optional(),
  devices: z.array(z.looseObject({ device: z.string(), scans: z.number().int(), percent: z.number() })).optional(),
  topQrCodes: z.array(z.looseObject({ id: z.string(), name: z.string(), type: z.string(), scans: z.number().int() })).optional(),
});
export type ScanStats = z.infer<typeof ScanStats>;
