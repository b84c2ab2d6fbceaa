// One Idempotency-Key per step: the run's random nonce, the account, the job, the row's subject and
// exactly what the step asks for. Within a run a retried request replays its own answer; a later run
// never shares a key with this one (a code moved A → B → A really moves back), because the account,
// not a key, is what tells a later run what is still missing.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../import/keys.js';
import type { Step } from './types.js';

/** `cqrow-<sha256 hex>`: 70 characters, well under the API's 255. */
export function stepKey(nonce: string, accountId: string, kind: string, subject: string, step: Step): string {
  const h = createHash('sha256');
  for (const part of [nonce, accountId, kind, subject, step.action]) h.update(part).update('\0');
  h.update(canonicalJson(step.intent));
  return `cqrow-${h.digest('hex')}`;
}
