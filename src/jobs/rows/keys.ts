// One Idempotency-Key per step: the run's random nonce, the account, the job, the row's subject and
// exactly what the step asks for. Within a run a retried request replays its own answer; a later run
// never shares a key with this one (a code moved A → B → A really moves back), because the account,
// not a key, is what tells a later run what is still missing.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../api/canonical-json.js';
import type { Step } from './types.js';

/** `cqrow-<sha256 hex>`: 70 characters, well under the API's 255. */
export function stepKey(nonce: string, accountId: string, kind: string, subject: string, step: Step): string {
  // One string, one update: the same bytes as updating part by part (each part ends in \0).
  const text = `${nonce}\0${accountId}\0${kind}\0${subject}\0${step.action}\0${canonicalJson(step.intent)}`;
  return `cqrow-${createHash('sha256').update(text).digest('hex')}`;
}
