// qr_code (api-spec "qr_code"): loose, new fields may appear. zod/mini (cheap to load).
import * as z from 'zod/mini';

export const QrCode = z.looseObject({
  object: z.literal('qr_code'),
  id: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  shortCode: z.string(),
  url: z.string(),
  destinationUrl: z.optional(z.nullable(z.string())),
  paused: z.boolean(),
  scanCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QrCode = z.infer<typeof QrCode>;
