import type { TFormDefinition, TFormField } from '@stageplein/contracts/forms/form-definition';

/**
 * Forms placements answers against an internship (purposes `evaluation` and `assignment`): the starting
 * evaluation per role and the workplace supervisor's assignment. Schools adapt them in the builder.
 */

const scale = (id: string, nl: string, en: string): TFormField => ({
  id,
  type: 'scale',
  label: { nl, en },
  min: 1,
  max: 5,
  min_label: { nl: 'Onvoldoende', en: 'Poor' },
  max_label: { nl: 'Uitstekend', en: 'Excellent' },
  rules: { required: true },
});

const text = (id: string, nl: string, en: string, required = false): TFormField => ({
  id,
  type: 'long_text',
  label: { nl, en },
  rules: { required, max_length: 5000 },
});

const form = (
  title: TFormDefinition['title'],
  description: TFormDefinition['description'],
  fields: TFormField[],
) =>
  ({
    format: 1,
    title,
    description,
    confirmation: { nl: 'Bedankt, je antwoorden zijn opgeslagen.', en: 'Thank you, your answers are saved.' },
    pages: [{ id: 'evaluation', sections: [{ id: 'questions', fields }] }],
  }) satisfies TFormDefinition;

export const SEED_STUDENT_EVALUATION: TFormDefinition = form(
  { nl: 'Evaluatie stage (student)', en: 'Internship evaluation (student)' },
  { nl: 'Kijk terug op je stage.', en: 'Look back on your internship.' },
  [
    scale('learned', 'Hoeveel heb je geleerd?', 'How much did you learn?'),
    scale('guidance', 'Hoe was de begeleiding op je stageplek?', 'How was the guidance at your workplace?'),
    text('went_well', 'Wat ging goed?', 'What went well?', true),
    text('improve', 'Wat kan beter?', 'What could be better?'),
    {
      id: 'recommend',
      type: 'yes_no',
      label: { nl: 'Raad je deze stageplek aan?', en: 'Would you recommend this workplace?' },
      rules: { required: true },
    },
  ],
);

export const SEED_SUPERVISOR_EVALUATION: TFormDefinition = form(
  { nl: 'Evaluatie stage (praktijkbegeleider)', en: 'Internship evaluation (workplace supervisor)' },
  { nl: 'Beoordeel de stagiair op uw werkplek.', en: 'Assess the intern at your workplace.' },
  [
    scale('attitude', 'Werkhouding', 'Work attitude'),
    scale('skills', 'Vakkennis en vaardigheden', 'Knowledge and skills'),
    scale('independence', 'Zelfstandigheid', 'Independence'),
    scale('communication', 'Communicatie', 'Communication'),
    text('feedback', 'Toelichting voor de student', 'Feedback for the student', true),
  ],
);

export const SEED_MENTOR_EVALUATION: TFormDefinition = form(
  { nl: 'Evaluatie stage (mentor)', en: 'Internship evaluation (mentor)' },
  { nl: 'Uw eindoordeel als mentor.', en: 'Your final assessment as mentor.' },
  [
    scale('progress', 'Ontwikkeling tijdens de stage', 'Development during the internship'),
    scale('reflection', 'Reflectie van de student', 'The student’s reflection'),
    {
      id: 'verdict',
      type: 'single_choice',
      label: { nl: 'Eindoordeel', en: 'Final verdict' },
      options: [
        { value: 'insufficient', label: { nl: 'Onvoldoende', en: 'Insufficient' } },
        { value: 'sufficient', label: { nl: 'Voldoende', en: 'Sufficient' } },
        { value: 'good', label: { nl: 'Goed', en: 'Good' } },
      ],
      rules: { required: true },
    },
    text('remarks', 'Opmerkingen', 'Remarks'),
  ],
);

export const SEED_SUPERVISOR_ASSIGNMENT: TFormDefinition = form(
  { nl: 'Opdracht praktijkbegeleider', en: 'Workplace supervisor assignment' },
  {
    nl: 'Bespreek de opdracht met de student en vul daarna uw observatie in.',
    en: 'Discuss the assignment with the student, then fill in your observation.',
  },
  [
    {
      id: 'discussed_on',
      type: 'date',
      label: { nl: 'Besproken op', en: 'Discussed on' },
      rules: { required: true },
    },
    scale(
      'result',
      'Hoe heeft de student de opdracht uitgevoerd?',
      'How did the student carry out the assignment?',
    ),
    text('observation', 'Uw observatie', 'Your observation', true),
  ],
);

/** Evaluation forms, one per role, and the assignment form, in the order they are seeded. */
export const SEED_PLACEMENT_FORMS = [
  { purpose: 'evaluation', definition: SEED_STUDENT_EVALUATION },
  { purpose: 'evaluation', definition: SEED_SUPERVISOR_EVALUATION },
  { purpose: 'evaluation', definition: SEED_MENTOR_EVALUATION },
  { purpose: 'assignment', definition: SEED_SUPERVISOR_ASSIGNMENT },
] as const;
