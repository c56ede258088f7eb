import { dutchDate } from '@stageplein/contracts/domain/school-years';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { SYSTEM } from '@stageplein/kit/auth/caller';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import type { TDb } from '../shared/request.ts';
import { refreshCompliance } from './compliance.service.ts';

/** Tenants whose demo NonProfit lacks its VOG (elsewhere its insurance is about to expire). */
const VOG_MISSING_IN: readonly TTenantId[] = ['raayland', 'casteleijn', 'nuborgh', 'corderius'];

const addDays = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Demo compliance of a tenant (idempotent): the School requires a VOG and liability insurance; the
 * Provider has both (compliant); the NonProfit's insurance expires in 20 days (expiring), and in a few
 * tenants it has no VOG (missing, so it cannot publish). States are announced like any change.
 */
export async function seedCompliance(db: TDb, tenant: TTenantId, now: Date): Promise<void> {
  const school = seedOrganizationId(tenant, 'school');
  const provider = seedOrganizationId(tenant, 'provider');
  const nonprofit = seedOrganizationId(tenant, 'nonprofit');
  const seeded = await db
    .selectFrom('organizations.compliance_requirements')
    .select('kind')
    .where('tenant_id', '=', tenant)
    .where('organization_id', '=', school)
    .executeTakeFirst();
  if (!seeded) {
    const today = dutchDate(now);
    await db
      .insertInto('organizations.compliance_requirements')
      .values(
        (['vog', 'liability_insurance'] as const).map((kind) => ({
          tenant_id: tenant,
          organization_id: school,
          kind,
          created_at: now,
        })),
      )
      .execute();
    const documents = [
      {
        organization_id: provider,
        kind: 'vog' as const,
        reference: 'VOG-2026-0412',
        issued_on: addDays(today, -60),
        expires_on: addDays(today, 670),
      },
      {
        organization_id: provider,
        kind: 'liability_insurance' as const,
        reference: 'Polis AVB 88.120.447',
        issued_on: addDays(today, -200),
        expires_on: addDays(today, 165),
      },
      {
        organization_id: nonprofit,
        kind: 'liability_insurance' as const,
        reference: 'Polis AVB 31.775.002',
        issued_on: addDays(today, -345),
        expires_on: addDays(today, 20),
      },
      ...(VOG_MISSING_IN.includes(tenant)
        ? []
        : [
            {
              organization_id: nonprofit,
              kind: 'vog' as const,
              reference: 'VOG-2025-1187',
              issued_on: addDays(today, -300),
              expires_on: null,
            },
          ]),
    ];
    await db
      .insertInto('organizations.compliance_documents')
      .values(
        documents.map((d) => ({
          ...d,
          tenant_id: tenant,
          note: 'Origineel ligt op kantoor (demo).',
          reminded_for: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  await refreshCompliance({ db, tenant: getTenant(tenant)!, now }, SYSTEM, [provider, nonprofit]);
}
