import { FORM_DEFINITION_FORMAT, type TFormDefinition } from '@stageplein/contracts/forms/form-definition';

const l = (nl: string, en: string) => ({ nl, en });

/**
 * The test pages' example form (`/test/formbuilder`, `/test/stagedoos_fields`): every field type of
 * the format, two pages, and conditions (a question shown only for one answer, a section shown only
 * for "yes").
 */
export const DEMO_DEFINITION: TFormDefinition = {
  format: FORM_DEFINITION_FORMAT,
  title: l('Voorbeeld: stage-evaluatie', 'Example: internship evaluation'),
  description: l(
    'Alle soorten vragen van het formulierformaat.',
    'Every kind of question of the form format.',
  ),
  pages: [
    {
      id: 'about',
      title: l('Over jou', 'About you'),
      sections: [
        {
          id: 'contact',
          title: l('Contactgegevens', 'Contact details'),
          fields: [
            {
              id: 'intro',
              type: 'info_text',
              text: l('Vul eerst je gegevens in.', 'First fill in your details.'),
            },
            {
              id: 'name',
              type: 'short_text',
              label: l('Naam', 'Name'),
              rules: { required: true, max_length: 80 },
            },
            {
              id: 'email',
              type: 'email',
              label: l('E-mailadres', 'E-mail address'),
              rules: { required: true },
            },
            { id: 'phone', type: 'phone', label: l('Telefoonnummer', 'Phone number') },
            { id: 'website', type: 'url', label: l('Website', 'Website') },
            { id: 'birthday', type: 'date', label: l('Startdatum stage', 'Internship start date') },
          ],
        },
      ],
    },
    {
      id: 'internship',
      title: l('Je stage', 'Your internship'),
      sections: [
        {
          id: 'rating',
          fields: [
            {
              id: 'kind',
              type: 'single_choice',
              label: l('Soort stage', 'Kind of internship'),
              options: [
                { value: 'social', label: l('Maatschappelijke stage', 'Community internship') },
                { value: 'work', label: l('Beroepsstage', 'Work placement') },
                { value: 'other', label: l('Anders', 'Other') },
              ],
              rules: { required: true },
            },
            {
              id: 'kind_other',
              type: 'short_text',
              label: l('Welke soort?', 'Which kind?'),
              rules: { required: true },
              visible_if: { all: [{ field: 'kind', op: 'equals', value: 'other' }] },
            },
            {
              id: 'hours',
              type: 'number',
              label: l('Aantal uren', 'Number of hours'),
              rules: { integer: true, positive: true, max: 400 },
            },
            {
              id: 'score',
              type: 'scale',
              label: l('Hoe tevreden ben je?', 'How satisfied are you?'),
              min: 1,
              max: 5,
              min_label: l('Niet', 'Not at all'),
              max_label: l('Heel erg', 'Very'),
            },
            {
              id: 'learned',
              type: 'multiple_choice',
              label: l('Wat heb je geleerd?', 'What did you learn?'),
              options: [
                { value: 'teamwork', label: l('Samenwerken', 'Teamwork') },
                { value: 'planning', label: l('Plannen', 'Planning') },
                { value: 'talking', label: l('Gesprekken voeren', 'Conversations') },
              ],
              rules: { max_items: 2 },
            },
            {
              id: 'again',
              type: 'yes_no',
              label: l('Zou je hier weer stage lopen?', 'Would you intern here again?'),
              rules: { required: true },
            },
          ],
        },
        {
          id: 'closing',
          visible_if: { all: [{ field: 'again', op: 'equals', value: true }] },
          title: l('Afronding', 'Closing'),
          fields: [
            { id: 'why', type: 'long_text', label: l('Waarom?', 'Why?'), rules: { min_length: 10 } },
            {
              id: 'report',
              type: 'file_upload',
              label: l('Verslag (pdf of afbeelding)', 'Report (pdf or image)'),
            },
            {
              id: 'signature',
              type: 'signature',
              label: l('Handtekening', 'Signature'),
              rules: { required: true },
            },
          ],
        },
      ],
    },
  ],
};
