import type { TContentLocale, TRichTextDocument } from '@stageplein/contracts/content/content';
import { HOME_PAGE_SLUG, PRIVACY_PAGE_SLUG } from '@stageplein/contracts/content/page-slugs';
import { systemPagePath } from '@stageplein/contracts/routes/route-manifest';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { bold, doc, h, link, p, ul } from '@stageplein/kit/rich-text/rich-text-builders';

export interface TSeedText {
  title: string;
  seo_description: string;
  body: TRichTextDocument;
}

export interface TSeedPage {
  slug: string;
  text: Record<TContentLocale, TSeedText>;
}

/** Spec §2 system pages 1 (vacancy search) and 2 (organization signup). */
const SEARCH = systemPagePath(1);
const SIGNUP = systemPagePath(2);
/** The tenant's contact form (a visitor's, no account needed). */
const CONTACT_FORM = '/contactformulier';

/** The demo contact address of a tenant; its editors replace it with their own. */
export const contactEmail = (tenant: TTenant) => `info@${tenant.id}.stageplein.nl`;

/** The pages every tenant starts with (embedded profile): home, the main menu's pages and the privacy statement. */
export function seedPages(tenant: TTenant): TSeedPage[] {
  const site = tenant.appName;
  const mail = contactEmail(tenant);
  return [
    {
      slug: HOME_PAGE_SLUG,
      text: {
        nl: {
          title: `Welkom bij ${site}`,
          seo_description: `${site} brengt leerlingen, scholen en stagebieders samen: vind een stage of een stagiair in de regio.`,
          body: doc(
            p(
              `${site} is de stagemarkt van de regio. Leerlingen zoeken hier een stage die bij hen past, `,
              'organisaties bieden hun stageplaatsen aan en scholen begeleiden het hele traject — van aanmelding tot beoordeling.',
            ),
            h('Zo werkt het'),
            ul(
              [
                bold('Leerlingen'),
                ' zoeken in de ',
                link('stagebank', SEARCH),
                ' en reageren direct op een plek.',
              ],
              [
                bold('Organisaties'),
                ' melden zich aan en plaatsen hun stages; de school keurt de aanmelding goed.',
              ],
              [bold('Scholen'), ' volgen hun leerlingen, periodes, contracten en uren op één plek.'],
            ),
            p(
              'Meer weten? Lees ',
              link('over ons', '/over-ons'),
              ' of neem ',
              link('contact', '/contact'),
              ' op.',
            ),
          ),
        },
        en: {
          title: `Welcome to ${site}`,
          seo_description: `${site} brings students, schools and internship providers together: find an internship or an intern in the region.`,
          body: doc(
            p(
              `${site} is the region's internship marketplace. Students look for an internship that suits them, `,
              'organizations offer their placements and schools guide the whole process — from application to assessment.',
            ),
            h('How it works'),
            ul(
              [
                bold('Students'),
                ' search the ',
                link('internship bank', SEARCH),
                ' and respond to a placement directly.',
              ],
              [
                bold('Organizations'),
                ' sign up and post their internships; the school approves the registration.',
              ],
              [bold('Schools'), ' follow their students, periods, contracts and hours in one place.'],
            ),
            p(
              'Want to know more? Read ',
              link('about us', '/over-ons'),
              ' or ',
              link('get in touch', '/contact'),
              '.',
            ),
          ),
        },
      },
    },
    {
      slug: 'over-ons',
      text: {
        nl: {
          title: 'Over ons',
          seo_description: `Wie achter ${site} zitten en waarom we stages in de regio makkelijker maken.`,
          body: doc(
            p(
              `${site} is opgezet door scholen en de vrijwilligerscentrale in de regio. Samen willen we dat iedere `,
              'leerling een stage vindt die past, dichtbij huis, bij een organisatie die graag jong talent begeleidt.',
            ),
            h('Wat we doen'),
            ul(
              ['Een overzicht van alle stageplaatsen in de regio, voor iedere leerling vindbaar.'],
              ['Eén plek voor aanmelding, contracten, uren en beoordelingen, zodat niets zoekraakt.'],
              ['Ondersteuning voor organisaties die voor het eerst een stagiair begeleiden.'],
            ),
            p(
              'Lees verder voor ',
              link('scholen', '/voor-scholen'),
              ' of ',
              link('organisaties', '/voor-organisaties'),
              '.',
            ),
          ),
        },
        en: {
          title: 'About us',
          seo_description: `Who is behind ${site} and why we make internships in the region easier.`,
          body: doc(
            p(
              `${site} was set up by the schools and the volunteer centre of the region. Together we want every `,
              'student to find an internship that fits, close to home, at an organization that is glad to guide young talent.',
            ),
            h('What we do'),
            ul(
              ['An overview of every internship in the region, findable for every student.'],
              ['One place for applications, contracts, hours and assessments, so nothing gets lost.'],
              ['Support for organizations that guide an intern for the first time.'],
            ),
            p(
              'Read on for ',
              link('schools', '/voor-scholen'),
              ' or ',
              link('organizations', '/voor-organisaties'),
              '.',
            ),
          ),
        },
      },
    },
    {
      slug: 'voor-scholen',
      text: {
        nl: {
          title: 'Voor scholen',
          seo_description: `Hoe uw school met ${site} stages organiseert: periodes, groepen, mentoren en contracten.`,
          body: doc(
            p(`Met ${site} organiseert uw school de stages van al haar leerlingen op één plek.`),
            h('Wat u kunt'),
            ul(
              ['Stageperiodes per schooljaar vastleggen en leerlingen in groepen indelen.'],
              ['Mentoren koppelen aan hun leerlingen en de voortgang volgen.'],
              ['Organisaties goedkeuren die stages willen aanbieden.'],
              ['Leerlingen in één keer importeren uit een CSV-bestand of Magister.'],
            ),
            p('Wilt u aansluiten? Neem ', link('contact', '/contact'), ' met ons op.'),
          ),
        },
        en: {
          title: 'For schools',
          seo_description: `How your school organizes internships with ${site}: periods, groups, mentors and contracts.`,
          body: doc(
            p(`With ${site} your school organizes the internships of all its students in one place.`),
            h('What you can do'),
            ul(
              ['Set internship periods per school year and put students into groups.'],
              ['Link mentors to their students and follow their progress.'],
              ['Approve organizations that want to offer internships.'],
              ['Import students in one go from a CSV file or Magister.'],
            ),
            p('Would you like to join? ', link('Contact us', '/contact'), '.'),
          ),
        },
      },
    },
    {
      slug: 'voor-organisaties',
      text: {
        nl: {
          title: 'Voor organisaties',
          seo_description: `Bied uw stageplaatsen aan op ${site} en vind gemotiveerde leerlingen uit de regio.`,
          body: doc(
            p('Heeft uw bedrijf, vereniging of instelling plek voor een stagiair? Meld u dan aan.'),
            h('In drie stappen'),
            ul(
              [
                link('Meld uw organisatie aan', SIGNUP),
                '; de school of vrijwilligerscentrale keurt de aanmelding goed.',
              ],
              ['Plaats uw stages met een korte beschrijving, het niveau en de periode.'],
              ['Reageer op aanmeldingen van leerlingen en leg afspraken vast in het contract.'],
            ),
            p('Aanmelden en stages plaatsen is kosteloos.'),
          ),
        },
        en: {
          title: 'For organizations',
          seo_description: `Offer your internships on ${site} and find motivated students from the region.`,
          body: doc(
            p('Does your company, club or institution have room for an intern? Then sign up.'),
            h('In three steps'),
            ul(
              [
                link('Sign up your organization', SIGNUP),
                '; the school or volunteer centre approves the registration.',
              ],
              ['Post your internships with a short description, the level and the period.'],
              ['Respond to students who apply and record the arrangements in the contract.'],
            ),
            p('Signing up and posting internships is free of charge.'),
          ),
        },
      },
    },
    {
      slug: 'contact',
      text: {
        nl: {
          title: 'Contact',
          seo_description: `Vragen over ${site}? Zo bereikt u ons.`,
          body: doc(
            p('Heeft u een vraag over stages, uw account of een aanmelding? We helpen u graag.'),
            ul(
              ['E-mail: ', link(mail, `mailto:${mail}`)],
              ['Of stuur ons een bericht met het ', link('contactformulier', CONTACT_FORM), '.'],
              ['Leerlingen: stel uw vraag eerst aan uw mentor of stagecoördinator op school.'],
              ['Organisaties: vermeld de naam van uw organisatie, dan kunnen we u sneller helpen.'],
            ),
            p('We reageren binnen twee werkdagen.'),
          ),
        },
        en: {
          title: 'Contact',
          seo_description: `Questions about ${site}? This is how to reach us.`,
          body: doc(
            p(
              'Do you have a question about internships, your account or a registration? We are happy to help.',
            ),
            ul(
              ['E-mail: ', link(mail, `mailto:${mail}`)],
              ['Or send us a message with the ', link('contact form', CONTACT_FORM), '.'],
              ['Students: please ask your mentor or internship coordinator at school first.'],
              ['Organizations: mention the name of your organization so we can help you faster.'],
            ),
            p('We reply within two working days.'),
          ),
        },
      },
    },
    privacyStatement(site, mail),
  ];
}

