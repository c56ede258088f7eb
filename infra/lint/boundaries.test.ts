import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { expect } from 'vitest';
import { boundariesRule, GROUPED } from './boundaries.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const at = (file: string) => path.join(ROOT, file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

tester.run('stageplein/boundaries', boundariesRule, {
  valid: [
    {
      filename: at('services/kit/src/db/rls.ts'),
      code: "import { x } from '@stageplein/contracts/events/envelope';",
    },
    { filename: at('services/kit/src/db/rls.ts'), code: "import { x } from '../outbox/outbox-writer.ts';" },
    {
      filename: at('workflows/src/run-worker.ts'),
      code: "import { x } from '@stageplein/organizations/activities';",
    },
    {
      filename: at('infra/stack/src/stack.ts'),
      code: "import { x } from '@stageplein/workflows/run-worker';",
    },
    {
      filename: at('portal-ui/src/app/app.tsx'),
      code: "import { x } from '@stageplein/contracts/i18n/index';",
    },
    // Both front ends use the shared design system, which itself uses only contracts.
    {
      filename: at('admin-ui/src/app/admin-app.tsx'),
      code: "import { x } from '@stageplein/design-system/tokens/design-tokens.ts';",
    },
    {
      filename: at('design-system/src/tokens/mui-theme.ts'),
      code: "import { x } from '@stageplein/contracts/tenants/theme';",
    },
    // Tests compose real parts: any package by name.
    {
      filename: at('services/kit/test/outbox.int.test.ts'),
      code: "import { x } from '@stageplein/testing/harness';",
    },
    { filename: at('portal-ui/test/stack.ts'), code: "import { x } from '@stageplein/testing/ui-stack';" },
    // The root's own tools import packages by name.
    { filename: at('infra/bench/bench-lib.ts'), code: "const m = import('@stageplein/stack/services');" },
    // Placements' groups: a group's own files, the floor, the public entry of a group it depends on.
    {
      filename: at('services/placements/src/hours/hours.service.ts'),
      code: "import { x } from './hours-link.ts'; import { y } from '../internships/index.ts';",
    },
    {
      filename: at('services/placements/src/allocation/assign/assign.service.ts'),
      code: "import { x } from '../allocation.service.ts'; import { y } from '../../shared/events.ts';",
    },
    {
      filename: at('services/placements/src/vacancies/vacancies.repository.ts'),
      code: "import { TDb } from '../database.ts'; import { x } from '../read-models/index.ts';",
    },
    // The composition lists the groups by their entries.
    {
      filename: at('services/placements/src/placements.module.ts'),
      code: "import { vacanciesGroup } from './vacancies/index.ts';",
    },
    // Content's groups: forms stands on the CMS's public entry.
    {
      filename: at('services/content/src/forms/form-files/form-files.service.ts'),
      code: "import { checkFile } from '../../cms/index.ts'; import { x } from '../forms.service.ts';",
    },
    {
      filename: at('services/content/src/content.module.ts'),
      code: "import { cmsGroup } from './cms/index.ts'; import { formsGroup } from './forms/index.ts';",
    },
    // Tests compose whatever they need.
    {
      filename: at('services/placements/src/hours/hours.int.test.ts'),
      code: "import { x } from '../internships/internships.repository.ts';",
    },
  ],
  invalid: [
    {
      filename: at('services/organizations/src/imports/import-workflows.ts'),
      code: "import { TASK_QUEUES } from '@stageplein/workflows/task-queues';",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: at('contracts/src/client/api-client.ts'),
      code: "export * from '@stageplein/kit/errors/api-error';",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: at('services/identity/src/users/users.service.ts'),
      code: "import { x } from '@stageplein/organizations';",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: at('admin-ui/src/providers/access.ts'),
      code: "import { x } from '@stageplein/identity/users/users.policy';",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: at('design-system/src/components/toasts/toaster.tsx'),
      code: "import { x } from '@stageplein/kit/errors/api-error';",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: at('design-system/src/forms/fields.tsx'),
      code: "import { x } from '../../../portal-ui/src/shell/header.tsx';",
      errors: [{ messageId: 'relative' }],
    },
    {
      filename: at('services/identity/src/users/users.int.test.ts'),
      code: "import { x } from '../../../../infra/testing/src/harness.ts';",
      errors: [{ messageId: 'relative' }],
    },
    {
      filename: at('infra/bench/bench-lib.ts'),
      code: "const m = import('../../services/kit/src/config/config.ts');",
      errors: [{ messageId: 'relative' }],
    },
    {
      filename: at('services/kit/src/service.ts'),
      code: "import { x } from '../../../vitest.config.ts';",
      errors: [{ messageId: 'relativeRoot' }],
    },
    // A wrong arrow between groups: hours stands below assignments, so it may not import it.
    {
      filename: at('services/placements/src/hours/hours.service.ts'),
      code: "import { tasksFollowSupervisor } from '../assignments/index.ts';",
      errors: [{ messageId: 'groupUndeclared' }],
    },
    // Past another group's entry: one group's table type in another group's repository.
    {
      filename: at('services/placements/src/hours/hours.repository.ts'),
      code: "import { TInternshipsTable } from '../internships/internships.table.ts';",
      errors: [{ messageId: 'groupEntry' }],
    },
    {
      filename: at('services/placements/src/placements.module.ts'),
      code: "import { vacanciesRoutes } from './vacancies/vacancies.routes.ts';",
      errors: [{ messageId: 'groupEntry' }],
    },
    // The floor imports no group: the database type does not import the groups' tables.
    {
      filename: at('services/placements/src/database.ts'),
      code: "import { TVacanciesTable } from './vacancies/vacancies.table.ts';",
      errors: [{ messageId: 'groupUp' }],
    },
    {
      filename: at('services/placements/src/shared/caller.ts'),
      code: "import { x } from '../internships/index.ts';",
      errors: [{ messageId: 'groupUp' }],
    },
    // Content: the CMS stands below forms, and forms reaches the CMS only through its entry.
    {
      filename: at('services/content/src/cms/pages/pages.service.ts'),
      code: "import { formsGroup } from '../../forms/index.ts';",
      errors: [{ messageId: 'groupUndeclared' }],
    },
    {
      filename: at('services/content/src/forms/form-files/form-files.service.ts'),
      code: "import { checkFile } from '../../cms/uploads/file-check.ts';",
      errors: [{ messageId: 'groupEntry' }],
    },
    {
      filename: at('services/content/src/database.ts'),
      code: "import { TPagesTable } from './cms/pages/pages.table.ts';",
      errors: [{ messageId: 'groupUp' }],
    },
    // A group does not import the composition.
    {
      filename: at('services/placements/src/vacancies/vacancies.routes.ts'),
      code: "import { placementsService } from '../placements.module.ts';",
      errors: [{ messageId: 'groupUp' }],
    },
  ],
});

describe('grouped packages', () => {
  it.each(GROUPED.map((g) => [g.dir, g] as const))(
    'every folder of %s is a group, the floor or the composition',
    (dir, g) => {
      const folders = readdirSync(at(dir), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name);
      const known = new Set([...Object.keys(g.groups), ...g.floor, ...g.composition]);
      expect(folders.filter((f) => !known.has(f))).toEqual([]);
      for (const group of Object.keys(g.groups)) expect(folders).toContain(group);
    },
  );

  it.each(GROUPED.map((g) => [g.dir, g] as const))(
    'the groups of %s depend only on groups listed before them',
    (_dir, g) => {
      const order = Object.keys(g.groups);
      for (const [group, deps] of Object.entries(g.groups))
        for (const dep of deps)
          expect(order.indexOf(dep), `${group} -> ${dep}`).toBeLessThan(order.indexOf(group));
    },
  );
});
