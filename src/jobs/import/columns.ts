// From the campaign schema and the CSV header line to a column plan: where each column goes in the
// request body, which column holds the identifier and the short code, and what is required.
// Native mode: card fields by name (`firstName`) or dotted path (`emails.0.value`, `address.city`,
// `fields.title`), plus `externalId`, `shortCode`, `name` and `blocks.<block>.<prop>`.
// Mapped mode: the caller's own record; dotted headers become nested objects (digits index arrays).
// The schema does not say which record path holds a mapped campaign's identifier (api-spec
// campaign_schema has no such field): `--id-column <path>` names it, else each row's identifier is
// resolved by the campaign's dry run (dry_run.externalId) during validation (`resolveIds`).
import { closest } from '../../api/rules.js';
import { matchHeaders } from '../../csv/match-headers.js';
import { sectionShape, type CampaignSchema } from '../../api/schemas/campaigns.js';
import { openText } from '../../api/schemas/open.js';

export type Segment = string | number;

export interface Column {
  header: string;
  /** Path in the request body. */
  path: Segment[];
}

export interface RequiredGroup {
  /** What the message names: a field key, a section, or a record path. */
  label: string;
  columns: number[];
}

/** One list entry the file's columns can give (`emails.0`), and the column of each prop it needs (-1: none): entries.ts. */
export interface EntryRule {
  entry: string;
  columns: number[];
  needs: Array<{ prop: string; column: number }>;
}

export interface HeaderProblem {
  code: string;
  message: string;
}

export interface ImportPlan {
  mode: 'native' | 'mapped';
  columns: Column[];
  /** Index of the identifier column, -1 when unknown (mapped mode without --id-column). */
  idColumn: number;
  /** Mapped mode without --id-column: identifiers come from the dry run, by line (filled before validation). */
  resolveIds: boolean;
  resolved?: Map<number, string | null>;
  idLabel: string;
  shortCodeColumn: number;
  required: RequiredGroup[];
  problems: HeaderProblem[];
  /** Native: list entries and the props each needs (filled by check.ts from entries.ts). */
  entries?: EntryRule[];
  /** Native: the `name` column (-1: none). */
  nameColumn?: number;
  /** Columns matched other than exactly (`"First Name" → firstName`, --map entries): said once. */
  headerNotes: string[];
}

/** api-spec.md §Campaign ingestion, create-card rule 2 (both modes: the rule names none). */
const TEMPLATE_ID_COLUMN =
  'column "templateId": a campaign owns its template and a campaign record must not send templateId (remove the column)';

const splitPath = (header: string): Segment[] => header.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
const shape = (path: Segment[]): string => path.map((s) => (typeof s === 'number' ? '#' : s)).join('.');

export function buildPlan(
  schema: CampaignSchema,
  rawHeaders: string[],
  idColumn?: string,
  map?: ReadonlyMap<string, string>,
): ImportPlan {
  const mapped = schema.payloadMode === 'mapped';
  const plan: ImportPlan = {
    mode: schema.payloadMode,
    columns: [],
    idColumn: -1,
    idLabel: '',
    resolveIds: mapped && !idColumn,
    shortCodeColumn: -1,
    required: [],
    problems: [],
    headerNotes: [],
  };
  if (!mapped && idColumn !== undefined && idColumn !== 'externalId') {
    plan.problems.push({
      code: 'id_column_native',
      message: `--id-column ${idColumn}: campaign ${schema.campaignId} is native, its identifier is always the externalId column`,
    });
  }
  const known = mapped ? mappedShapes(schema, idColumn) : nativeShapes(schema);
  // Spreadsheet headers (`First Name`) and --map entries name our columns (csv/match-headers.ts).
  const matched = matchHeaders(rawHeaders, known.names, map, known.labels);
  const headers = matched.names;
  plan.headerNotes = matched.notes;
  const seen = new Map<string, number>();
  headers.forEach((raw, i) => {
    const header = raw.trim();
    if (!header) {
      plan.problems.push({ code: 'empty_column_name', message: `column ${i + 1} has no name` });
    } else if (seen.has(header)) {
      plan.problems.push({
        code: 'duplicate_column',
        message: `column "${header}" appears twice (columns ${seen.get(header)! + 1} and ${i + 1})`,
      });
    }
    seen.set(header, i);
    const path = schema.payloadMode === 'native' ? nativePath(header) : splitPath(header);
    plan.columns.push({ header, path });
    if (path.length === 1 && path[0] === 'templateId') {
      plan.problems.push({ code: 'template_id_column', message: TEMPLATE_ID_COLUMN });
    } else if (header && known.shapes.size && !known.shapes.has(shape(path))) {
      // Suggestions only for problems that can be shown (a file of 100,000 unknown columns: no 3 s of edit distances).
      const near = plan.problems.length < 100 ? closest(header, known.names) : undefined;
      plan.problems.push({
        code: 'unknown_column',
        message: `unknown column "${header}"${near ? `; did you mean "${near}"?` : ''}`,
      });
    }
    const max = known.maxIndex?.get(String(path[1]));
    if (max !== undefined && typeof path[2] === 'number' && path[2] >= max) {
      plan.problems.push({
        code: 'too_many_entries',
        message: `column "${header}": ${String(path[1])} holds at most ${max} entries (indexes 0 to ${max - 1})`,
      });
    }
  });
  checkPrefixes(plan);

  const idPath = mapped ? (idColumn ?? '') : 'externalId';
  plan.idLabel = idPath;
  if (idPath) {
    plan.idColumn = plan.columns.findIndex((c) => c.header === idPath);
    if (plan.idColumn < 0) {
      plan.problems.push({
        code: 'missing_external_id',
        message: `no "${idPath}" column${mapped ? ' (--id-column)' : ''}: every row needs its identifier`,
      });
    }
  }
  plan.shortCodeColumn = schema.payloadMode === 'native' ? plan.columns.findIndex((c) => c.header === 'shortCode') : -1;

  for (const req of known.required) {
    const columns = plan.columns.flatMap((c, i) => (req.match(c.path) ? [i] : []));
    if (!columns.length)
      plan.problems.push({ code: 'missing_required_column', message: `no column for required ${req.label}` });
    else plan.required.push({ label: req.label, columns });
  }
  return plan;
}

