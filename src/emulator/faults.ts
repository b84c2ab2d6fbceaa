// Fault injection: a queue of FaultSpec consumed by matching API requests, plus random faults (faultRate).
export type FaultKind =
  '500' | '429' | 'in_flight' | 'drop_before' | 'drop_after' | 'slow' | 'malformed_500' | 'not_image';
export const FAULT_KINDS: readonly FaultKind[] = [
  '500',
  '429',
  'in_flight',
  'drop_before',
  'drop_after',
  'slow',
  'malformed_500',
  'not_image',
];

/** What a `not_image` fault puts in place of an image's bytes (its headers kept): a proxy's error page. */
export const NOT_IMAGE_BYTES = Buffer.from('<html><body><h1>502 Bad Gateway</h1></body></html>\n');

export type FaultSpec = {
  method?: string;
  path?: string | RegExp; // which API requests it applies to (default any)
  kind: FaultKind;
  times?: number; // how many matching requests it hits (default 1)
  delayMs?: number; // for 'slow' (default 1000)
  resetSeconds?: number; // for '429' (RateLimit-Reset value), default 1
};

interface Pending {
  spec: FaultSpec;
  left: number;
}

/** Strip the /v1 prefix so a fault path may be given either way. */
const apiPath = (p: string): string => (p.startsWith('/v1/') || p === '/v1' ? p.slice(3) || '/' : p);

export class FaultQueue {
  private pending: Pending[] = [];

  add(faults: FaultSpec[]): void {
    for (const spec of faults) this.pending.push({ spec, left: spec.times ?? 1 });
  }
  clear(): void {
    this.pending = [];
  }
  get size(): number {
    return this.pending.length;
  }
  /** Matching requests the queued faults will still hit (sum of what is left of each spec's `times`). */
  get left(): number {
    return this.pending.reduce((n, p) => n + p.left, 0);
  }

  /** The first pending fault matching this request (consumed), if any. `path` is without /v1. */
  take(method: string, path: string): FaultSpec | undefined {
    const i = this.pending.findIndex((p) => matches(p.spec, method, path));
    if (i < 0) return undefined;
    const p = this.pending[i];
    if (--p.left <= 0) this.pending.splice(i, 1);
    return p.spec;
  }
}

function matches(spec: FaultSpec, method: string, path: string): boolean {
  if (spec.method && spec.method.toUpperCase() !== method) return false;
  if (spec.path === undefined) return true;
  if (spec.path instanceof RegExp) return spec.path.test(path);
  return apiPath(spec.path) === path;
}

/** Control API faults carry the path as a string; one starting with ^ is read as a regular expression. */
export function faultFromJson(raw: Record<string, unknown>): FaultSpec {
  const kind = raw.kind as FaultKind;
  if (!FAULT_KINDS.includes(kind))
    throw new Error(`unknown fault kind ${JSON.stringify(raw.kind)}; expected one of ${FAULT_KINDS.join(', ')}`);
  const spec: FaultSpec = { kind };
  if (typeof raw.method === 'string') spec.method = raw.method;
  if (typeof raw.path === 'string') spec.path = raw.path.startsWith('^') ? new RegExp(raw.path) : raw.path;
  for (const k of ['times', 'delayMs', 'resetSeconds'] as const) {
    if (typeof raw[k] === 'number') spec[k] = raw[k] as number;
  }
  return spec;
}
