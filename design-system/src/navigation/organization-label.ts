import type { TOrganizationRef } from '@stageplein/contracts/client/organizations';

/**
 * How an organization is named in the shell: its name when known; until the organizations service
 * provides names, its type ("School", "Vrijwilligerscentrum"), numbered when a type repeats.
 */
export function organizationLabels(
  organizations: readonly TOrganizationRef[],
  typeLabel: (type: string) => string,
): Map<string, string> {
  const labels = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const o of organizations) if (!o.name) counts.set(o.type ?? '', (counts.get(o.type ?? '') ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const o of organizations) {
    if (o.name) {
      labels.set(o.id, o.name);
      continue;
    }
    const type = o.type ?? '';
    const base = typeLabel(type);
    const n = (seen.get(type) ?? 0) + 1;
    seen.set(type, n);
    labels.set(o.id, (counts.get(type) ?? 0) > 1 ? `${base} ${n}` : base);
  }
  return labels;
}
