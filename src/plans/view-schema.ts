// The fields of a plan as `cardqr plans list|show` print it (PlanView of contract.ts): the --fields
// catalogue of those commands.
import * as z from 'zod/mini';

export const PlanViewFields = z.object({
  plan_id: z.string(),
  sha256: z.string(),
  account: z.string(),
  kind: z.string(),
  summary: z.string(),
  changes: z.array(z.unknown()),
  destructive: z.boolean(),
  expires_at: z.string(),
  state: z.string(),
  approved: z.boolean(),
  done: z.number(),
  total: z.number(),
});
