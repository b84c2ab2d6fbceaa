// qr_code (api-spec "qr_code"): loose, new fields may appear.
import { z } from 'zod';

export const QrCode = z.looseObject({
  object: z.literal('qr_code'),
  id: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  shortCode: z.string(),
  url: z.string(),
  destinationUrl: z.string().nullable().optional(),
  paused: z.boolean(),
  scanCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QrCode = z.infer<typeof QrCode>;
