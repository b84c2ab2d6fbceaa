// The API key never shows, in any form: whatever a server echoes back (error messages, details,
// request ids) and every --verbose line pass through a scrubber that masks any run of 8 or more
// characters of the key, compared without case, also reversed, base64 (any alignment, standard and
// URL-safe) and hex. A key shorter than 8 characters is masked wherever it appears whole.
// The key's readable label (everything up to its last `_` or `-`, as in `cq_live_campaign_`) is not
// secret and is left alone where it stands by itself, so messages naming a campaign stay readable;
// every run reaching into the part after it is masked.
import { UsageError } from './errors.js';

const RUN = 8;

/** How a key is shown: `****` and its last 4 characters, or only `****` for a key under 16 characters. */
export function maskKey(key: string): string {
  return key.length >= 16 ? `****${key.slice(-4)}` : '****';
}

const KEY_LIKE = /\bcq_(live|test)_[A-Za-z0-9_-]{4,}/g;

/**
 * Any API key in the text (`cq_live_…`, `cq_test_…`, not only this run's) shown as its kind and last 4
 * characters: an id echoed back may be a key pasted in the wrong place.
 */
export function redactKeyLike(text: string): string {
  return text.replace(KEY_LIKE, (k, kind: string) => `cq_${kind}_${maskKey(k)}`);
}

/**
 * Lower-cases ASCII only, so positions in the result are positions in the input. Text that is all
 * ASCII (request ids, on every answer of a bulk run) takes toLowerCase, which does exactly that there.
 */
const fold = (s: string) => (/^[\x00-\x7f]*$/.test(s) ? s.toLowerCase() : s.replace(/[A-Z]/g, (c) => c.toLowerCase()));

function encodings(key: string): string[] {
  const forms = [Buffer.from(key).toString('hex')];
  for (let skip = 0; skip < 3; skip++) {
    const bytes = Buffer.from(key).subarray(skip);
    // The last 2 characters of an encoding depend on what follows the key: left out.
    for (const enc of ['base64', 'base64url'] as const) forms.push(bytes.toString(enc).replace(/=+$/, '').slice(0, -2));
  }
  return forms;
}

export class KeyScrubber {
  private readonly grams = new Set<string>();
  private readonly n: number;

  constructor(private readonly key: string) {
    this.n = Math.min(RUN, key.length);
    if (!key) return;
    // The label before the last _ or - (`cq_live_campaign_`) is not secret; the tail after it is.
    const cut = Math.max(key.lastIndexOf('_'), key.lastIndexOf('-')) + 1;
    const label = key.length - cut >= RUN ? cut : 0;
    // Each form is folded once, then cut (fold keeps positions): a fold per gram made V8 optimise the
    // fold at every start-up, for a single request (README, Performance).
    const folded = fold(key);
    const reversed = fold([...key].reverse().join(''));
    for (let i = 0; i + this.n <= key.length; i++) {
      if (i + this.n > label) this.grams.add(folded.slice(i, i + this.n));
      if (i < key.length - label) this.grams.add(reversed.slice(i, i + this.n));
    }
    if (key.length >= RUN) {
      for (const form of encodings(key).map(fold)) {
        for (let i = 0; i + this.n <= form.length; i++) this.grams.add(form.slice(i, i + this.n));
      }
    }
  }

  /** The text with every run that gives the key away replaced by `****`. */
  text(text: string): string {
    if (!this.grams.size || text.length < this.n) return text;
    const folded = fold(text);
    const runs: Array<[number, number]> = [];
    for (let i = 0; i + this.n <= folded.length; i++) {
      if (!this.grams.has(folded.slice(i, i + this.n))) continue;
      const last = runs[runs.length - 1];
      if (last && i <= last[1]) last[1] = i + this.n;
      else runs.push([i, i + this.n]);
    }
    if (!runs.length) return text;
    let out = '';
    let at = 0;
    for (const [from, to] of runs) {
      out += text.slice(at, from) + (text.slice(from, to) === this.key ? maskKey(this.key) : '****');
      at = to;
    }
    return out + text.slice(at);
  }

  /** Every string inside a value (keys of objects too), scrubbed. */
  value<T>(value: T): T {
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return this.text(v);
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === 'object')
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [this.text(k), walk(x)]));
      return v;
    };
    return walk(value) as T;
  }
}

/**
 * Any `user:password@` of a URL in the text (a proxy URL in an error or a --verbose line) shown as
 * `****@`; with `bare`, also one at the start of the text (a proxy variable written without a scheme,
 * `user:password@proxy:3128`).
 */
export function maskUrlCredentials(text: string, bare = false): string {
  return text.replace(bare ? /(\/\/|^)[^\s/@]*@/g : /(\/\/)[^\s/@]*@/g, '$1****@');
}

const SECRET_PARAM = /key|token|secret|passw|auth|signature|^sig$|credential/i;

/** A URL for a log line: values of query parameters named like secrets (api_key, token...) masked. */
export function maskUrl(url: URL): string {
  const copy = new URL(url.toString());
  for (const name of [...copy.searchParams.keys()]) {
    if (SECRET_PARAM.test(name)) copy.searchParams.set(name, '****');
  }
  return copy.toString();
}

/**
 * A key goes into an Authorization header as it is: a control character (a trailing carriage return
 * from a file saved on Windows), a space or a non-ASCII character is refused before anything is sent.
 */
export function checkKeyCharacters(key: string): void {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) {
    throw new UsageError(
      'the API key has a control character (a trailing carriage return?): fix where it is stored; nothing was sent',
    );
  }
  if (/[^\u0021-\u007e]/.test(key)) {
    throw new UsageError('the API key has a space or a non-ASCII character: fix where it is stored; nothing was sent');
  }
}
