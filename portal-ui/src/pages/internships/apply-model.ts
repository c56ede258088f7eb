/**
 * The places still free on a vacancy as the API says them (`places_left`, and `full` once every place
 * holds an application in progress); undefined when the vacancy does not say, and then the apply
 * call's `vacancy_full` answer decides.
 */
export function placesLeftOf(vacancy: { meta?: Record<string, unknown> | undefined }): number | undefined {
  const fields = vacancy as Record<string, unknown>;
  if (fields.full === true) return 0;
  const value = fields.placesLeft;
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : undefined;
}
