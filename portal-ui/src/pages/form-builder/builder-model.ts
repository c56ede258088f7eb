import {
  FORM_DEFINITION_FORMAT,
  isAnswerField,
  type TAnswerField,
  type TChoiceOption,
  type TCondition,
  type TFormDefinition,
  type TFormField,
  type TFormFieldType,
  type TFormSection,
} from '@stageplein/contracts/forms/form-definition';

/**
 * The builder's edits of a definition (issue #18), as pure functions: each returns a new definition.
 * Ids are generated (`question_3`, `page_2`) and never reused within a form, so answers of earlier
 * versions keep meaning the same question.
 */

/** Every id a definition uses (pages, sections, fields). */
export function usedIds(definition: TFormDefinition): Set<string> {
  const ids = new Set<string>();
  for (const page of definition.pages) {
    ids.add(page.id);
    for (const section of page.sections) {
      ids.add(section.id);
      for (const field of section.fields) ids.add(field.id);
    }
  }
  return ids;
}

/** `prefix_n` with the lowest n not in use. */
export function nextId(definition: TFormDefinition, prefix: string): string {
  const used = usedIds(definition);
  let n = 1;
  while (used.has(`${prefix}_${n}`)) n += 1;
  return `${prefix}_${n}`;
}

const label = (nl: string, en: string) => ({ nl, en });

/** A new field of a type with a placeholder label; choices get two options. */
export function newField(type: TFormFieldType, id: string, number: number): TFormField {
  const base = { id, label: label(`Vraag ${number}`, `Question ${number}`) };
  switch (type) {
    case 'info_text':
      return { id, type, text: label('Toelichting', 'Explanation') };
    case 'single_choice':
    case 'multiple_choice':
      return {
        ...base,
        type,
        options: [
          { value: 'option_1', label: label('Optie 1', 'Option 1') },
          { value: 'option_2', label: label('Optie 2', 'Option 2') },
        ],
      };
    case 'scale':
      return { ...base, type, min: 1, max: 5 };
    default:
      return { ...base, type };
  }
}

function mapSections(
  definition: TFormDefinition,
  fn: (section: TFormSection) => TFormSection,
): TFormDefinition {
  return {
    ...definition,
    pages: definition.pages.map((page) => ({ ...page, sections: page.sections.map(fn) })),
  };
}

export function addField(
  definition: TFormDefinition,
  sectionId: string,
  type: TFormFieldType,
): TFormDefinition {
  const id = nextId(definition, type === 'info_text' ? 'info' : 'question');
  const count = definition.pages.flatMap((p) => p.sections.flatMap((s) => s.fields)).length + 1;
  return mapSections(definition, (s) =>
    s.id === sectionId ? { ...s, fields: [...s.fields, newField(type, id, count)] } : s,
  );
}

export function updateField(definition: TFormDefinition, field: TFormField): TFormDefinition {
  return mapSections(definition, (s) => ({
    ...s,
    fields: s.fields.map((f) => (f.id === field.id ? field : f)),
  }));
}

/** Removes a field and every condition that tested its answer. */
export function removeField(definition: TFormDefinition, fieldId: string): TFormDefinition {
  const without = mapSections(definition, (s) => ({
    ...s,
    fields: s.fields.filter((f) => f.id !== fieldId),
  }));
  return dropConditionsOn(without, new Set([fieldId]));
}

/** The droppable id of a section's list (`section:<id>`; field ids hold no colon). */
export const SECTION_DROP = 'section:';
export const sectionDropId = (sectionId: string) => `${SECTION_DROP}${sectionId}`;

/**
 * Moves a field by drag and drop: onto another field's place (in its section or another one; `after`
 * puts it behind that field when it comes from another section and was dropped on its lower half), or
 * to the end of a section (`section:<id>`, e.g. an empty one). Conditions must test earlier fields, so
 * any condition the move breaks (a field now before the one it tests) is dropped.
 */
