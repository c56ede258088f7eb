import type { TFieldBinding } from '@stageplein/design-system/forms/use-form.ts';

/** The choices a student submits: the filled slots in order, or `duplicate` when a vacancy repeats. */
export function rankedChoices(slots: readonly string[]): string[] | 'duplicate' {
  const chosen = slots.filter(Boolean);
  return new Set(chosen).size === chosen.length ? chosen : 'duplicate';
}

/** Three slots from a saved ranking (empty where none). */
export const slotsOf = (preferences: readonly string[] | null | undefined): string[] =>
  [0, 1, 2].map((i) => preferences?.[i] ?? '');

/** How many students the proposal puts on each vacancy. */
export function takenPlaces(lines: readonly { vacancyId: string | null }[]): Map<string, number> {
  const taken = new Map<string, number>();
  for (const l of lines) if (l.vacancyId) taken.set(l.vacancyId, (taken.get(l.vacancyId) ?? 0) + 1);
  return taken;
}

/** `datetime-local` input value (local time) → ISO with offset, or null when empty or invalid. */
export function deadlineIso(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A field binding on plain React state (the design system's fields take one). */
export function bind(name: string, value: string | boolean, set: (v: never) => void): TFieldBinding {
  return {
    name,
    value,
    error: undefined,
    onChange: (v) => set(v as never),
    onBlur: () => undefined,
  };
}
