// --fields names checked against what the spec documents for the object a command prints (the zod
// schemas in api/schemas mirror api-spec.md), the way `gh --json` knows its fields. Checked before any
// request; an unknown name is exit 2 with the valid names listed. Where the spec lets any key appear
// (a card's template custom fields under `fields.`, `address.` parts, a template's `policy.fields.`,
// a dry run's `resolvedFields.`), any key below that point is accepted.
import { UsageError } from '../errors.js';

interface ZodLike {
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

/** Which object each command prints, keyed by its command path ("cards list"). */
async function schemaFor(path: string, output?: string): Promise<{ node: Node; open?: string[] } | undefined> {
  const [group, verb] = path.split(' ');
  const load = async (): Promise<ZodLike | undefined> => {
    switch (group) {
      case 'cards':
        return verb === 'wallet'
          ? (await import('../api/schemas/cards.js')).WalletLinks
          : (await import('../api/schemas/cards.js')).Card;
      case 'qr':
        return (await import('../api/schemas/qr.js')).QrCode;
      case 'templates':
        return (await import('../api/schemas/templates.js')).CardTemplate;
      case 'leads':
        return (await import('../api/schemas/leads.js')).Lead;
      case 'analytics':
        return (await import('../api/schemas/analytics.js')).ScanStats;
      case 'me':
        return (await import('../api/schemas/me.js')).ApiKeyContext;
      case 'campaigns': {
        const m = await import('../api/schemas/campaigns.js');
        if (verb === 'list' || verb === 'ls' || verb === 'get') return m.Campaign;
        if (verb === 'schema') return m.CampaignSchema;
        if (verb === 'test') return m.DryRun;
        if (verb === 'create-card') return (await import('../api/schemas/cards.js')).Card;
        return undefined;
      }
      default:
        return undefined;
    }
  };
  const schema = await load();
  if (!schema) return undefined;
  let node = toNode(schema);
  // analytics -o csv prints the daily timeline rows (date, scans), not the stats object.
  if (group === 'analytics' && output === 'csv' && node.kind === 'object' && node.children.timeline?.kind === 'array')
    node = node.children.timeline.element;
  // A card's fields may hold a template's own keys; `me` adds the commands the key may use.
  if (
    node.kind === 'object' &&
    ((group === 'cards' && verb !== 'wallet') || verb === 'create-card') &&
    node.children.fields?.kind === 'object'
  ) {
    node.children.fields = { kind: 'object', children: { ...node.children.fields.children, '*': { kind: 'open' } } };
  }
  if (node.kind === 'object' && group === 'me')
    Object.assign(node.children, { commands: { kind: 'open' }, profile: { kind: 'leaf' }, baseUrl: { kind: 'leaf' } });
  return { node };
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

/** Throws a UsageError naming the unknown fields and listing the valid ones; unchecked commands pass. */
export async function checkFieldNames(commandPath: string, fields: string[], output?: string): Promise<void> {
  const found = await schemaFor(commandPath, output);
  if (!found) return;
  const unknown = fields.filter((f) => !known(found.node, f.split('.')));
  if (!unknown.length) return;
  const valid = names(found.node);
  throw new UsageError(
    `unknown field${unknown.length === 1 ? '' : 's'} for \`cardqr ${commandPath}\`: ${unknown.join(', ')}`,
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
