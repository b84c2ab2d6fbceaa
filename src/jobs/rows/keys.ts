// The one Idempotency-Key of every bulk write: a function of the run's (or report's) random nonce, the
// scope the write belongs to, its subject, exactly what it asks for, and the generation (how many
// definite refusals a report recorded for it: the API replays a stored 4xx for a key, so a refused row
// is judged afresh under the next one). The nonce makes a later run never share a key with this one
// (a code moved A → B → A really moves back); the account, not a key, tells a later run what is missing.
//
// The bytes hashed for each scheme are fixed by keys already sent and by reports that resume with them
// (test/fixtures/reports-0.1.0/keys.json): the parts joined by \0, the generation appended only above 0.
import { createHash, randomBytes } from 'node:crypto';

/**
 * The key's prefix, one per kind of run: `cqrow` a row engine job (qr apply, many-id writes),
 * `cqimp` an import's create, `cqsyn` an import's --update or --trash-missing change.
 */
export type KeyScheme = 'cqrow' | 'cqimp' | 'cqsyn';

export interface KeyParts {
  scheme: KeyScheme;
  /** Random per run (row engine) or per report (import); '' in an import report of a version without one. */
  nonce: string;
  /** What the write belongs to: the account and job (cqrow), the campaign (cqimp), the campaign and change (cqsyn). */
  scope: readonly string[];
  /** The row's subject: a short code, an id, an identifier, a card. */
  subject: string;
  /** Exactly what is asked for (an action, the state planned against, the canonical body). */
  intent: readonly string[];
  /** Definite refusals recorded so far for this write (0: none). */
  generation?: number;
}

/** How each scheme writes its nonce into the hashed text (an import key had none before reports held one). */
const NONCE: Record<KeyScheme, (nonce: string) => string[]> = {
  cqrow: (nonce) => [nonce],
  cqsyn: (nonce) => [nonce],
  cqimp: (nonce) => (nonce ? [`report:${nonce}`] : []),
};

/** `<scheme>-<sha256 hex>`: 70 characters, well under the API's 255. */
export function idempotencyKey(k: KeyParts): string {
  const generation = k.generation ?? 0;
  const text =
    [...NONCE[k.scheme](k.nonce), ...k.scope, k.subject, ...k.intent].join('\0') +
    (generation > 0 ? `\0${generation}` : '');
  return `${k.scheme}-${createHash('sha256').update(text).digest('hex')}`;
}

/** A fresh nonce (128 bits, hex): one per run of the row engine, one per import report. */
export function newNonce(): string {
  return randomBytes(16).toString('hex');
}
