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

/**
 * A round's last day to choose from a date input (YYYY-MM-DD), or null when empty or invalid; the API
 * lets it last until the end of that day in the Netherlands (contracts' `roundDeadline`).
 */
export function deadlineDate(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return Number.isNaN(new Date(`${value}T00:00:00Z`).getTime()) ? null : value;
}

/** A deadline as the schools mean it: Dutch time, whatever the device's time zone. */
export const formatDeadline = (iso: string, language: string): string =>
  new Date(iso).toLocaleString(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  });

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
