/** The chosen organization, remembered per tenant and user in local storage. */
export interface TStoredSelection {
  userId: string;
  organizationId: string;
}

export const selectionKey = (tenant: string) => `stageplein.current-organization.${tenant}`;

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
