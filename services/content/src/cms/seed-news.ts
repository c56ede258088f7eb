import type { TNewsInput } from '@stageplein/contracts/content/content';
import { systemPagePath } from '@stageplein/contracts/routes/route-manifest';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { doc, h, link, p, ul } from '@stageplein/kit/rich-text/rich-text-builders';

/** YYYY-MM-DD, `days` before `today`. */
const daysBefore = (today: Date, days: number) =>
  new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);

/** A few published articles per tenant, dated relative to the seed day so the list looks current. */
export function seedNews(tenant: TTenant, today: Date): TNewsInput[] {
  const site = tenant.appName;
  return [
    {
      slug: 'nieuwe-stageperiode-geopend',
      locale: 'nl',
      title: 'Nieuwe stageperiode geopend',
      date: daysBefore(today, 3),
      image_url: null,
      author: 'Redactie',
      summary: 'Vanaf nu kunnen leerlingen zich aanmelden voor de stages van de volgende periode.',
      body: doc(
        p(
          'De nieuwe stageperiode is geopend. Leerlingen kunnen vanaf vandaag reageren op de stages in de ',
          link('stagebank', systemPagePath(1)),
          '.',
        ),
        h('Wat moet je doen?'),
        ul(
          ['Kies een paar stages die je aanspreken.'],
          ['Bespreek je keuze met je mentor.'],
          ['Reageer op de stage van je voorkeur.'],
        ),
        p('Succes met zoeken!'),
      ),
      status: 'published',
    },
    {
      slug: 'twintig-nieuwe-stagebieders',
      locale: 'nl',
      title: 'Twintig nieuwe stagebieders in de regio',
      date: daysBefore(today, 17),
      image_url: null,
      author: 'Redactie',
      summary: `Dit kwartaal sloten twintig organisaties zich aan bij ${site}.`,
      body: doc(
        p(
          `Dit kwartaal meldden twintig nieuwe organisaties zich aan bij ${site}: van de zorg tot de bouw en van sportclubs tot de gemeente.`,
        ),
        p(
          'Daarmee zijn er meer stageplaatsen dan ooit, ook voor leerlingen die dicht bij huis stage willen lopen.',
        ),
        p('Heeft uw organisatie ook plek? ', link('Meld u aan', systemPagePath(2)), '.'),
      ),
      status: 'published',
    },
    {
      slug: 'internship-platform-now-in-english',
      locale: 'en',
      title: `${site} is now available in English`,
      date: daysBefore(today, 30),
      image_url: null,
      author: 'Editorial team',
      summary: 'Every page can now be read in English as well as Dutch.',
      body: doc(
        p(
          `${site} now speaks English too. Use the language switch at the top of every page to change the language.`,
        ),
        p('Internships themselves are still described in the language the organization chose.'),
      ),
      status: 'published',
    },
  ];
}
