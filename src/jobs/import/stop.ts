// Why an import stopped early, when the engine found it (the API's own errors stop it as they are).
// The command maps each reason to an exit status.

export type StopReason =
  /** --id-column named another column than the one the campaign reads its identifier from. */
  | 'id-column-mismatch'
  /** The campaign requires a field no column of the file feeds: every row would be refused. */
  | 'unfed-required-field'
  /** The first rows sent were all refused with one (code, fields): every row would be (PRODUCT §6.4, exit 7). */
  | 'same-failure'
  /** The service failed several rows in a row. */
  | 'server-errors';

export class ImportStop extends Error {
  constructor(
    readonly reason: StopReason,
    message: string,
    /** What to do about it, one line each. */
    readonly hints: string[] = [],
  ) {
    super(message);
  }
}
