// ESLint rule `stageplein/boundaries`: packages point one way (docs/architecture.md, "Package graph").
//
//   contracts ← kit ← services (identity, organizations, content, placements, notifications, gateway) ← workflows ← stack
//   UIs → design-system → contracts; engines stand alone; testing may use everything but the UIs.
//   The design system is UI code (tokens, components) shared by both front ends: it imports only
//   contracts, so "UIs import only contracts" stays true of everything below the UIs.
//
// Three checks on every import, export-from and dynamic import():
// - a relative path may not leave its package: another package is imported by its name;
// - a package may import only the packages below it. Tests (`*.test.ts`, `test/`, `scripts/`) may
//   also import any package by name: they compose real parts (several services, the harness);
// - inside a package cut into groups (GROUPED below), a group imports its own files, the package's
//   floor and the public entry (`index.ts`) of a group it names; the floor imports no group; the rest
//   (the composition: the module, the process entries) imports groups by their `index.ts` only.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Folder → package name and the packages it may import (by short name). Order: most specific first. */
export const PACKAGES = [
  { dir: 'contracts', name: 'contracts', may: [] },
  { dir: 'services/kit', name: 'kit', may: ['contracts'] },
  { dir: 'services/identity', name: 'identity', may: ['contracts', 'kit'] },
  { dir: 'services/organizations', name: 'organizations', may: ['contracts', 'kit'] },
  { dir: 'services/content', name: 'content', may: ['contracts', 'kit'] },
  { dir: 'services/placements', name: 'placements', may: ['contracts', 'kit'] },
  { dir: 'services/notifications', name: 'notifications', may: ['contracts', 'kit'] },
  { dir: 'services/gateway', name: 'gateway', may: ['contracts', 'kit'] },
  {
    dir: 'workflows',
    name: 'workflows',
    may: ['contracts', 'kit', 'identity', 'organizations', 'placements', 'content', 'notifications'],
  },
  { dir: 'infra/engines', name: 'engines', may: [] },
  {
    dir: 'infra/stack',
    name: 'stack',
    may: [
      'contracts',
      'kit',
      'identity',
      'organizations',
      'content',
      'placements',
      'notifications',
      'gateway',
      'workflows',
      'engines',
    ],
  },
  {
    dir: 'infra/testing',
    name: 'testing',
    may: [
      'contracts',
      'kit',
      'identity',
      'organizations',
      'content',
      'placements',
      'notifications',
      'gateway',
      'workflows',
      'engines',
      'stack',
    ],
  },
  { dir: 'design-system', name: 'design-system', may: ['contracts'] },
  { dir: 'portal-ui', name: 'portal-ui', may: ['contracts', 'design-system'] },
  { dir: 'admin-ui', name: 'admin-ui', may: ['contracts', 'design-system'] },
];

/**
 * Packages cut into groups (docs/decisions/placements.md "Groups", docs/service-template.md "A new
 * group"): under `dir`, each group's folder and the groups it may import, from the bottom up; the
 * floor every group stands on (files and folders); the folders of the composition besides src's own
 * files. Every folder under `dir` is one of these (boundaries.test.ts checks it).
 */
export const GROUPED = [
  {
    dir: 'services/placements/src',
    floor: ['database.ts', 'placements.config.ts', 'shared', 'geo', 'migrations'],
    composition: ['backfill'],
    groups: {
      'read-models': [],
      vacancies: ['read-models'],
      'vacancy-search': ['read-models', 'vacancies'],
      internships: ['read-models', 'vacancies'],
      hours: ['read-models', 'internships'],
      allocation: ['read-models', 'vacancies', 'internships'],
      assignments: ['read-models', 'internships', 'hours'],
      evaluations: ['read-models', 'internships', 'hours'],
      // Contract templates and contracts (issue #34); phases' "contract signed" task calls its service.
      'internship-contracts': ['read-models', 'internships'],
      phases: ['read-models', 'internships', 'evaluations'],
      // The runtime of phases: runs the definitions' published versions (phases) on internships.
      // An assignment task gives an internship entering its phase the assignment (assignToInternship).
      'phase-runs': ['read-models', 'internships', 'phases', 'internship-contracts', 'assignments'],
      progress: ['read-models', 'internships', 'evaluations', 'internship-contracts'],
      'bulk-messages': ['read-models'],
      // Sealed contract PDFs: rendering, the object store, verification (docs/decisions/contract-documents.md).
      'contract-documents': [],
      // Read models fed by placements' events and the school's and organization's views (issue #37).
      analytics: [],
      // Discrimination reports (issue #37 item 3): reports on internships; the pause table is the floor's.
      'discrimination-reports': ['read-models', 'internships'],
      // Write-back (issue #36 item 4): a period's completed internships, collected by progress's statement.
      'write-back': ['progress'],
      // A supervisor without an account asks for one through their hours or evaluation link (issue #30 item 6).
      'supervisor-accounts': ['read-models', 'hours'],
    },
  },
  {
    // docs/decisions/content.md "Groups": the CMS, and forms above it (visitors' files in its storage).
    dir: 'services/content/src',
    floor: ['database.ts', 'content.config.ts', 'shared', 'migrations'],
    composition: [],
    groups: {
      cms: [],
      forms: ['cms'],
    },
  },
];