/**
 * The privacy statement (AVG/GDPR arts. 13–14): who is responsible, what is stored, why, how long, the
 * visitor's rights and whom to contact. It describes what this platform stores.
 */
function privacyStatement(site: string, mail: string): TSeedPage {
  return {
    slug: PRIVACY_PAGE_SLUG,
    text: {
      nl: {
        title: 'Privacyverklaring',
        seo_description: `Welke persoonsgegevens ${site} verwerkt, waarom, hoe lang en welke rechten u heeft.`,
        body: doc(
          p(
            `${site} verwerkt persoonsgegevens van leerlingen, medewerkers van scholen en organisaties en bezoekers. `,
            'In deze verklaring leest u welke gegevens dat zijn, waarom we ze nodig hebben, hoe lang we ze bewaren en welke rechten u heeft.',
          ),
          h('Wie is verantwoordelijk'),
          p(
            'De school of vrijwilligerscentrale die dit stageplein aanbiedt, is verwerkingsverantwoordelijke. ',
            'Stageplein verwerkt de gegevens in haar opdracht, op grond van een verwerkersovereenkomst.',
          ),
          h('Welke gegevens we verwerken'),
          ul(
            [
              bold('Account'),
              ': naam, e-mailadres, taal, rol(len) en de organisatie waarvoor u werkt of leert.',
            ],
            [
              bold('Stages'),
              ': school, groep en stageperiode van leerlingen, aanmeldingen, contracten, uren en beoordelingen.',
            ],
            [bold('Organisaties'), ': naam, adres, contactpersoon, telefoonnummer en e-mailadres.'],
            [
              bold('Technisch'),
              ': de cookies voor website, taal en inloggen, en een logboek van wijzigingen (wie deed wat en wanneer).',
            ],
          ),
          p('We gebruiken geen advertentie- of trackingcookies en verkopen geen gegevens aan derden.'),
          h('Waarom'),
          ul(
            [
              'Om stages te organiseren en te begeleiden: de onderwijstaak van de school (AVG art. 6 lid 1 sub e).',
            ],
            [
              'Om uw account te laten werken en u te mailen over uw stage: uitvoering van de dienst (art. 6 lid 1 sub b).',
            ],
            [
              'Om misbruik te voorkomen en wijzigingen te kunnen verantwoorden: gerechtvaardigd belang (art. 6 lid 1 sub f).',
            ],
          ),
          h('Hoe lang'),
          ul(
            [
              'Accountgegevens: zolang u een account heeft. Verwijdert u uw account, dan wissen we uw gegevens.',
            ],
            [
              'Stagegegevens: tot het einde van het schooljaar na afronding van de stage, tenzij de school ze langer moet bewaren.',
            ],
            ['Contracten: zeven jaar, vanwege de wettelijke bewaarplicht.'],
            ['Het logboek van wijzigingen: twee jaar.'],
          ),
          h('Uw rechten'),
          p(
            'U mag uw gegevens inzien, laten verbeteren of laten verwijderen, de verwerking laten beperken, ',
            'bezwaar maken en uw gegevens in een gangbaar bestand ontvangen. U kunt ook een klacht indienen bij de ',
            link('Autoriteit Persoonsgegevens', 'https://autoriteitpersoonsgegevens.nl'),
            '.',
          ),
          h('Contact'),
          p(
            'Vragen of een verzoek? Mail naar ',
            link(mail, `mailto:${mail}`),
            '. We reageren binnen een maand.',
          ),
        ),
      },
      en: {
        title: 'Privacy statement',
        seo_description: `Which personal data ${site} processes, why, for how long and what your rights are.`,
        body: doc(
          p(
            `${site} processes personal data of students, staff of schools and organizations, and visitors. `,
            'This statement explains which data that is, why we need it, how long we keep it and what your rights are.',
          ),
          h('Who is responsible'),
          p(
            'The school or volunteer centre that offers this internship platform is the data controller. ',
            'Stageplein processes the data on its behalf, under a data processing agreement.',
          ),
          h('Which data we process'),
          ul(
            [
              bold('Account'),
              ': name, e-mail address, language, role(s) and the organization you work or study for.',
            ],
            [
              bold('Internships'),
              ': school, group and internship period of students, applications, contracts, hours and assessments.',
            ],
            [bold('Organizations'), ': name, address, contact person, phone number and e-mail address.'],
            [
              bold('Technical'),
              ': the cookies for website, language and signing in, and a log of changes (who did what and when).',
            ],
          ),
          p('We use no advertising or tracking cookies and do not sell data to third parties.'),
          h('Why'),
          ul(
            ["To organize and supervise internships: the school's educational task (GDPR art. 6(1)(e))."],
            [
              'To run your account and e-mail you about your internship: performance of the service (art. 6(1)(b)).',
            ],
            ['To prevent abuse and account for changes: legitimate interest (art. 6(1)(f)).'],
          ),
          h('How long'),
          ul(
            [
              'Account data: as long as you have an account. When you delete your account, we erase your data.',
            ],
            [
              'Internship data: until the end of the school year after the internship ends, unless the school must keep it longer.',
            ],
            ['Contracts: seven years, because the law requires it.'],
            ['The log of changes: two years.'],
          ),
          h('Your rights'),
          p(
            'You may access, correct or erase your data, restrict its processing, object to it and receive your data ',
            'in a common file format. You can also lodge a complaint with the Dutch Data Protection Authority (',
            link('Autoriteit Persoonsgegevens', 'https://autoriteitpersoonsgegevens.nl'),
            ').',
          ),
          h('Contact'),
          p('Questions or a request? E-mail ', link(mail, `mailto:${mail}`), '. We reply within one month.'),
        ),
      },
    },
  };
}