export function moveField(
  definition: TFormDefinition,
  activeId: string,
  overId: string,
  after = false,
): TFormDefinition {
  const sections = definition.pages.flatMap((p) => p.sections);
  const source = sections.find((s) => s.fields.some((f) => f.id === activeId));
  const toSection = overId.startsWith(SECTION_DROP);
  const target = toSection
    ? sections.find((s) => sectionDropId(s.id) === overId)
    : sections.find((s) => s.fields.some((f) => f.id === overId));
  if (!source || !target || activeId === overId) return definition;
  if (source.id === target.id && !toSection) {
    return dropBrokenConditions(
      mapSections(definition, (s) => {
        if (s.id !== source.id) return s;
        const from = s.fields.findIndex((f) => f.id === activeId);
        const to = s.fields.findIndex((f) => f.id === overId);
        const fields = [...s.fields];
        const [field] = fields.splice(from, 1);
        fields.splice(to, 0, field!);
        return { ...s, fields };
      }),
    );
  }
  const field = source.fields.find((f) => f.id === activeId)!;
  const moved = mapSections(definition, (s) => {
    if (s.id !== source.id && s.id !== target.id) return s;
    const fields = s.fields.filter((f) => f.id !== activeId);
    if (s.id !== target.id) return { ...s, fields };
    const at = toSection ? fields.length : fields.findIndex((f) => f.id === overId) + (after ? 1 : 0);
    return { ...s, fields: [...fields.slice(0, at), field, ...fields.slice(at)] };
  });
  return dropBrokenConditions(moved);
}

function withoutConditions<T extends { visible_if?: TFormField['visible_if'] }>(
  item: T,
  keep: (c: TCondition) => boolean,
): T {
  const v = item.visible_if;
  if (!v) return item;
  const list = ('all' in v ? v.all : v.any).filter(keep);
  const { visible_if: _dropped, ...rest } = item;
  if (list.length === 0) return rest as T;
  return { ...rest, visible_if: 'all' in v ? { all: list } : { any: list } } as T;
}

function dropConditionsOn(definition: TFormDefinition, ids: Set<string>): TFormDefinition {
  const keep = (c: TCondition) => !ids.has(c.field);
  return {
    ...definition,
    pages: definition.pages.map((page) =>
      withoutConditions(
        {
          ...page,
          sections: page.sections.map((s) =>
            withoutConditions({ ...s, fields: s.fields.map((f) => withoutConditions(f, keep)) }, keep),
          ),
        },
        keep,
      ),
    ),
  };
}

/** Drops conditions that do not test an earlier answer field (after a move). */
export function dropBrokenConditions(definition: TFormDefinition): TFormDefinition {
  const seen = new Set<string>();
  const keep = (c: TCondition) => seen.has(c.field);
  return {
    ...definition,
    pages: definition.pages.map((page) => {
      const p = withoutConditions(page, keep);
      return {
        ...p,
        sections: page.sections.map((section) => {
          const s = withoutConditions(section, keep);
          return {
            ...s,
            fields: section.fields.map((field) => {
              const f = withoutConditions(field, keep);
              if (isAnswerField(field)) seen.add(field.id);
              return f;
            }),
          };
        }),
      };
    }),
  };
}

export function addPage(definition: TFormDefinition): TFormDefinition {
  const pageId = nextId(definition, 'page');
  const withPage: TFormDefinition = {
    ...definition,
    pages: [...definition.pages, { id: pageId, sections: [{ id: '__new__', fields: [] }] }],
  };
  return renameNewSection(withPage);
}

export function addSection(definition: TFormDefinition, pageId: string): TFormDefinition {
  return renameNewSection({
    ...definition,
    pages: definition.pages.map((p) =>
      p.id === pageId ? { ...p, sections: [...p.sections, { id: '__new__', fields: [] }] } : p,
    ),
  });
}

function renameNewSection(definition: TFormDefinition): TFormDefinition {
  const id = nextId(definition, 'section');
  return mapSections(definition, (s) => (s.id === '__new__' ? { ...s, id } : s));
}

/** The answer fields before `fieldId` in the form: what its condition may test. */
export function earlierAnswerFields(definition: TFormDefinition, fieldId: string): TAnswerField[] {
  const out: TAnswerField[] = [];
  for (const page of definition.pages)
    for (const section of page.sections)
      for (const field of section.fields) {
        if (field.id === fieldId) return out;
        if (isAnswerField(field)) out.push(field);
      }
  return out;
}

/** A new option with a free value (`option_3`). */
export function newOption(options: readonly TChoiceOption[]): TChoiceOption {
  const values = new Set(options.map((o) => o.value));
  let n = options.length + 1;
  while (values.has(`option_${n}`)) n += 1;
  return { value: `option_${n}`, label: label(`Optie ${n}`, `Option ${n}`) };
}

/** The definition with the form's title (the list shows the draft's title). */
export function withTitle(definition: TFormDefinition, nl: string, en: string): TFormDefinition {
  return { ...definition, title: { nl, en } };
}

/** A blank definition titled as given (the format's smallest valid form). */
export function blankDefinition(nl: string, en: string): TFormDefinition {
  return {
    format: FORM_DEFINITION_FORMAT,
    title: { nl, en },
    pages: [
      { id: 'page_1', sections: [{ id: 'section_1', fields: [newField('short_text', 'question_1', 1)] }] },
    ],
  };
}
