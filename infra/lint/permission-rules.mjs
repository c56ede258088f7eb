// ESLint rule `stageplein/no-permission-rules` (issue #32: "0 permission rules written in a front end"):
// a front end (portal-ui, admin-ui, design-system) asks contracts' rules (derivePermissions' flags are
// their input), the same functions the services' policies call; it never writes one itself. Found:
// - reading a permission flag (`permissions.isAdmin`, `{ isSchoolAdmin } = …`);
// - searching a user's roles (`user.roles.includes(…)`, `.some`, `.find`, …);
// - comparing a role's name or an organization's type with a literal (`r.name === 'admin'`,
//   `current.type !== 'School'`).
// The lists below are contracts' (permission-rules.test.ts holds them equal).

/** The keys of contracts' `TPermissions` (derivePermissions). */
export const PERMISSION_FLAGS = [
  'isAdmin',
  'isMentor',
  'isStudent',
  'isNonProfitAdmin',
  'isProviderAdmin',
  'isVolunteerCenterAdmin',
  'isSchoolAdmin',
  'isMentorOrSchoolAdmin',
  'isSchoolOrCenterAdmin',
  'isVolunteer',
  'designWorkflows',
];
/** contracts' ROLE_NAMES and ORGANIZATION_TYPES. */
export const ROLE_NAMES = ['admin', 'volunteer', 'student', 'mentor'];
export const ORGANIZATION_TYPES = ['School', 'VolunteerCenter', 'NonProfit', 'Provider'];

const ROLE_SEARCHES = new Set(['includes', 'some', 'find', 'findIndex', 'filter', 'every']);
const propertyName = (node) =>
  node?.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier'
    ? node.property.name
    : undefined;
const unwrap = (node) => (node?.type === 'ChainExpression' ? node.expression : node);

/** @type {import('eslint').Rule.RuleModule} */
export const permissionRulesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Front ends use the permission rules of contracts; they write none.' },
    schema: [],
    messages: {
      flag: "'{{name}}' is a permission flag: ask a rule of contracts (the one the server's policy uses), or add it there.",
      roles: 'Searching roles is a permission rule: ask a rule of contracts, or add it there.',
      compare:
        "Comparing a {{what}} with '{{value}}' is a permission rule: ask a rule of contracts, or add it there.",
    },
  },
  create(context) {
    const flags = new Set(PERMISSION_FLAGS);
    return {
      MemberExpression(node) {
        const name = propertyName(node);
        if (name && flags.has(name)) context.report({ node, messageId: 'flag', data: { name } });
      },
      'ObjectPattern > Property'(node) {
        const key = node.key.type === 'Identifier' ? node.key.name : node.key.value;
        if (!node.computed && flags.has(key))
          context.report({ node, messageId: 'flag', data: { name: key } });
      },
      CallExpression(node) {
        const callee = unwrap(node.callee);
        if (ROLE_SEARCHES.has(propertyName(callee)) && propertyName(unwrap(callee.object)) === 'roles')
          context.report({ node, messageId: 'roles' });
      },
      BinaryExpression(node) {
        if (!['===', '!==', '==', '!='].includes(node.operator)) return;
        for (const [literal, other] of [
          [node.left, node.right],
          [node.right, node.left],
        ]) {
          if (literal.type !== 'Literal' || typeof literal.value !== 'string') continue;
          const property = propertyName(unwrap(other));
          if (ROLE_NAMES.includes(literal.value) && property === 'name')
            context.report({
              node,
              messageId: 'compare',
              data: { what: "role's name", value: literal.value },
            });
          if (
            ORGANIZATION_TYPES.includes(literal.value) &&
            (property === 'type' || property === 'resourceType')
          )
            context.report({
              node,
              messageId: 'compare',
              data: { what: "organization's type", value: literal.value },
            });
        }
      },
    };
  },
};

export default { rules: { 'no-permission-rules': permissionRulesRule } };
