// --fields names checked against what the spec documents for the object a command prints (the zod
// schemas in api/schemas mirror api-spec.md), the way `gh --json` knows its fields. Each command
// declares its catalogue where it is defined (withFields, help/annotations.ts); checked before any
// request, an unknown name is exit 2 with the valid names listed. Where the spec lets any key appear
// (`address.` parts, a template's `policy.fields.`, a dry run's `resolvedFields.`, and the paths a
// catalogue names open: a card's template custom fields under `fields.`), any key below is accepted.
import { UsageError } from '../errors.js';

/** A zod schema as read here: its definition tree (api/schemas/ holds the real ones). */
export interface ZodLike {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, ZodLike>;
      innerType?: ZodLike;
      element?: ZodLike;
      options?: readonly ZodLike[];
    };
  };
}

type Node =
  | { kind: 'leaf' }
  | { kind: 'open' }
  | { kind: 'object'; children: Record<string, Node> }
  | { kind: 'array'; element: Node };

function toNode(schema: ZodLike): Node {
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return toNode(def.innerType!);
    case 'object':
      return {
        kind: 'object',
        children: Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, toNode(v)])),
      };
    case 'array':
      return { kind: 'array', element: toNode(def.element!) };
    case 'record':
    case 'unknown':
    case 'any':
      return { kind: 'open' };
    default:
      return { kind: 'leaf' };
  }
}

/**
 * The --fields names of the object a command prints: declared where the command is defined
 * (`withFields`, help/annotations.ts) and checked here before any request.
 */
export interface FieldsCatalogue {
  /** The zod schema (api/schemas/) of the printed object; loaded only when --fields is given. */
  schema: () => Promise<ZodLike>;
  /**
   * Dotted paths below which any key is accepted, beside the ones the schema names (a card's template
   * custom fields under `fields`); a path the schema lacks is added as a whole.
   */
  open?: string[];
  /** Names the command adds to the object beyond the schema (`me`: profile, baseUrl). */
  extra?: string[];
  /** With -o csv the rows are the items of this array, not the object (analytics: timeline). */
  csvRows?: string;
}

async function nodeOf(catalogue: FieldsCatalogue, output?: string): Promise<Node> {
  let node = toNode(await catalogue.schema());
  for (const path of catalogue.open ?? []) node = opened(node, path.split('.'));
  if (node.kind === 'object')
    for (const name of catalogue.extra ?? []) node.children[name] = node.children[name] ?? { kind: 'leaf' };
  if (catalogue.csvRows && output === 'csv') {
    const rows = below(node, catalogue.csvRows.split('.'));
    if (rows?.kind === 'array') node = rows.element;
  }
  return node;
}

/** `node` with any key accepted below `parts`: an object there keeps its own names and gains `*`. */
function opened(node: Node, parts: string[]): Node {
  if (!parts.length)
    return node.kind === 'object'
      ? { kind: 'object', children: { ...node.children, '*': { kind: 'open' } } }
      : { kind: 'open' };
  if (node.kind !== 'object') return node;
  const [head, ...rest] = parts;
  const child: Node = Object.hasOwn(node.children, head) ? node.children[head] : { kind: 'open' };
  return { kind: 'object', children: { ...node.children, [head]: opened(child, rest) } };
}

function below(node: Node, parts: string[]): Node | undefined {
  let cur: Node | undefined = node;
  for (const part of parts)
    cur = cur?.kind === 'object' && Object.hasOwn(cur.children, part) ? cur.children[part] : undefined;
  return cur;
}

function known(node: Node, parts: string[]): boolean {
  let cur: Node = node;
  for (const part of parts) {
    if (cur.kind === 'open') return true;
    if (cur.kind === 'leaf') return false;
    if (cur.kind === 'array') {
      if (!/^\d+$/.test(part)) return false;
      cur = cur.element;
      continue;
    }
    const next: Node | undefined = Object.hasOwn(cur.children, part) ? cur.children[part] : cur.children['*'];
    if (!next) return false;
    cur = next;
  }
  return true;
}

/** Every documented dotted name (arrays and open maps as a whole). */
function names(node: Node, prefix = ''): string[] {
  if (node.kind !== 'object') return prefix ? [prefix] : [];
  const out: string[] = [];
  for (const [k, child] of Object.entries(node.children)) {
    const path = prefix ? `${prefix}.${k === '*' ? '<any key>' : k}` : k;
    if (child.kind === 'object') out.push(...names(child, path));
    else out.push(path);
  }
  return out;
}

/**
 * Throws a UsageError naming the unknown fields of `cardqr <command>` and listing the valid ones.
 * `output` is the -o format (a CSV may print other rows than the object).
 */
export async function checkFieldNames(
  command: string,
  catalogue: FieldsCatalogue,
  fields: string[],
  output?: string,
): Promise<void> {
  const node = await nodeOf(catalogue, output);
  const unknown = fields.filter((f) => !known(node, f.split('.')));
  if (!unknown.length) return;
  const valid = names(node);
  throw new UsageError(
    `unknown field${unknown.length === 1 ? '' : 's'} for \`cardqr ${command}\`: ${unknown.join(', ')}`,
    ['valid fields (nested ones with dots, list items by index, e.g. fields.emails.0.value):', ...wrap(valid)],
  );
}

function wrap(items: string[], width = 96): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    if (line && line.length + item.length + 2 > width) {
      lines.push(line);
      line = '';
    }
    line += (line ? ', ' : '  ') + item;
  }
  if (line) lines.push(line);
  return lines;
}
