// Ids in request paths. An empty id would change the request itself (`cards get ''` would be
// GET /cards/, the list; `cards delete '' --yes` a DELETE of the collection), so it is an input error
// found before sending (exit 2), as is an id with a control character.
import { UsageError } from '../errors.js';

export function checkId(id: string, what = 'id'): void {
  if (id.trim() === '') throw new UsageError(`an empty ${what}: give the id of the record (nothing was sent)`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(id))
    throw new UsageError(`the ${what} ${JSON.stringify(id)} has a control character (nothing was sent)`);
}

/** `/prefix/<id>` with the id checked and encoded. */
export function idPath(prefix: string, id: string, rest = ''): string {
  checkId(id);
  return `${prefix}/${encodeURIComponent(id)}${rest}`;
}
