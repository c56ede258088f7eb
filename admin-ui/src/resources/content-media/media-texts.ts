import { useLocaleState } from 'react-admin';

/** The media screens' texts, nl and en, in their own chunk (like content-shared/content-texts.ts). */
const nl = {
  uploads: {
    lead: 'Afbeeldingen (JPEG, PNG, WebP) en pdf’s tot 10 MB. Afbeeldingen worden verkleind en zonder metagegevens opgeslagen.',
    choose: 'Bestand uploaden',
    uploading: 'Bezig met uploaden…',
    uploaded: 'Bestand {name} geüpload.',
    empty: 'Nog geen bestanden geüpload.',
    copy: 'Adres van {name} kopiëren',
    copied: 'Adres gekopieerd: {url}',
    remove: '{name} verwijderen',
    removeTitle: 'Bestand verwijderen',
    removeConfirm: '{name} verwijderen? Pagina’s die het bestand gebruiken tonen het dan niet meer.',
    removed: 'Bestand verwijderd.',
    image: 'Afbeelding',
    pdf: 'Pdf',
  },
  stock: {
    lead: 'De afbeeldingen waaruit redacteuren van pagina’s, nieuws en vacatures kiezen, met hun licentie.',
    add: 'Afbeelding toevoegen',
    edit: '{title} bewerken',
    editTitle: 'Afbeelding bewerken',
    remove: '{title} verwijderen',
    removeTitle: 'Afbeelding verwijderen',
    removeConfirm: '{title} uit de bibliotheek verwijderen? Het bestand blijft bij de uploads.',
    removed: 'Afbeelding verwijderd.',
    saved: 'Afbeelding opgeslagen.',
    empty: 'De bibliotheek is nog leeg.',
    file: 'Afbeelding kiezen',
    fileChosen: 'Gekozen: {name}',
    needsFile: 'Kies eerst een afbeelding.',
    by: 'door {author}',
    fields: {
      title: 'Titel',
      alt: 'Tekst voor schermlezers (alt-tekst)',
      author: 'Maker',
      license: 'Licentie (bijvoorbeeld CC0-1.0)',
      licenseUrl: 'Webadres van de licentie',
      source: 'Bron',
    },
    save: 'Opslaan',
    cancel: 'Annuleren',
  },
};

type TTexts = typeof nl;

const en: TTexts = {
  uploads: {
    lead: 'Images (JPEG, PNG, WebP) and PDFs up to 10 MB. Images are resized and stored without metadata.',
    choose: 'Upload a file',
    uploading: 'Uploading…',
    uploaded: 'File {name} uploaded.',
    empty: 'No files uploaded yet.',
    copy: 'Copy the address of {name}',
    copied: 'Address copied: {url}',
    remove: 'Delete {name}',
    removeTitle: 'Delete file',
    removeConfirm: 'Delete {name}? Pages that use the file will no longer show it.',
    removed: 'File deleted.',
    image: 'Image',
    pdf: 'PDF',
  },
  stock: {
    lead: 'The images editors of pages, news and vacancies choose from, with their licence.',
    add: 'Add an image',
    edit: 'Edit {title}',
    editTitle: 'Edit image',
    remove: 'Delete {title}',
    removeTitle: 'Delete image',
    removeConfirm: 'Remove {title} from the library? The file stays among the uploads.',
    removed: 'Image deleted.',
    saved: 'Image saved.',
    empty: 'The library is empty.',
    file: 'Choose an image',
    fileChosen: 'Chosen: {name}',
    needsFile: 'Choose an image first.',
    by: 'by {author}',
    fields: {
      title: 'Title',
      alt: 'Text for screen readers (alt text)',
      author: 'Author',
      license: 'Licence (e.g. CC0-1.0)',
      licenseUrl: 'Licence web address',
      source: 'Source',
    },
    save: 'Save',
    cancel: 'Cancel',
  },
};

export function useMediaTexts(): TTexts {
  const [locale] = useLocaleState();
  return locale === 'en' ? en : nl;
}

/** A byte count for people: `12 kB`, `1.4 MB`. */
export function fileSize(bytes: number, locale: string): string {
  const format = (n: number, digits: number) =>
    n.toLocaleString(locale === 'en' ? 'en-GB' : 'nl-NL', { maximumFractionDigits: digits });
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024, 0)} kB`;
  return `${format(bytes / (1024 * 1024), 1)} MB`;
}
