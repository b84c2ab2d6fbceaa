// Flags several commands share, as data (model/fields.ts).
import { IDEMPOTENCY_KEY_MAX } from '../api/rules.js';
import { intIn, parseIdempotencyKey } from './flags.js';
import { flag, value } from './model/fields.js';

/** --limit, --offset and --all, shared by every list command. */
export function listFlags(defaultLimit = 25) {
  return {
    limit: value('--limit <n>', `items per page, 1-100 (default: ${defaultLimit})`, intIn(1, 100)),
    offset: value('--offset <n>', 'items to skip (default: 0)', intIn(0, Number.MAX_SAFE_INTEGER)),
    all: flag('--all', 'follow every page, streaming items as they arrive'),
  };
}

/** --idempotency-key on every write that takes one (cards create/update, qr create/update, campaigns create-card, api). */
export const idempotencyKeyFlag = value(
  '--idempotency-key <key>',
  `Idempotency-Key for this write, up to ${IDEMPOTENCY_KEY_MAX} characters; reuse it to retry safely (default: random)`,
  parseIdempotencyKey,
);

export const dryRunFlag = flag('--dry-run', 'print the request body that would be sent and send nothing');
