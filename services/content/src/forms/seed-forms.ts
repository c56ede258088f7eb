import type { TFormDefinition } from '@stageplein/contracts/forms/form-definition';

/** The contact form of `/contactformulier`: its submissions are mailed to the tenant's contact address. */
export const SEED_CONTACT_FORM: TFormDefinition = {
  format: 1,
  title: { nl: 'Contact', en: 'Contact' },
  description: {
    nl: 'Stel je vraag; we antwoorden zo snel mogelijk per e-mail.',
    en: 'Ask your question; we answer by email as soon as we can.',
  },
  confirmation: {
    nl: 'Bedankt voor je bericht. We nemen zo snel mogelijk contact met je op.',
    en: 'Thank you for your message. We will get back to you as soon as possible.',
  },
  pages: [
    {
      id: 'contact',
      sections: [
        {
          id: 'your_message',
          fields: [
            {
              id: 'name',
              type: 'short_text',
              label: { nl: 'Naam', en: 'Name' },
              rules: { required: true, max_length: 200 },
            },
            {
              id: 'email',
              type: 'email',
              label: { nl: 'E-mailadres', en: 'Email address' },
              rules: { required: true },
            },
            { id: 'phone', type: 'phone', label: { nl: 'Telefoonnummer', en: 'Phone number' } },
            {
              id: 'subject',
              type: 'single_choice',
              label: { nl: 'Onderwerp', en: 'Subject' },
              display: 'select',
              options: [
                { value: 'internship', label: { nl: 'Stages', en: 'Internships' } },
                { value: 'volunteering', label: { nl: 'Vrijwilligerswerk', en: 'Volunteering' } },
                { value: 'account', label: { nl: 'Mijn account', en: 'My account' } },
                { value: 'other', label: { nl: 'Iets anders', en: 'Something else' } },
              ],
              rules: { required: true },
            },
            {
              id: 'message',
              type: 'long_text',
              label: { nl: 'Bericht', en: 'Message' },
              rules: { required: true, min_length: 10, max_length: 5000 },
            },
          ],
        },
      ],
    },
  ],
};

/** An example form with a condition: "other" reveals a required question. */
export const SEED_EXAMPLE_FORM: TFormDefinition = {
  format: 1,
  title: { nl: 'Aanmelding informatiebijeenkomst', en: 'Information meeting registration' },
  description: {
    nl: 'Meld je aan voor de informatiebijeenkomst over stages en vrijwilligerswerk.',
    en: 'Register for the information meeting about internships and volunteering.',
  },
  confirmation: { nl: 'Je bent aangemeld. Tot dan!', en: 'You are registered. See you then!' },
  pages: [
    {
      id: 'registration',
      sections: [
        {
          id: 'you',
          title: { nl: 'Over jou', en: 'About you' },
          fields: [
            {
              id: 'name',
              type: 'short_text',
              label: { nl: 'Naam', en: 'Name' },
              rules: { required: true, max_length: 200 },
            },
            {
              id: 'email',
              type: 'email',
              label: { nl: 'E-mailadres', en: 'Email address' },
              rules: { required: true },
            },
            {
              id: 'role',
              type: 'single_choice',
              label: { nl: 'Ik ben', en: 'I am' },
              options: [
                { value: 'student', label: { nl: 'Student', en: 'Student' } },
                { value: 'organization', label: { nl: 'Een organisatie', en: 'An organization' } },
                { value: 'other', label: { nl: 'Anders', en: 'Other' } },
              ],
              rules: { required: true },
            },
            {
              id: 'role_other',
              type: 'short_text',
              label: { nl: 'Wat is je rol?', en: 'What is your role?' },
              visible_if: { all: [{ field: 'role', op: 'equals', value: 'other' }] },
              rules: { required: true, max_length: 200 },
            },
          ],
        },
        {
          id: 'meeting',
          title: { nl: 'De bijeenkomst', en: 'The meeting' },
          fields: [
            {
              id: 'guests',
              type: 'number',
              label: { nl: 'Hoeveel mensen neem je mee?', en: 'How many people are you bringing?' },
              rules: { integer: true, min: 0, max: 5 },
            },
            {
              id: 'interest',
              type: 'multiple_choice',
              label: { nl: 'Waar wil je meer over weten?', en: 'What would you like to know more about?' },
              options: [
                { value: 'internships', label: { nl: 'Stages', en: 'Internships' } },
                { value: 'volunteering', label: { nl: 'Vrijwilligerswerk', en: 'Volunteering' } },
                { value: 'traineeships', label: { nl: 'Leerbanen', en: 'Traineeships' } },
              ],
              rules: { max_items: 3 },
            },
            {
              id: 'rating',
              type: 'scale',
              label: {
                nl: 'Hoe nuttig vond je de vorige bijeenkomst?',
                en: 'How useful was the last meeting?',
              },
              min: 1,
              max: 5,
              min_label: { nl: 'Niet', en: 'Not at all' },
              max_label: { nl: 'Heel erg', en: 'Very' },
            },
          ],
        },
      ],
    },
  ],
};

/** An example answer to the example form, so its submissions list and export show something. */
export const SEED_EXAMPLE_SUBMISSION = {
  name: 'Voorbeeld Student',
  email: 'voorbeeld@example.org',
  role: 'other',
  role_other: 'Stagecoördinator',
  guests: 1,
  interest: ['internships', 'volunteering'],
  rating: 4,
};
