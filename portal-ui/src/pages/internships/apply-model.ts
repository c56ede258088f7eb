/**
 * The places still free on a vacancy, when the API says (`meta.places_left`, or the attribute
 * `places_left`); undefined when it does not, and the apply call's `vacancy_full` answer decides.
 */
export function placesLeftOf(vacancy: { meta?: Record<string, unknown> | undefined }): number | undefined {
  const value = vacancy.meta?.placesLeft ?? (vacancy as Record<string, unknown>).placesLeft;
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : undefined;
}
