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
  // Its value for non-url types: not shown (api-spec.md §qr_code); kept as it came.
  destinationUrl: z.optional(z.unknown()),
  paused: z.boolean(),
  scanCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QrCode = z.infer<typeof QrCode>;
