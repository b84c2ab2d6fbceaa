// Objects keyed by outside text (field keys, column names, placeholders, profile names): a key such as
// `constructor`, `toString` or `__proto__` must name only what the object itself holds, never a member
// of Object.prototype, and setting `__proto__` must store a value, not replace the prototype.

/** `obj[key]` when `key` is the object's own property, else undefined. */
export function own<T>(obj: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return obj != null && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** Whether `key` is the object's own property (where `key in obj` would also see Object.prototype). */
export function hasOwn(obj: object | null | undefined, key: string): boolean {
  return obj != null && Object.hasOwn(obj, key);
}

/** Sets `obj[key]` as an own, enumerable property: `__proto__` included. */
export function setOwn(obj: object, key: string | number, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
