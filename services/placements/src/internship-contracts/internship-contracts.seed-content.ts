import type { TRichTextDocument, TRichTextNode } from '@stageplein/contracts/content/content';
import {
  defaultSigners,
  type TCompanyField,
  type TContractSwitches,
  type TContractTemplateContent,
} from '@stageplein/contracts/internship-contracts/contract-rules';

const text = (t: string): TRichTextNode => ({ type: 'text', text: t });
const p = (...parts: (string | TRichTextNode)[]): TRichTextNode => ({
  type: 'paragraph',
  content: parts.map((x) => (typeof x === 'string' ? text(x) : x)),
});
const h = (t: string): TRichTextNode => ({ type: 'heading', attrs: { level: 2 }, content: [text(t)] });
const b = (t: string): TRichTextNode => ({ type: 'text', text: t, marks: [{ type: 'bold' }] });
const doc = (...content: TRichTextNode[]): TRichTextDocument => ({ type: 'doc', content });

/** The company fields of the seeded template (where the tenant has the company fill fields in). */
export const SEED_COMPANY_FIELDS: TCompanyField[] = [
  { key: 'werktijden', label: { nl: 'Werktijden', en: 'Working hours' }, kind: 'text', required: true },
  {
    key: 'vergoeding',
    label: { nl: 'Stagevergoeding per maand (€)', en: 'Monthly allowance (€)' },
    kind: 'number',
    required: false,
  },
];

/** The seeded "Praktijkovereenkomst": every School of a traineeship tenant gets it, published. */
export function seedTemplateContent(switches: TContractSwitches): TContractTemplateContent {
  const fields = switches.companyFillsContractFields;
  return {
    body_nl: doc(
      h('Praktijkovereenkomst'),
      p(
        'Deze overeenkomst is gesloten tussen ',
        b('{{school.name}}'),
        ', ',
        b('{{organization.name}}'),
        ' ({{organization.address}}) en ',
        b('{{student.name}}'),
        ', geboren op {{student.birth_date}}.',
      ),
      h('De stage'),
      p(
        '{{student.first_name}} loopt stage als "{{internship.title}}" van {{internship.start_date}} tot en met {{internship.end_date}}. De praktijkbegeleider is {{supervisor.name}}; de stagedocent is {{mentor.name}}.',
      ),
      ...(fields
        ? [p('Werktijden: {{company.werktijden}}. Stagevergoeding per maand: € {{company.vergoeding}}.')]
        : []),
      h('Afspraken'),
      p(
        'Het bedrijf biedt een veilige leerplek en begeleidt de student. De student houdt zich aan de regels van het bedrijf. De school volgt de voortgang en beoordeelt de stage.',
      ),
      p('Opgesteld op {{contract.date}}.'),
    ),
    body_en: doc(
      h('Internship agreement'),
      p(
        'This agreement is made between ',
        b('{{school.name}}'),
        ', ',
        b('{{organization.name}}'),
        ' ({{organization.address}}) and ',
        b('{{student.name}}'),
        ', born on {{student.birth_date}}.',
      ),
      h('The internship'),
      p(
        '{{student.first_name}} works as "{{internship.title}}" from {{internship.start_date}} up to and including {{internship.end_date}}. The supervisor is {{supervisor.name}}; the mentor is {{mentor.name}}.',
      ),
      ...(fields
        ? [p('Working hours: {{company.werktijden}}. Monthly allowance: € {{company.vergoeding}}.')]
        : []),
      h('Agreements'),
      p(
        'The company offers a safe place to learn and guides the student. The student follows the company’s rules. The school follows the progress and assesses the internship.',
      ),
      p('Drawn up on {{contract.date}}.'),
    ),
    company_fields: fields ? SEED_COMPANY_FIELDS : [],
    signers: defaultSigners(switches),
  };
}
