// --set <path=value> (PRODUCT §6): a constant for every row, e.g. `emails.0.label=Work`. It is read as one
// more column of the file whose every cell holds the value, so every check, the body, the update's
// comparison and the rejects file treat it as the file's own. A column of the file with the same name
// wins where its cell has a value; the constant fills the rows where that cell is empty.
import { UsageError } from '../../errors.js';
import type { CsvRecord } from '../../csv/read-records.js';

export type SetEntry = readonly [path: string, value: string];

/** `--set path=value` entries → [path, value] pairs; a path given twice, no `=` or an empty side is exit 2. */
export function parseSets(entries: readonly string[]): SetEntry[] {
  const out: SetEntry[] = [];
  for (const e of entries) {
    const at = e.indexOf('=');
    const [path, value] = at < 0 ? [e.trim(), ''] : [e.slice(0, at).trim(), e.slice(at + 1)];
    if (at < 0 || !path || value === '')
      throw new UsageError(`--set ${JSON.stringify(e)}: expected path=value, e.g. --set emails.0.label=Work`);
    if (out.some(([p]) => p === path)) throw new UsageError(`--set ${path} is given twice: give each path once`);
    out.push([path, value]);
  }
  return out;
}

export interface Constants {
  /** The header cells with the constants' paths that no column of the file names, appended. */
  header: string[];
  /** A data row with the constants in place (appended cells, or empty cells of a same-named column filled). */
  row: (cells: string[]) => string[];
}

/**
 * `names`: what each column of the file was read as (after --map and the loose match), in order.
 * A constant whose path a column already has fills that column's empty cells; the others are appended.
 */
export function constantsFor(
  header: readonly string[],
  names: readonly string[],
  sets: readonly SetEntry[],
): Constants {
  const width = header.length;
  const fill: Array<[number, string]> = [];
  const extra: SetEntry[] = [];
  for (const entry of sets) {
    const at = names.indexOf(entry[0]);
    if (at >= 0) fill.push([at, entry[1]]);
    else extra.push(entry);
  }
  return {
    header: [...header, ...extra.map(([p]) => p)],
    row: (cells) => {
      const own =
        cells.length >= width ? cells.slice(0, width) : [...cells, ...Array<string>(width - cells.length).fill('')];
      for (const [at, value] of fill) if (own[at] === '') own[at] = value;
      // Stray cells past the header stay last, so the file check still finds them.
      return [...own, ...extra.map(([, v]) => v), ...cells.slice(width)];
    },
  };
}

/** The records with the constants in place (the header record gets the appended paths). */
export async function* withConstants(records: AsyncGenerator<CsvRecord>, c: Constants): AsyncGenerator<CsvRecord> {
  let header = true;
  for await (const rec of records) {
    yield { ...rec, cells: header ? c.header : c.row(rec.cells) };
    header = false;
  }
}
