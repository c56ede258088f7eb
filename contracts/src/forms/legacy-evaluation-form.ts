import type { TFormDefinition, TFormField } from './form-definition.ts';

/**
 * The legacy evaluation form (spec §1 "Legacy evaluation form": corderius and casteleijn): a fixed form
 * per role, answered instead of the school's configured evaluation forms. It is the community-service
 * internship ("maatschappelijke stage") evaluation those schools know — the supervisor rates six
 * competences on a four-point scale and gives a verdict, the student reflects, the mentor signs off.
 * The questions are described in docs/decisions/evaluations.md.
 *
 * Frozen like a published version: stored answers name `LEGACY_EVALUATION_FORM_VERSION`; a change of
 * a question's id or meaning needs version 2 beside this one, never an edit.
 */
export const LEGACY_EVALUATION_FORM_VERSION = 1;

const FOUR_POINT = {
  type: 'scale',
  min: 1,
  max: 4,
  min_label: { nl: 'Onvoldoende', en: 'Insufficient' },
  max_label: { nl: 'Goed', en: 'Good' },
  rules: { required: true },
} as const;

const rating = (id: string, nl: string, en: string, helpNl: string, helpEn: string): TFormField => ({
  id,
  label: { nl, en },
  help: { nl: helpNl, en: helpEn },
  ...FOUR_POINT,
});

const text = (id: string, nl: string, en: string, required: boolean): TFormField => ({
  id,
  type: 'long_text',
  label: { nl, en },
  rules: { required, max_length: 3000 },
});

const definition = (
  title: TFormDefinition['title'],
  sections: TFormDefinition['pages'][number]['sections'],
): TFormDefinition => ({
  format: 1,
  title,
  confirmation: { nl: 'Bedankt, de evaluatie is opgeslagen.', en: 'Thank you, the evaluation is saved.' },
  pages: [{ id: 'legacy', sections }],
});

const SUPERVISOR: TFormDefinition = definition(
  {
    nl: 'Beoordeling maatschappelijke stage (stagebieder)',
    en: 'Community internship assessment (workplace)',
  },
  [
    {
      id: 'competences',
      title: { nl: 'Houding en vaardigheden', en: 'Attitude and skills' },
      fields: [
        rating(
          'punctuality',
          'Afspraken nakomen',
          'Keeping appointments',
          'Op tijd aanwezig, afmelden bij verhindering.',
          'On time, calls in when unable to come.',
        ),
        rating(
          'commitment',
          'Inzet en motivatie',
          'Effort and motivation',
          'Toont interesse en zet zich in.',
          'Shows interest and makes an effort.',
        ),
        rating(
          'cooperation',
          'Samenwerken',
          'Cooperation',
          'Werkt prettig samen met collega’s en vrijwilligers.',
          'Works well with colleagues and volunteers.',
        ),
        rating(
          'target_group',
          'Omgang met de doelgroep',
          'Dealing with the people served',
          'Respectvol en betrokken.',
          'Respectful and involved.',
        ),
        rating(
          'initiative',
          'Zelfstandigheid en initiatief',
          'Independence and initiative',
          'Ziet werk liggen en vraagt om hulp als dat nodig is.',
          'Sees what needs doing and asks for help when needed.',
        ),
        rating(
          'task_quality',
          'Uitvoering van de taken',
          'Carrying out the tasks',
          'De afgesproken taken zijn goed uitgevoerd.',
          'The agreed tasks were done well.',
        ),
      ],
    },
    {
      id: 'verdict_section',
      title: { nl: 'Eindoordeel', en: 'Verdict' },
      fields: [
        {
          id: 'hours_completed',
          type: 'yes_no',
          label: {
            nl: 'Heeft de leerling alle afgesproken uren gemaakt?',
            en: 'Did the student work all agreed hours?',
          },
          rules: { required: true },
        },
        {
          id: 'verdict',
          type: 'single_choice',
          label: { nl: 'Eindoordeel', en: 'Verdict' },
          display: 'radio',
          options: [
            { value: 'insufficient', label: { nl: 'Onvoldoende', en: 'Insufficient' } },
            { value: 'sufficient', label: { nl: 'Voldoende', en: 'Sufficient' } },
            { value: 'good', label: { nl: 'Goed', en: 'Good' } },
          ],
          rules: { required: true },
        },
        text(
          'remarks',
          'Toelichting voor de leerling en de school',
          'Remarks for the student and the school',
          false,
        ),
      ],
    },
  ],
);

const STUDENT: TFormDefinition = definition(
  { nl: 'Terugblik maatschappelijke stage (leerling)', en: 'Community internship reflection (student)' },
  [
    {
      id: 'reflection',
      title: { nl: 'Terugblik', en: 'Looking back' },
      fields: [
        text(
          'activities',
          'Wat heb je tijdens je stage gedaan?',
          'What did you do during your internship?',
          true,
        ),
        text(
          'learned',
          'Wat heb je geleerd, over jezelf en over anderen?',
          'What did you learn, about yourself and others?',
          true,
        ),
        rating(
          'experience',
          'Hoe heb je je stage ervaren?',
          'How did you experience your internship?',
          '1 = niet leuk, 4 = heel leuk.',
          '1 = not enjoyable, 4 = very enjoyable.',
        ),
        rating(
          'guidance',
          'Hoe was de begeleiding op je stageplek?',
          'How was the guidance at your workplace?',
          '1 = onvoldoende, 4 = goed.',
          '1 = insufficient, 4 = good.',
        ),
        {
          id: 'again',
          type: 'yes_no',
          label: {
            nl: 'Zou je dit soort vrijwilligerswerk nog eens doen?',
            en: 'Would you do this kind of volunteering again?',
          },
          rules: { required: true },
        },
      ],
    },
  ],
);

const MENTOR: TFormDefinition = definition(
  { nl: 'Afronding maatschappelijke stage (mentor)', en: 'Community internship sign-off (mentor)' },
  [
    {
      id: 'sign_off',
      title: { nl: 'Afronding', en: 'Sign-off' },
      fields: [
        {
          id: 'report_received',
          type: 'yes_no',
          label: { nl: 'Is het stageverslag ingeleverd?', en: 'Was the internship report handed in?' },
          rules: { required: true },
        },
        rating(
          'reflection_quality',
          'Kwaliteit van de reflectie',
          'Quality of the reflection',
          'Het verslag en het gesprek samen.',
          'The report and the conversation together.',
        ),
        {
          id: 'completed',
          type: 'single_choice',
          label: { nl: 'Maatschappelijke stage', en: 'Community internship' },
          display: 'radio',
          options: [
            { value: 'completed', label: { nl: 'Afgerond', en: 'Completed' } },
            { value: 'not_completed', label: { nl: 'Niet afgerond', en: 'Not completed' } },
          ],
          rules: { required: true },
        },
        text('remarks', 'Opmerkingen', 'Remarks', false),
      ],
    },
  ],
);

/** The legacy form of each role (student, workplace supervisor, mentor). */
export const LEGACY_EVALUATION_FORMS = Object.freeze({
  student: STUDENT,
  supervisor: SUPERVISOR,
  mentor: MENTOR,
} as const satisfies Record<'student' | 'supervisor' | 'mentor', TFormDefinition>);
