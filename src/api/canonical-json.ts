// Equal content, equal bytes: what idempotency keys, the journal and diffs hash and compare.

/** JSON with object keys sorted at every level: equal content gives equal bytes. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    const items: string[] = []; // a plain loop: map() would skip the holes of a sparse list
    for (let i = 0; i < value.length; i++) items.push(value[i] === undefined ? 'null' : canonicalJson(value[i]));
    return `[${items.join(',')}]`;
  }
  const obj = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const k of Object.keys(obj).sort()) {
    if (obj[k] !== undefined) parts.push(`${JSON.stringify(k)}:${canonicalJson(obj[k])}`);
  }
  return `{${parts.join(',')}}`;
}
