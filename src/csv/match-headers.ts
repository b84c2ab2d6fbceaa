// A header line as spreadsheets write it, for every reader of our CSV files (campaigns import and its
// rejects file, qr apply): a column names one of ours exactly, or as --map says (`Email=emails.0.value`),
// or ignoring case, spaces, `_`, `-` and `.` (`First Name` → firstName, `Destination URL` →
// destinationUrl), each such match noted. A file whose header reads as one column holding `;`, tab or
// `|` is read with that delimiter (sniffDelimiter).
import { UsageError } from '../errors.js';
import { NotRegularFile, readRegularFile } from '../fs/read-regular.js';

/** `First Name`, `first_name`, `FIRST-NAME` → `firstname`. */
export const looseName = (s: string): string => s.toLowerCase().replace(/[\s_.-]+/g, '');

export interface HeaderMatch {
  /** Per column: the name it stands for (unmatched: the header as written, trimmed). */
  names: string[];
  /** One line per column matched other than exactly: `"First Name" → firstName`. */
  notes: string[];
}

/**
 * `known`: the names a file may use. A header equal to one is taken as it is; a --map entry comes
 * next; then a loose match of a name or of a label (`labels`: [label, name]), only when it is unique
 * among them.
 */
export function matchHeaders(
  headers: readonly string[],
  known: readonly string[],
  map: ReadonlyMap<string, string> = new Map(),
  labels: ReadonlyArray<readonly [label: string, name: string]> = [],
): HeaderMatch {
  const exact = new Set(known);
  const loose = new Map<string, string | null>(); // null: two known names share the loose form
  const add = (into: Map<string, string | null>, l: string, k: string) => {
    if (!into.has(l)) into.set(l, k);
    else if (into.get(l) !== k) into.set(l, null);
  };
  for (const k of known) add(loose, looseName(k), k);
  // `labels`: what the schema calls a name (`Job title` for title), matched as loosely; a name's own
  // loose form comes first, and a label two names share matches neither.
  const byLabel = new Map<string, string | null>();
  for (const [a, k] of labels) add(byLabel, looseName(a), k);
  const byName = new Map(loose);
  const byNameOnly = (h: string) => byName.get(looseName(h));
  for (const [l, k] of byLabel) if (!loose.has(l)) loose.set(l, k);
  const names: string[] = [];
  const notes: string[] = [];
  for (const raw of headers) {
    const h = raw.trim();
    const mapped = map.get(h);
    if (mapped !== undefined) {
      names.push(mapped);
      notes.push(`"${h}" → ${mapped} (--map)`);
    } else if (exact.has(h) || !h) {
      names.push(h);
    } else {
      // A dotted header is a path (`emails.value`): it matches names only, never a label's words.
      const hit = h.includes('.') ? byNameOnly(h) : loose.get(looseName(h));
      names.push(hit ?? h);
      if (hit) notes.push(`"${h}" → ${hit}`);
    }
  }
  return { names, notes };
}

/**
 * `--map 'Header=target'` (repeatable) and `--map-file <file>` (one `Header=target` a line; # comments).
 * The file is read bounded, and a FIFO or device is refused (fs/read-regular.ts).
 */
export async function parseColumnMap(entries: readonly string[] = [], file?: string): Promise<Map<string, string>> {
  const lines = [...entries.map((e) => ({ text: e, where: `--map ${JSON.stringify(e)}` }))];
  if (file !== undefined) {
    let text: string;
    try {
      text = await readRegularFile(file, { what: `--map-file ${file}`, maxBytes: 1024 * 1024 });
    } catch (e) {
      if (e instanceof UsageError) throw e;
      const why = e instanceof NotRegularFile ? e.message : ((e as NodeJS.ErrnoException).code ?? String(e));
      throw new UsageError(`--map-file ${file}: cannot read it (${why})`);
    }
    text.split(/\r?\n/).forEach((l, i) => {
      if (l.trim() && !l.trim().startsWith('#')) lines.push({ text: l, where: `--map-file ${file} line ${i + 1}` });
    });
  }
  const map = new Map<string, string>();
  for (const { text, where } of lines) {
    const at = text.lastIndexOf('=');
    const from = text.slice(0, at).trim();
    const to = text.slice(at + 1).trim();
    if (at < 0 || !from || !to)
      throw new UsageError(`${where}: expected 'Column in the file=column name', e.g. 'Email=emails.0.value'`);
    if (map.has(from) && map.get(from) !== to)
      throw new UsageError(`${where}: "${from}" is mapped twice (to ${map.get(from)} and ${to})`);
    map.set(from, to);
  }
  return map;
}

/** A header read as one column that holds `;`, tab or `|` (the most frequent of them): that delimiter. */
export function sniffDelimiter(headerCells: readonly string[]): string | undefined {
  if (headerCells.length !== 1) return undefined;
  const counts = [';', '\t', '|']
    .map((d) => [d, headerCells[0].split(d).length - 1] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  return counts[0]?.[0];
}

export const delimiterName = (d: string): string => (d === '\t' ? 'tab' : `"${d}"`);
