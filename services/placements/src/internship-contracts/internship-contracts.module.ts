import type { TPlacementsGroup } from '../shared/group.ts';
import type { TContractSignersTable, TContractsTable } from './contracts/contracts.table.ts';
import { contractsRoutes } from './contracts/contracts.routes.ts';
import { seedInternshipContracts } from './internship-contracts.seed.ts';
import { signingConsumer } from './signing/signing.consumer.ts';
import { signingRoutes } from './signing/signing.routes.ts';
import type { TContractAuditTrailTable } from './signing/signing.table.ts';
import type { TContractTemplatesTable, TContractTemplateVersionsTable } from './templates/templates.table.ts';
import { templatesRoutes } from './templates/templates.routes.ts';

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.contract_templates': TContractTemplatesTable;
    'placements.contract_template_versions': TContractTemplateVersionsTable;
    'placements.contracts': TContractsTable;
    'placements.contract_signers': TContractSignersTable;
    'placements.contract_audit_trail': TContractAuditTrailTable;
  }
}

/**
 * Internship contracts (issue #34, docs/decisions/internship-contracts.md): a school's contract templates
 * with draft and published versions, contracts generated from them for internships, their statuses and
 * signers. Only on traineeship tenants; hours tenants are refused everywhere.
 */
export const internshipContractsGroup: TPlacementsGroup = {
  name: 'internship-contracts',
  routes: [templatesRoutes, contractsRoutes, signingRoutes],
  consumers: (deps) => [signingConsumer(deps)],
  seed: (ctx, tenant) => seedInternshipContracts(ctx, tenant),
};
