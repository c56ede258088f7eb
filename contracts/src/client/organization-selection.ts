/**
 * The chosen organization (spec §4), remembered per tenant and user in local storage under one key and
 * format for both front ends, so a choice made in the portal holds in the admin and back.
 */
export interface TStoredSelection {
  userId: string;
  organizationId: string;
}

export const selectionKey = (tenant: string) => `stageplein.current-organization.${tenant}`;

/** The stored organization id when it was chosen by this user; anything else (or garbage) is no choice. */
export function readSelection(
  raw: string | null | undefined,
  userId: string | undefined,
): string | undefined {
  if (!raw || !userId) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<TStoredSelection>;
    return value.userId === userId && typeof value.organizationId === 'string'
      ? value.organizationId
      : undefined;
  } catch {
    return undefined;
  }
}

export function writeSelection(selection: TStoredSelection): string {
  return JSON.stringify(selection);
}
