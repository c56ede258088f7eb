import { useLocaleState } from 'react-admin';

/**
 * The back office's workflow screens' texts (issue #33), nl and en, in the resources' chunks. The
 * vocabulary's values are contracts' (phases/workflow-rules.ts); these are their names on screen.
 */
const nl = {
  lead: 'De workflows van je school, alleen om te bekijken. Ontwerpen, publiceren en lopende stages verplaatsen doe je in de workflow-ontwerper.',
  openDesigner: 'Openen in de ontwerper',
  name: 'Workflow',
  kind: 'Soort stages',
  kinds: { contract: 'met stageovereenkomst', hours: 'met urenregistratie' },
  isDefault: 'Standaard',
  published: 'Gepubliceerde versie',
  draft: 'Concept',
  none: '—',
  phases: 'Fasen',
  versionLabel: 'Versie {{version}}',
  states: { draft: 'Concept', published: 'Gepubliceerd' },
  publishedAt: 'Gepubliceerd op',
  runs: 'Stages met deze workflow',
  noRuns: 'Er lopen geen stages met deze workflow.',
  student: 'Leerling',
  internship: 'Stage',
  version: 'Versie',
  currentPhase: 'Huidige fase',
  runState: 'Stand',
  runStates: { running: 'Loopt', completed: 'Afgerond', cancelled: 'Gestopt' },
  lastMigration: 'Laatst verplaatst',
  migration: 'van versie {{from}} naar {{to}} op {{date}}',
  task: 'Taak',
  who: 'Wie',
  what: 'Wat',
  deadline: 'Termijn',
  completion: 'Klaar als',
  status: 'Status',
  required: 'Verplicht',
  optional: 'niet verplicht',
  noTasks: 'Geen taken.',
  noDeadline: 'geen termijn',
  deadlines: {
    phase_start: '{{days}} dagen na het begin van de fase',
    period_start: '{{days}} dagen vanaf de eerste stagedag',
    period_end: '{{days}} dagen vanaf de laatste stagedag',
  },
  statuses: { preparing: 'Voorbereiden', running: 'Loopt', evaluating: 'Evalueren', finished: 'Afgerond' },
  completions: {
    all_required: 'alle verplichte taken klaar',
    any: 'één taak klaar',
    manual: 'de school of mentor sluit af',
  },
  actors: {
    student: 'Leerling',
    mentor: 'Mentor',
    school_admin: 'Schoolbeheerder',
    organization_contact: 'Contactpersoon stagebedrijf',
    supervisor: 'Praktijkbegeleider',
  },
  taskKinds: {
    checklist: 'Afvinken',
    evaluation: 'Evaluatie',
    assignment: 'Opdracht',
    hours: 'Uren',
    approval: 'Goedkeuring',
    contract_signed: 'Contract getekend',
  },
  backToWorkflow: 'Terug naar de workflow',
};
type TTexts = typeof nl;

const en: TTexts = {
  lead: 'Your school’s workflows, to look at only. Designing, publishing and moving running internships happen in the workflow designer.',
  openDesigner: 'Open in the designer',
  name: 'Workflow',
  kind: 'Kind of internships',
  kinds: { contract: 'with an internship agreement', hours: 'with hours' },
  isDefault: 'Default',
  published: 'Published version',
  draft: 'Draft',
  none: '—',
  phases: 'Phases',
  versionLabel: 'Version {{version}}',
  states: { draft: 'Draft', published: 'Published' },
  publishedAt: 'Published on',
  runs: 'Internships with this workflow',
  noRuns: 'No internships run with this workflow.',
  student: 'Student',
  internship: 'Internship',
  version: 'Version',
  currentPhase: 'Current phase',
  runState: 'State',
  runStates: { running: 'Running', completed: 'Completed', cancelled: 'Stopped' },
  lastMigration: 'Last moved',
  migration: 'from version {{from}} to {{to}} on {{date}}',
  task: 'Task',
  who: 'Who',
  what: 'What',
  deadline: 'Deadline',
  completion: 'Done when',
  status: 'Status',
  required: 'Required',
  optional: 'optional',
  noTasks: 'No tasks.',
  noDeadline: 'no deadline',
  deadlines: {
    phase_start: '{{days}} days after the phase starts',
    period_start: '{{days}} days from the internship’s first day',
    period_end: '{{days}} days from the internship’s last day',
  },
  statuses: { preparing: 'Preparing', running: 'Running', evaluating: 'Evaluating', finished: 'Finished' },
  completions: {
    all_required: 'all required tasks done',
    any: 'one task done',
    manual: 'the school or mentor closes it',
  },
  actors: {
    student: 'Student',
    mentor: 'Mentor',
    school_admin: 'School admin',
    organization_contact: 'Organization’s contact',
    supervisor: 'Workplace supervisor',
  },
  taskKinds: {
    checklist: 'Tick off',
    evaluation: 'Evaluation',
    assignment: 'Assignment',
    hours: 'Hours',
    approval: 'Approval',
    contract_signed: 'Contract signed',
  },
  backToWorkflow: 'Back to the workflow',
};

export function useWorkflowTexts(): TTexts {
  const [locale] = useLocaleState();
  return locale === 'en' ? en : nl;
}

/** `{{name}}` placeholders filled in. */
export const fill = (text: string, vars: Record<string, string | number>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));

/** A text in the back office's language (English falls back to Dutch). */
export function textIn(value: unknown, locale: string): string {
  const t = (value ?? {}) as { nl?: string; en?: string };
  return (locale === 'en' && t.en?.trim() ? t.en : t.nl) ?? '';
}

export const dateIn = (iso: unknown, locale: string) =>
  typeof iso === 'string'
    ? new Date(iso).toLocaleDateString(locale === 'en' ? 'en-GB' : 'nl-NL', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      })
    : '—';
