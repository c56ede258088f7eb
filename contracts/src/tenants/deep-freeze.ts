/**
 * Freezes a plain data tree in place. Registry data is module-level and its palettes are shared by
 * reference between themes, so a stray mutation in one consumer would leak into every tenant.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
