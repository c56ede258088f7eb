import {
  DEMO_CLASSMATES,
  SEED_ORGANIZATION_KINDS,
  SEED_ORGANIZATION_TYPES,
  seedOrganizationId,
  type TSeedOrganizationKind,
} from '@stageplein/contracts/domain/seed-ids';
import type { TRoleName } from '@stageplein/contracts/identity/roles';
import { demoSchoolBrin } from '@stageplein/contracts/identity/education-sso';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { SYSTEM } from '@stageplein/kit/auth/caller';
import { setTenant } from '@stageplein/kit/db/rls';
import { serviceDb } from '@stageplein/kit/db/schema-tables';
import type { TSeedContext } from '@stageplein/kit/service';
import type { TIdentityDb } from '../database.ts';
import { record, userSubject } from '../shared/events.ts';
import { hashPassword } from '../shared/passwords.ts';
import { insertRole, roleEventData } from '../roles/roles.repository.ts';
import { invitedUserRow } from '../users/invited-user.ts';
import { findUserByEmail, insertUser } from '../users/users.repository.ts';
import { userSnapshot } from '../users/users.service.ts';

export const DEMO_PASSWORD = 'stageplein-demo';

interface TDemoAccount {
  local: string;
  firstName: string;
  lastName: string;
  roles: [TRoleName, TSeedOrganizationKind][];
  description: string;
}

/** Issue #3: the demo accounts of every tenant T, as `<local>@T.test`. */
export const DEMO_ACCOUNTS: readonly TDemoAccount[] = [
  {
    local: 'admin',
    firstName: 'Anna',
    lastName: 'Admin',
    roles: [
      ['admin', 'school'],
      ['admin', 'volunteer-center'],
    ],
    description: 'admin of the School and the VolunteerCenter',
  },
  {
    local: 'student',
    firstName: 'Sam',
    lastName: 'Student',
    roles: [['student', 'school']],
    description: 'student of the School',
  },
  {
    local: 'mentor',
    firstName: 'Mila',
    lastName: 'Mentor',
    roles: [['mentor', 'school']],
    description: 'mentor at the School',
  },
  {
    local: 'bedrijf',
    firstName: 'Bram',
    lastName: 'Bedrijf',
    roles: [['admin', 'provider']],
    description: 'admin of a Provider',
  },
];

/** The demo student's classmates (contracts' `DEMO_CLASSMATES`): students of the School, nothing more. */
export const CLASSMATE_ACCOUNTS: readonly TDemoAccount[] = DEMO_CLASSMATES.map((c) => ({
  local: c.local,
  firstName: c.firstName,
  lastName: c.lastName,
  roles: [['student', 'school']],
  description: `student of the School in group ${c.group}`,
}));

export const demoEmail = (local: string, tenant: string) => `${local}@${tenant}.test`;

// One hash (per cost) for all demo accounts: they share a published password, and hashing is the slow part.
const demoHashes = new Map<number, Promise<string>>();

/** Idempotent: existing accounts and roles are left alone; new ones are announced through the outbox. */
export async function seedTenant(ctx: TSeedContext, tenant: TTenantId, scryptCost: number): Promise<void> {
  if (!demoHashes.has(scryptCost)) demoHashes.set(scryptCost, hashPassword(DEMO_PASSWORD, scryptCost));
  const encrypted = await demoHashes.get(scryptCost)!;
  await serviceDb<TIdentityDb>(ctx.db)
    .transaction()
    .execute(async (db) => {
      await setTenant(db, tenant);
      const now = ctx.today;
      const at = { db, tenant: { id: tenant }, now };
      // The demo organizations are seeded approved by the organizations service; the read model knows
      // that before their events arrive (the ownership rules ask it), and any real event replaces it.
      await db
        .insertInto('identity.organizations')
        .values(
          SEED_ORGANIZATION_KINDS.map((kind) => ({
            id: seedOrganizationId(tenant, kind),
            tenant_id: tenant,
            organization_type: SEED_ORGANIZATION_TYPES[kind],
            name: SEED_ORGANIZATION_TYPES[kind],
            status: 'approved' as const,
            deleted: false,
            event_time: new Date(0),
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      // Education single sign-on: the demo School's BRIN (the local stand-in for the federation releases
      // it, infra/stack/src/dev-entree.ts); its unknown students get an account. Only the first time:
      // what the school's admin changed afterwards stays.
      const ssoSchool = await db
        .insertInto('identity.education_sso_schools')
        .values({
          tenant_id: tenant,
          organization_id: seedOrganizationId(tenant, 'school'),
          provision_students: true,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['tenant_id', 'organization_id']).doNothing())
        .returning('organization_id')
        .executeTakeFirst();
      if (ssoSchool) {
        await db
          .insertInto('identity.education_sso_school_brins')
          .values({
            tenant_id: tenant,
            organization_id: ssoSchool.organization_id,
            brin: demoSchoolBrin(tenant),
            created_at: now,
          })
          .onConflict((oc) => oc.columns(['tenant_id', 'brin']).doNothing())
          .execute();
      }
      for (const account of [...DEMO_ACCOUNTS, ...CLASSMATE_ACCOUNTS]) {
        const email = demoEmail(account.local, tenant);
        let user = await findUserByEmail(db, email);
        if (!user) {
          // A demo account is an invited user who has already confirmed and chosen the published password.
          user = await insertUser(db, {
            ...invitedUserRow({
              tenantId: tenant,
              email,
              firstName: account.firstName,
              lastName: account.lastName,
              locale: 'nl',
              now,
            }),
            status: 'active',
            encrypted_password: encrypted,
            confirmed_at: now,
          });
          if (!user) continue;
          await record(at, SYSTEM, 'identity.user.created', userSubject(user.id), userSnapshot(user));
        }
        // Roles are listed oldest first (created_at, then a random id): a millisecond apart, the demo
        // admin's School stays before its VolunteerCenter, so the preselection rule picks the School.
        for (const [index, [name, kind]] of account.roles.entries()) {
          const role = await insertRole(db, {
            tenant_id: tenant,
            user_id: user.id,
            name,
            resource_type: SEED_ORGANIZATION_TYPES[kind],
            resource_id: seedOrganizationId(tenant, kind),
            created_at: new Date(now.getTime() + index),
          });
          if (role) {
            await record(at, SYSTEM, 'identity.role.added', userSubject(user.id), roleEventData(role));
          }
        }
      }
    });
}
