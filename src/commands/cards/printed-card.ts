// `--data` given a card as `cards get -o json` prints it (read, change, write back): the keys of the
// card resource that a write does not take are accepted and not sent. `cards update` names, in one note,
// each such key whose value differs from the card's, and why; a key equal to the card's is ignored
// silently. `cards create` names those it ignores (the service sets them for the new card).
import { isDeepStrictEqual } from 'node:util';
import { UsageError } from '../../errors.js';
import { hasOwn, own } from '../../own.js';
import { safeLine } from '../../output/sanitize.js';
import type { Messages } from '../../output/messages.js';

/** Keys of the card resource (api-spec "Resources") a PATCH does not take, with why. */
const NOT_UPDATED: Record<string, string> = {
  id: 'another card: only its fields and template are applied to this one',
  name: 'the name follows first + last name',
  shortCode: 'the short code cannot be changed through the API',
  status: 'status cannot be changed through the API',
  paused: 'set by the plan',
  url: 'follows the short code',
  vcardUrl: 'follows the short code',
  externalId: 'set when a campaign created the card',
  createdAt: 'kept by the service',
  updatedAt: 'kept by the service',
};

/** Keys of the card resource a POST does not take (name, templateId, shortCode, status are sent). */
const NOT_CREATED = ['id', 'url', 'vcardUrl', 'paused', 'externalId', 'createdAt', 'updatedAt'];

/** Top-level keys of a printed card that a write accepts in --data without sending them. */
export const PRINTED_CARD_KEYS = ['object', ...Object.keys(NOT_UPDATED)];

/** A document with `object` other than "card" (a QR code as printed, say) is refused: exit 2. */
export function refuseOtherObject(doc: Record<string, unknown>): void {
  const object = own(doc, 'object');
  if (object === undefined || object === 'card') return;
  throw new UsageError(
    `--data: this is ${typeof object === 'string' ? `a ${safeLine(object)}` : 'not a card'} ("object": ${safeLine(JSON.stringify(object))}), not a card; nothing was sent`,
  );
}

/** Whether --data looks like a card as printed (it carries the resource's own keys). */
export const isPrintedCard = (doc: Record<string, unknown>) => hasOwn(doc, 'object') || hasOwn(doc, 'id');

/** cards update: one note naming each not-sent key whose value differs from the card's, and why. */
export function noteIgnoredOnUpdate(doc: Record<string, unknown>, card: Record<string, unknown>, msg: Messages): void {
  const differ = Object.keys(NOT_UPDATED).filter(
    (k) => hasOwn(doc, k) && !isDeepStrictEqual(own(doc, k), own(card, k)),
  );
  if (!differ.length) return;
  msg.note(
    `--data: not sent, though it differs from the card's: ${differ.map((k) => `${k} (${NOT_UPDATED[k]})`).join('; ')}`,
  );
}

/** cards create: one note naming the printed card's keys that are not sent. */
export function noteIgnoredOnCreate(doc: Record<string, unknown>, msg: Messages): void {
  const ignored = NOT_CREATED.filter((k) => hasOwn(doc, k));
  if (!ignored.length) return;
  msg.note(`--data: ${ignored.join(', ')} not sent (the service sets them for the new card)`);
}
