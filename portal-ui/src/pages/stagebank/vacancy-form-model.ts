import type { TVacancy, TVacancyFields } from './vacancy-api.ts';

/** The vacancy form's values (strings, as the fields hold them). */
export interface TVacancyFormValues {
  [key: string]: string;
  title: string;
  description: string;
  kind: string;
  street: string;
  postcode: string;
  city: string;
  places: string;
  hoursPerWeek: string;
  startsOn: string;
  endsOn: string;
  closesAt: string;
}

export const EMPTY_VACANCY_FORM: TVacancyFormValues = {
  title: '',
  description: '',
  kind: '',
  street: '',
  postcode: '',
  city: '',
  places: '1',
  hoursPerWeek: '',
  startsOn: '',
  endsOn: '',
  closesAt: '',
};

interface TDocNode {
  type: string;
  text?: string;
  content?: TDocNode[];
}

/** Plain text as a rich-text document: every blank-line-separated block a paragraph, lines kept. */
export function textToDocument(text: string): { type: 'doc'; content: TDocNode[] } {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((b) => b.trim())
    .filter(Boolean);
  return {
    type: 'doc',
    content: blocks.map((block) => ({
      type: 'paragraph',
      content: block.split('\n').flatMap((line, i): TDocNode[] => {
        const text: TDocNode = { type: 'text', text: line };
        return i === 0 ? [text] : [{ type: 'hardBreak' }, text];
      }),
    })),
  };
}

/** A rich-text document's text, paragraphs separated by a blank line (what the plain field edits). */
export function documentToText(doc: unknown): string {
  const walk = (node: TDocNode): string => {
    if (node.type === 'text') return node.text ?? '';
    if (node.type === 'hardBreak') return '\n';
    return (node.content ?? []).map(walk).join('');
  };
  const root = doc as TDocNode | null | undefined;
  if (!root || !Array.isArray(root.content)) return '';
  return root.content.map(walk).join('\n\n');
}

/** The form's values for a stored vacancy. */
export function formValuesOf(v: TVacancy): TVacancyFormValues {
  const s = (x: string | number | null | undefined) => (x === null || x === undefined ? '' : String(x));
  return {
    title: v.title,
    description: documentToText(v.description),
    kind: v.kind,
    street: s(v.street),
    postcode: s(v.postcode),
    city: s(v.city),
    places: s(v.places),
    hoursPerWeek: s(v.hoursPerWeek),
    startsOn: s(v.startsOn).slice(0, 10),
    endsOn: s(v.endsOn).slice(0, 10),
    closesAt: s(v.closesAt).slice(0, 10),
  };
}

/** The attributes the API takes (camelCase here; the client sends snake_case); empty means none. */
export function vacancyAttributes(values: TVacancyFormValues) {
  const orNull = (x: string) => (x.trim() === '' ? null : x.trim());
  const num = (x: string) => (x.trim() === '' ? null : Number(x.replace(',', '.')));
  return {
    title: values.title.trim(),
    description: textToDocument(values.description),
    kind: values.kind || undefined,
    street: orNull(values.street),
    postcode: orNull(values.postcode),
    city: orNull(values.city),
    places: num(values.places) ?? 1,
    hoursPerWeek: num(values.hoursPerWeek),
    startsOn: orNull(values.startsOn),
    endsOn: orNull(values.endsOn),
    closesAt: orNull(values.closesAt),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The preview: the form's values as the vacancy a visitor would see (the text escaped as HTML). */
export function previewVacancy(
  values: TVacancyFormValues,
  base: Partial<TVacancyFields> & { id?: string },
): TVacancy {
  const attrs = vacancyAttributes(values);
  const html = attrs.description.content
    .map(
      (p) =>
        `<p>${(p.content ?? []).map((n) => (n.type === 'text' ? escapeHtml(n.text ?? '') : '<br>')).join('')}</p>`,
    )
    .join('');
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
    kind: attrs.kind ?? base.kind ?? 'internship',
    street: attrs.street,
    postcode: attrs.postcode,
    city: attrs.city,
    places: attrs.places,
    hoursPerWeek: attrs.hoursPerWeek,
    startsOn: attrs.startsOn,
    endsOn: attrs.endsOn,
    closesAt: attrs.closesAt,
  };
}
