import { describe, expect, it } from 'vitest';
import { validateWorkflowDefinition } from '@stageplein/contracts/phases/workflow-rules';
import { previewTimeline } from '@stageplein/contracts/phases/workflow-timeline';
import { TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import { seedWorkflowContent } from './phases.seed-content.ts';

const TEMPLATE = '11111111-1111-4111-8111-111111111111';

describe('the seeded default workflows', () => {
  it.each(TENANT_LIST.map((t) => [t.id, t] as const))(
    '%s: valid under its switches, in order',
    (_, tenant) => {
      const template = tenant.features.evaluationForms ? TEMPLATE : null;
      const content = seedWorkflowContent(tenant, template);
      expect(validateWorkflowDefinition(content, tenant.features)).toEqual([]);
      expect(content.phases.map((p) => p.name.nl)).toEqual(
        tenant.features.traineeship
          ? ['Aanmelden', 'Contract', 'Stage', 'Evaluatie', 'Afgerond']
          : ['Aanmelden', 'Akkoord school', 'Uren maken', 'Evaluatie', 'Afgerond'],
      );
      for (const p of content.phases) {
        expect(p.name.en, p.name.nl).not.toBe('');
        for (const t of p.tasks) expect(t.title.en, t.title.nl).not.toBe('');
      }
      const kinds = content.phases.flatMap((p) => p.tasks.map((t) => t.kind));
      expect(kinds.includes('evaluation')).toBe(template !== null);
      // Stable ids: a second build is the same document.
      expect(seedWorkflowContent(tenant, template)).toEqual(content);
    },
  );

  it('gives tenants their own ids and previews a realistic term', () => {
    const [a, b] = TENANT_LIST.filter((t) => !t.features.traineeship);
    expect(seedWorkflowContent(a!, null).phases[0]!.id).not.toBe(seedWorkflowContent(b!, null).phases[0]!.id);
    const timeline = previewTimeline(seedWorkflowContent(a!, null), {
      start_date: '2027-02-01',
      end_date: '2027-05-31',
    });
    expect(timeline.map((p) => [p.name.nl, p.starts_on, p.ends_on])).toEqual([
      ['Aanmelden', '2027-02-01', '2027-02-11'],
      ['Akkoord school', '2027-02-11', '2027-02-16'],
      ['Uren maken', '2027-02-16', '2027-06-07'],
      ['Evaluatie', '2027-06-07', '2027-07-05'],
      ['Afgerond', '2027-07-05', '2027-07-05'],
    ]);
  });
});
