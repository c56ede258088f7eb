import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { NO_PERMISSIONS } from '@stageplein/contracts/identity/permissions';
import {
  ORGANIZATION_TYPES as CONTRACT_ORGANIZATION_TYPES,
  ROLE_NAMES as CONTRACT_ROLE_NAMES,
} from '@stageplein/contracts/identity/roles';
import {
  ORGANIZATION_TYPES,
  PERMISSION_FLAGS,
  permissionRulesRule,
  ROLE_NAMES,
} from './permission-rules.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' },
});

describe('the rule’s lists', () => {
  it('are contracts’ permission flags, role names and organization types', () => {
    expect([...PERMISSION_FLAGS].sort()).toEqual(Object.keys(NO_PERMISSIONS).sort());
    expect(ROLE_NAMES).toEqual([...CONTRACT_ROLE_NAMES]);
    expect(ORGANIZATION_TYPES).toEqual([...CONTRACT_ORGANIZATION_TYPES]);
  });
});

tester.run('stageplein/no-permission-rules', permissionRulesRule, {
  valid: [
    "import { managesVacanciesOf } from '@stageplein/contracts/placements/vacancy-policy'; const ok = managesVacanciesOf(permissions, current);",
    'const editable = fields.includes(name);',
    "const own = parts.find((p) => p.role === ownRole); const isStudentView = role === 'student';",
    "const isMain = menu.name === 'main'; const kind = vacancy.type === 'internship';",
    "if (status === 'admin') {}",
  ],
  invalid: [
    { code: 'const may = permissions.isAdmin && !!current;', errors: [{ messageId: 'flag' }] },
    { code: 'const may = p?.isSchoolAdmin;', errors: [{ messageId: 'flag' }] },
    { code: 'const { isMentor } = permissions;', errors: [{ messageId: 'flag' }] },
    { code: 'const admin = user.roles.some((r) => r.resourceId === id);', errors: [{ messageId: 'roles' }] },
    { code: "const admin = user?.roles?.includes('admin');", errors: [{ messageId: 'roles' }] },
    { code: "const admin = role.name === 'admin';", errors: [{ messageId: 'compare' }] },
    { code: "const school = current?.type !== 'School';", errors: [{ messageId: 'compare' }] },
    { code: "const school = 'Provider' == r.resourceType;", errors: [{ messageId: 'compare' }] },
  ],
});
