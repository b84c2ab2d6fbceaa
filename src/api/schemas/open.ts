// Values the spec leaves untyped (openapi/cardqr-api.yaml leaves them open): accepted whatever they are
// and shown as they came. Cheap: no zod.

/** Text of an untyped value: a string as it is, null or absent as '', anything else as its JSON. */
export function openText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  return JSON.stringify(v) ?? String(v);
}

/** The value when it is a string, else undefined (for logic that only knows strings). */
export function openString(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
