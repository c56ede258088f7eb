import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import type { TCtx } from '../../shared/request.ts';

/**
 * The details of the tenant's seeded self-found internships (internships' seeds write the internship;
 * this feature keeps the organization's address), so on `npm start` the school can open and approve
 * them and organizations can sign the bakery up. Idempotent: only internships without details.
 */
export async function seedSelfFoundDetails(ctx: TCtx, tenant: TTenant): Promise<void> {
  if (!tenant.features.selfFoundInternships) return;
  const missing = await ctx.db
    .selectFrom('placements.internships as i')
    .leftJoin('placements.self_found_internships as d', 'd.internship_id', 'i.id')
    .select(['i.id', 'i.created_at'])
    .where('i.self_found', '=', true)
    .where('d.internship_id', 'is', null)
    .execute();
  if (missing.length === 0) return;
  await ctx.db
    .insertInto('placements.self_found_internships')
    .values(
      missing.map((i) => ({
        internship_id: i.id,
        tenant_id: tenant.id,
        organization_address: 'Dorpsstraat 12',
        organization_postcode: '3811 AA',
        organization_city: 'Amersfoort',
        organization_website: 'https://www.bakkerij-jansen.example',
        locale: 'nl' as const,
        organization_state: 'unresolved' as const,
        created_at: i.created_at,
      })),
    )
    .execute();
}
