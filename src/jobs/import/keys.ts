// Idempotency keys for import rows: derived from the campaign, the identifier and the row's canonical
// content, so a re-run (or --resume) of the same row sends the same key and never creates a second card,
// while a row whose content changed gets a new key (and the API's duplicate_external_id protects it).
// The API replays a stored answer for a key, 4xx included; so once the report records a definite
// refusal of a row (nothing created), a resume sends it under the next generation of its key to have
// it judged afresh (after the plan was upgraded or the campaign re-opened). Rows whose fate is unknown
// (no line, a network failure, a 5xx) keep their key: a lost 201 is replayed, never repeated.
// The report's nonce (its header) is part of every key: a new report never reuses another run's keys,
// so an answer the API replays is always this report's own earlier request for the same row.
import { createHash } from 'node:crypto';

/** `cqimp-<sha256 hex>`: 70 characters, well under the API's 255. `generation`: refusals recorded so far. */
export function idempotencyKey(
  campaignId: string,
  externalId: string,
  canonicalBody: string,
  generation = 0,
  nonce = '',
): string {
  // One string, one update: the same bytes as updating part by part, with one call into the hash.
  const text = `${nonce ? `report:${nonce}\0` : ''}${campaignId}\0${externalId}\0${canonicalBody}${generation > 0 ? `\0${generation}` : ''}`;
  return `cqimp-${createHash('sha256').update(text).digest('hex')}`;
}

/**
 * `--update` and `--trash-missing`: one key per change, `cqsyn-<sha256 hex>`. It holds the report's nonce
 * (a later report never replays this one's answers), the card and the state the change was planned
 * against (its `updatedAt`), and exactly what is sent. A retry of the same change (the client's, or a
 * --resume before the change landed) replays; once it landed, the card's `updatedAt` moved and a re-plan
 * finds the row unchanged, so nothing is sent twice. `generation`: refusals recorded for the row (see above).
 */
export function changeKey(
  nonce: string,
  campaignId: string,
  action: 'update' | 'trash',
  card: { id: string; updatedAt: string },
  canonicalBody: string,
  generation = 0,
): string {
  const h = createHash('sha256');
  for (const part of [nonce, campaignId, action, card.id, card.updatedAt]) h.update(part).update('\0');
  h.update(canonicalBody);
  if (generation > 0) h.update(`\0${generation}`);
  return `cqsyn-${h.digest('hex')}`;
}
