// The one place colour is decided and applied: stdout tables, stderr messages and the analytics trend
// all paint through here. No colour off a terminal, with --no-color, NO_COLOR or FORCE_COLOR=0.

type Env = Readonly<Record<string, string | undefined>>;

export function colorEnabled(env: Env, isTTY: boolean, flag: boolean | undefined): boolean {
  if (flag === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  // FORCE_COLOR=0 (or false) turns colour off even on a terminal, as Node and chalk read it.
  if (env.FORCE_COLOR === '0' || env.FORCE_COLOR === 'false') return false;
  if (env.FORCE_COLOR !== undefined) return true;
  return isTTY;
}

export type Hue = 'green' | 'yellow' | 'red' | 'gray' | 'white' | 'cyan' | 'dim';

/** Paints text in a hue; identity when colour is off. */
export type Paint = (hue: Hue, text: string) => string;

/** A cell painter of a table: the column's style, the cell's text and its raw value. */
/** How a table or text cell is painted on a colour terminal (a View's column names one). */
export type Style = 'status' | 'date' | 'bool' | 'dim' | 'url';

export type Painter = (style: Style | undefined, text: string, raw?: unknown) => string;

const plain: Paint = (_hue, text) => text;

/** The paint for a stream; chalk is loaded only when colour is on (start-up cost). */
export async function loadPaint(enabled: boolean): Promise<Paint> {
  if (!enabled) return plain;
  const { Chalk } = await import('chalk');
  const c = new Chalk({ level: 1 });
  return (hue, text) => c[hue](text);
}

const STATUS_HUES: Record<string, Hue> = {
  published: 'green',
  active: 'green',
  sent: 'green',
  draft: 'yellow',
  pending: 'yellow',
  retrying: 'yellow',
  paused: 'red',
  failed: 'red',
  archived: 'gray',
  ok: 'green',
  'key refused': 'red',
  unreachable: 'red',
};

/** Table cells: statuses by meaning, dim, true booleans, URLs. */
export function cellPainter(paint: Paint): Painter {
  if (paint === plain) return (_style, text) => text;
  return (style, text, raw) => {
    if (style === 'status') {
      // Own keys only: a status the service adds later ("constructor" included) is painted white.
      const hue = (key: string, t: string) => paint(Object.hasOwn(STATUS_HUES, key) ? STATUS_HUES[key] : 'white', t);
      // A status with the plan's pause folded in ("published (paused)"): the status, then the pause.
      const folded = / \(paused\)$/.exec(text);
      if (folded)
        return `${hue(text.slice(0, folded.index), text.slice(0, folded.index))} ${paint('yellow', '(paused)')}`;
      return hue(typeof raw === 'string' ? raw : text, text);
    }
    if (style === 'dim') return paint('dim', text);
    if (style === 'bool') return raw ? paint('yellow', text) : text;
    if (style === 'url') return paint('cyan', text);
    return text;
  };
}

/** A trend arrow of the analytics view: up green, down red. */
export function trendPainter(paint: Paint): ((text: string, direction: 'up' | 'down' | 'flat') => string) | undefined {
  if (paint === plain) return undefined;
  return (t, d) => (d === 'up' ? paint('green', t) : d === 'down' ? paint('red', t) : t);
}
