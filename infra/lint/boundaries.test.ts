import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { boundariesRule } from './boundaries.mjs';

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
  ],
});