/** Where a repository-relative path stands in its grouped package: a group, the floor or the composition. */
export function partOf(relativePath) {
  const p = relativePath.split(path.sep).join('/');
  const grouped = GROUPED.find((g) => p.startsWith(`${g.dir}/`));
  if (!grouped) return undefined;
  const first = p.slice(grouped.dir.length + 1).split('/')[0];
  if (Object.hasOwn(grouped.groups, first)) {
    return { grouped, kind: 'group', name: first, isEntry: p === `${grouped.dir}/${first}/index.ts` };
  }
  return { grouped, kind: grouped.floor.includes(first) ? 'floor' : 'composition', name: first };
}

/** The package a repository-relative path belongs to; undefined for the root's own tools and configs. */
export function packageOf(relativePath) {
  const p = relativePath.split(path.sep).join('/');
  return PACKAGES.find((pkg) => p === pkg.dir || p.startsWith(`${pkg.dir}/`));
}

function isTestFile(relativePath) {
  const p = relativePath.split(path.sep).join('/');
  return /\.test\.tsx?$/.test(p) || /(^|\/)(test|scripts)\//.test(p);
}

/** @type {import('eslint').Rule.RuleModule} */
export const boundariesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Packages import each other one way only, by name (docs/architecture.md).' },
    schema: [],
    messages: {
      relative:
        "'{{spec}}' reaches into {{target}} by a relative path; import it by name (@stageplein/{{targetName}}/…).",
      relativeRoot: "'{{spec}}' reaches into {{target}} by a relative path; import it by name.",
      upward:
        '{{from}} may not import @stageplein/{{to}}: packages point one way (contracts ← kit ← services ← workflows ← stack; UIs → design-system → contracts).',
      groupEntry:
        "'{{spec}}' reaches into the group {{to}} past its public entry; import {{to}}/index.ts (docs/decisions/placements.md).",
      groupUndeclared:
        'The group {{from}} may not import the group {{to}}: it is not among the groups {{from}} depends on (infra/lint/boundaries.mjs GROUPED).',
      groupUp:
        "'{{spec}}': the {{from}} may not import {{to}} (groups stand on the floor; only the composition imports groups).",
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename);
    if (file.startsWith('..')) return {};
    const own = packageOf(file);
    const test = isTestFile(file);

    function check(node, spec) {
      if (typeof spec !== 'string') return;
      if (spec.startsWith('.')) {
        const target = path.relative(ROOT, path.resolve(path.dirname(context.filename), spec));
        const targetPkg = packageOf(target);
        if (targetPkg === own) {
          if (!test) checkGroups(node, spec, target);
          return;
        }
        if (targetPkg) {
          context.report({
            node,
            messageId: 'relative',
            data: { spec, target: targetPkg.dir, targetName: targetPkg.name },
          });
        } else if (own) {
          context.report({ node, messageId: 'relativeRoot', data: { spec, target: target || '.' } });
        }
        return;
      }
      const m = /^@stageplein\/([^/]+)/.exec(spec);
      if (!m || !own || test) return;
      const to = m[1];
      if (to !== own.name && !own.may.includes(to)) {
        context.report({ node, messageId: 'upward', data: { from: own.dir, to } });
      }
    }

    function checkGroups(node, spec, target) {
      const from = partOf(file);
      const to = partOf(target);
      if (!from || !to || to.kind === 'floor') return;
      if (from.kind === 'group' && to.kind === 'group') {
        if (from.name === to.name) return;
        if (!to.isEntry) {
          context.report({ node, messageId: 'groupEntry', data: { spec, to: to.name } });
        } else if (!from.grouped.groups[from.name].includes(to.name)) {
          context.report({ node, messageId: 'groupUndeclared', data: { from: from.name, to: to.name } });
        }
        return;
      }
      if (from.kind === 'composition') {
        if (to.kind === 'group' && !to.isEntry)
          context.report({ node, messageId: 'groupEntry', data: { spec, to: to.name } });
        return;
      }
      // the floor imports only the floor; a group does not import the composition
      const fromName = from.kind === 'group' ? `group ${from.name}` : `floor (${from.name})`;
      const toName = to.kind === 'group' ? `the group ${to.name}` : `the composition (${to.name})`;
      context.report({ node, messageId: 'groupUp', data: { spec, from: fromName, to: toName } });
    }

    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node.source, node.source.value);
      },
    };
  },
};

export default { rules: { boundaries: boundariesRule } };
