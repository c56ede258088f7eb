import { parseDecimal } from '@stageplein/contracts/validation/field-rules';
import { type TRichTextDocument, type TRichTextNode } from '@stageplein/contracts/content/content';
import { normalizeLinkHref } from '@stageplein/design-system/rich-text/rich-text-model.ts';
import { personOptions, type TPersonChoice } from '../internships/internship-edit-model.ts';
import type { TVacancy, TVacancyFields } from './vacancy-api.ts';

/**
 * The vacancy form's values: strings as the fields hold them; the description is the rich-text
 * editor's document, kept beside them (`TVacancyDraft`).
 */
export interface TVacancyFormValues {
  [key: string]: string;
  title: string;
  kind: string;
  street: string;
  postcode: string;
  city: string;
  places: string;
  hoursPerWeek: string;
  startsOn: string;
  endsOn: string;
  closesAt: string;
  /** Content's upload id ('' for none) and the vacancy's own alt text for it. */
  imageUploadId: string;
  imageAlt: string;
  /** The contact person's user id ('' for nobody). */
  contactPersonId: string;
}

export const EMPTY_VACANCY_FORM: TVacancyFormValues = {
  title: '',
  kind: '',
  street: '',
  postcode: '',
  city: '',
  places: '1',
  hoursPerWeek: '',
  startsOn: '',
  endsOn: '',
  closesAt: '',
  imageUploadId: '',
  imageAlt: '',
  contactPersonId: '',
};

/** The form's values for a stored vacancy. */
export function formValuesOf(v: TVacancy): TVacancyFormValues {
  const s = (x: string | number | null | undefined) => (x === null || x === undefined ? '' : String(x));
  return {
    title: v.title,
    kind: v.kind,
    street: s(v.street),
    postcode: s(v.postcode),
    city: s(v.city),
    places: s(v.places),
    hoursPerWeek: s(v.hoursPerWeek),
    startsOn: s(v.startsOn).slice(0, 10),
    endsOn: s(v.endsOn).slice(0, 10),
    closesAt: s(v.closesAt).slice(0, 10),
    imageUploadId: s(v.imageUploadId),
    imageAlt: s(v.imageAlt),
    contactPersonId: s(v.contactPersonId),
  };
}

/**
 * The contact person picker: nobody, then the organization's people the rule allows (the internships'
 * `personOptions`, contracts' `mayBeOrganizationContact`); the current one stays an option.
 */
export function contactPersonOptions(
  people: readonly TPersonChoice[],
  v: Pick<TVacancy, 'organizationId' | 'contactPersonId'>,
  noneLabel: string,
): { value: string; label: string }[] {
  return personOptions(
    people,
    v.organizationId,
    v.contactPersonId ? { id: v.contactPersonId } : null,
    noneLabel,
  );
}

/** The stored description, or an empty document. */
export function descriptionOf(v: Pick<TVacancy, 'description'> | undefined): TRichTextDocument {
  const doc = v?.description as TRichTextDocument | undefined;
  return doc && doc.type === 'doc' ? doc : { type: 'doc', content: [] };
}

/** The attributes the API takes (camelCase here; the client sends snake_case); empty means none. */
export function vacancyAttributes(values: TVacancyFormValues, description: TRichTextDocument) {
  const orNull = (x: string) => (x.trim() === '' ? null : x.trim());
  const num = (x: string) => (x.trim() === '' ? null : parseDecimal(x));
  return {
    title: values.title.trim(),
    description,
    kind: values.kind || undefined,
    street: orNull(values.street),
    postcode: orNull(values.postcode),
    city: orNull(values.city),
    places: num(values.places) ?? 1,
    hoursPerWeek: num(values.hoursPerWeek),
    startsOn: orNull(values.startsOn),
    endsOn: orNull(values.endsOn),
    closesAt: orNull(values.closesAt),
    imageUploadId: orNull(values.imageUploadId),
    imageAlt: orNull(values.imageAlt),
    contactPersonId: orNull(values.contactPersonId),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const BLOCKS: Record<string, string> = {
  paragraph: 'p',
  bulletList: 'ul',
  orderedList: 'ol',
  listItem: 'li',
  blockquote: 'blockquote',
  codeBlock: 'pre',
};
const MARKS: Record<string, string> = {
  bold: 'strong',
  italic: 'em',
  underline: 'u',
  strike: 's',
  code: 'code',
};

/**
 * A document as HTML for the preview, built from escaped text and the editor's known nodes and marks
 * only (anything else is dropped), as the server's sanitised rendering keeps them.
 */
export function documentHtml(doc: TRichTextDocument): string {
  const node = (n: TRichTextNode): string => {
    if (n.type === 'text') {
      let html = escapeHtml(n.text ?? '');
      for (const mark of n.marks ?? []) {
        if (mark.type === 'link') {
          const href = normalizeLinkHref(String(mark.attrs?.href ?? ''));
          html = href ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow">${html}</a>` : html;
        } else if (MARKS[mark.type]) html = `<${MARKS[mark.type]}>${html}</${MARKS[mark.type]}>`;
      }
      return html;
    }
    if (n.type === 'hardBreak') return '<br>';
    if (n.type === 'horizontalRule') return '<hr>';
    const inner = (n.content ?? []).map(node).join('');
    if (n.type === 'heading') {
      const level = Math.min(Math.max(Number(n.attrs?.level ?? 2), 2), 4);
      return `<h${level}>${inner}</h${level}>`;
    }
    const tag = BLOCKS[n.type];
    return tag ? `<${tag}>${inner}</${tag}>` : inner;
  };
  return (doc.content ?? []).map(node).join('');
}

/** The preview: the form's values as the vacancy a visitor would see. */
export function previewVacancy(
  values: TVacancyFormValues,
  description: TRichTextDocument,
  base: Partial<TVacancyFields> & { id?: string },
  image?: { url: string; stockAlt: string | null },
): TVacancy {
  const attrs = vacancyAttributes(values, description);
  const html = documentHtml(description);
  return {
    id: base.id ?? 'preview',
    type: 'vacancy',
    organizationId: base.organizationId ?? '',
    organizationName: base.organizationName ?? null,
    latitude: base.latitude ?? null,
    longitude: base.longitude ?? null,
    status: base.status ?? 'draft',
    publishedAt: base.publishedAt ?? null,
    hidden: false,
    hiddenReason: null,
    title: attrs.title,
    descriptionHtml: html,
    description,
    kind: attrs.kind ?? base.kind ?? 'internship',
    street: attrs.street,
    postcode: attrs.postcode,
    city: attrs.city,
    places: attrs.places,
    hoursPerWeek: attrs.hoursPerWeek,
    startsOn: attrs.startsOn,
    endsOn: attrs.endsOn,
    closesAt: attrs.closesAt,
    imageUploadId: attrs.imageUploadId,
    imageUrl: image?.url ?? null,
    imageAlt: attrs.imageAlt ?? image?.stockAlt ?? '',
  };
}