interface Known {
  shapes: Set<string>;
  names: string[];
  /** Native: the schema's labels of its names (`Job title` → title, `Address City` → address.city). */
  labels?: Array<[string, string]>;
  required: Array<{ label: string; match: (path: Segment[]) => boolean }>;
  /** Native list sections: entries allowed. */
  maxIndex?: Map<string, number>;
}

function nativePath(header: string): Segment[] {
  const path = splitPath(header);
  if (path.length === 1 && ['externalId', 'shortCode', 'name', 'templateId'].includes(header)) return path;
  if (path[0] === 'blocks') return path;
  return path[0] === 'fields' ? path : ['fields', ...path];
}

function nativeShapes(schema: CampaignSchema): Known {
  const maxIndex = new Map<string, number>();
  const names = ['externalId', 'shortCode', 'name'];
  const shapes = new Set(names);
  const required: Known['required'] = [];
  const labels: Array<[string, string]> = [];
  const label = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
  // Entry values are untyped in the spec (openapi/cardqr-api.yaml): keys as text, a `max` only when a number.
  for (const f of schema.fields) {
    const key = openText(f.key);
    names.push(key);
    shapes.add(`fields.${key}`);
    const l = label(f.label);
    if (l) labels.push([l, key]);
    if (f.required === true) required.push({ label: `field "${key}"`, match: (p) => p.length === 2 && p[1] === key });
  }
  for (const s of schema.sections) {
    const key = openText(s.key);
    const shapeOf = sectionShape(key, s.kind, s.max);
    if (typeof s.max === 'number') maxIndex.set(key, s.max);
    for (const { prop: raw, label: propLabel } of s.props) {
      const prop = openText(raw);
      const paths = [
        ...(shapeOf !== 'object' ? [`${key}.0.${prop}`] : []),
        ...(shapeOf !== 'list' ? [`${key}.${prop}`] : []),
      ];
      if (shapeOf !== 'object') shapes.add(`fields.${key}.#.${prop}`);
      if (shapeOf !== 'list') shapes.add(`fields.${key}.${prop}`);
      names.push(...paths);
      // A prop by its labels: `Address City`, or `City` alone (a list's first entry: `Email`); a label two
      // names share matches neither.
      const [sl, pl] = [label(s.label), label(propLabel)];
      for (const path of paths) {
        if (sl && pl) labels.push([`${sl} ${pl}`, path]);
        if (pl) labels.push([pl, path]);
      }
    }
    // sections[] carry no `required` in the spec: a missing required section is the API's to refuse.
  }
  for (const b of schema.blocks) {
    for (const { prop } of b.props) {
      names.push(`blocks.${openText(b.id)}.${openText(prop)}`);
      shapes.add(`blocks.${openText(b.id)}.${openText(prop)}`);
    }
  }
  return { shapes, names, labels, required, maxIndex };
}

/** Known record paths: the sample's leaves and the schema's field keys; none known = accept any. */
function mappedShapes(schema: CampaignSchema, idColumn?: string): Known {
  const leaves: string[] = [];
  collectLeaves(schema.sample, [], leaves);
  const sampled = new Set(leaves.map((l) => shape(splitPath(l))));
  const shapes = new Set(sampled);
  const keys = schema.fields.map((f) => openText(f.key));
  for (const key of keys) shapes.add(shape(splitPath(key)));
  if (idColumn) shapes.add(shape(splitPath(idColumn)));
  // Required only where the key is surely a record path (present in the sample record).
  const required = schema.fields
    .map((f, i) => ({ key: keys[i], required: f.required === true }))
    .filter((f) => f.required && sampled.has(shape(splitPath(f.key))) && f.key !== idColumn)
    .map((f) => ({ label: `"${f.key}"`, match: (p: Segment[]) => shape(p) === shape(splitPath(f.key)) }));
  return { shapes, names: [...new Set([...leaves, ...keys])], required };
}

function collectLeaves(value: unknown, prefix: Segment[], out: string[]): void {
  if (value && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    for (const [k, v] of entries) collectLeaves(v, [...prefix, k], out);
  } else if (prefix.length) {
    out.push(prefix.join('.'));
  }
}

/**
 * `address` and `address.city` cannot both be columns (one would overwrite the other), nor can
 * `phones.0` and `phones.mobile` (a list and an object at the same place).
 */
function checkPrefixes(plan: ImportPlan): void {
  const leaves = new Map(plan.columns.map((c) => [c.path.join('.'), c.header]));
  const kinds = new Map<string, { kind: string; header: string }>();
  for (const c of plan.columns) {
    for (let n = 1; n < c.path.length; n++) {
      const prefix = c.path.slice(0, n).join('.');
      const kind = typeof c.path[n] === 'number' ? 'list' : 'object';
      const other = leaves.get(prefix) ?? (kinds.get(prefix)?.kind !== kind ? kinds.get(prefix)?.header : undefined);
      if (other !== undefined) {
        plan.problems.push({
          code: 'conflicting_columns',
          message: `columns "${other}" and "${c.header}" cannot both be set (one would overwrite the other)`,
        });
        break;
      }
      kinds.set(prefix, { kind, header: c.header });
    }
  }
}
