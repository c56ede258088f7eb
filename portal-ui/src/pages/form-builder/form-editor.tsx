import { useId, useState } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  useDroppable,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  FORM_FIELD_TYPES,
  type TFormDefinition,
  type TFormField,
  type TFormFieldType,
  type TFormSection,
} from '@stageplein/contracts/forms/form-definition';
import { Icon } from '@stageplein/design-system/components/icons.tsx';
import { localized } from '../../forms-renderer/answer-model.ts';
import {
  addField,
  addPage,
  addSection,
  moveField,
  removeField,
  sectionDropId,
  SECTION_DROP,
  updateField,
} from './builder-model.ts';
import { useBuilderTexts } from './builder-messages.ts';
import { FieldEditor, LocalizedInputs } from './field-editor.tsx';
import './form-builder.css';

/**
 * The builder's editor of a definition: pages of sections of questions; questions are ordered by
 * drag and drop (dnd-kit: pointer, touch and keyboard, with spoken announcements) and edited in
 * place. It only changes the definition; saving is the page's.
 */
export function FormEditor({
  definition,
  onChange,
}: {
  definition: TFormDefinition;
  onChange: (definition: TFormDefinition) => void;
}) {
  const { t, lang } = useBuilderTexts();
  const [open, setOpen] = useState<string | undefined>();
  const helpId = useId();
  // One drag context for every section, so a question moves to another section too (pointer, touch,
  // keyboard); each section's list is a sortable list and a drop target of its own (an empty one too).
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const sections = definition.pages.flatMap((p) => p.sections);
  const labelOf = (id: unknown) => {
    const field = sections.flatMap((s) => s.fields).find((f) => f.id === String(id));
    return field ? fieldTitle(field, lang) : String(id);
  };
  /** Where a drop on `overId` puts the question: its section's number (1-based, over all pages) and place. */
  const placeOf = (activeId: string, overId: string) => {
    const index = String(overId).startsWith(SECTION_DROP)
      ? sections.findIndex((s) => sectionDropId(s.id) === overId)
      : sections.findIndex((s) => s.fields.some((f) => f.id === overId));
    const section = sections[index];
    if (!section) return undefined;
    const same = section.fields.some((f) => f.id === activeId);
    const position = String(overId).startsWith(SECTION_DROP)
      ? section.fields.length + (same ? 0 : 1)
      : section.fields.findIndex((f) => f.id === overId) + 1;
    return { same, section: index + 1, position };
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('editor.pickUp', { label: labelOf(active.id) }),
    onDragOver: ({ active, over }) => {
      const place = over ? placeOf(String(active.id), String(over.id)) : undefined;
      if (!place) return undefined;
      const label = labelOf(active.id);
      return place.same && sections.length === 1
        ? t('editor.moved', { label, position: place.position })
        : t('editor.movedSection', { label, position: place.position, section: place.section });
    },
    onDragEnd: ({ active }) => t('editor.dropped', { label: labelOf(active.id) }),
    onDragCancel: ({ active }) => t('editor.cancelled', { label: labelOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    // From another section, a drop on a question's lower half puts it behind that question.
    const dragged = active.rect.current.translated;
    const after = !!dragged && dragged.top + dragged.height / 2 > over.rect.top + over.rect.height / 2;
    onChange(moveField(definition, String(active.id), String(over.id), after));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('editor.dragHelp') } }}
    >
      <div className="form-editor" data-testid="form-editor">
        <p id={helpId} className="field__hint">
          {t('editor.dragHelp')}
        </p>
        <LocalizedInputs
          labels={[t('titleNl'), t('titleEn')]}
          value={definition.title}
          required
          onChange={(title) => onChange({ ...definition, title: { nl: title.nl, en: title.en } })}
          testId="form-title"
        />
        {definition.pages.map((page, p) => (
          <section
            key={page.id}
            className="form-editor__page card"
            aria-label={t('editor.page', { number: p + 1 })}
          >
            <h2>{t('editor.page', { number: p + 1 })}</h2>
            {definition.pages.length > 1 && (
              <LocalizedInputs
                labels={[t('editor.pageTitleNl'), t('editor.pageTitleEn')]}
                value={page.title ?? { nl: '', en: '' }}
                onChange={(title) =>
                  onChange({
                    ...definition,
                    pages: definition.pages.map((x) => (x.id === page.id ? { ...x, title } : x)),
                  })
                }
              />
            )}
            {page.sections.map((section) => (
              <SectionEditor
                key={section.id}
                definition={definition}
                section={section}
                showTitle={page.sections.length > 1}
                open={open}
                setOpen={setOpen}
                helpId={helpId}
                onChange={onChange}
                lang={lang}
              />
            ))}
            <button
              type="button"
              className="btn btn--neutral"
              onClick={() => onChange(addSection(definition, page.id))}
            >
              {t('editor.addSection')}
            </button>
          </section>
        ))}
        <button type="button" className="btn btn--neutral" onClick={() => onChange(addPage(definition))}>
          {t('editor.addPage')}
        </button>
      </div>
    </DndContext>
  );
}

function SectionEditor({
  definition,
  section,
  showTitle,
  open,
  setOpen,
  helpId,
  onChange,
  lang,
}: {
  definition: TFormDefinition;
  section: TFormSection;
  showTitle: boolean;
  open: string | undefined;
  setOpen: (id: string | undefined) => void;
  helpId: string;
  onChange: (definition: TFormDefinition) => void;
  lang: string;
}) {
  const { t } = useBuilderTexts();
  const [type, setType] = useState<TFormFieldType>('short_text');
  const typeId = useId();
  // An empty section's list is a drop target of its own (a question dropped there becomes its first);
  // a section with questions is reached through them, so its list never outbids its questions.
  const { setNodeRef } = useDroppable({ id: sectionDropId(section.id), disabled: section.fields.length > 0 });
  return (
    <div className="form-editor__section" data-testid={`section-${section.id}`}>
      {showTitle && (
        <LocalizedInputs
          labels={[t('editor.sectionTitleNl'), t('editor.sectionTitleEn')]}
          value={section.title ?? { nl: '', en: '' }}
          onChange={(title) =>
            onChange({
              ...definition,
              pages: definition.pages.map((p) => ({
                ...p,
                sections: p.sections.map((s) => (s.id === section.id ? { ...s, title } : s)),
              })),
            })
          }
        />
      )}
      {section.fields.length === 0 && <p className="field__hint">{t('editor.emptySection')}</p>}
      <SortableContext items={section.fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
        <ol ref={setNodeRef} className="form-editor__fields" data-testid="builder-fields">
          {section.fields.map((field) => (
            <SortableField
              key={field.id}
              field={field}
              definition={definition}
              lang={lang}
              open={open === field.id}
              setOpen={(o) => setOpen(o ? field.id : undefined)}
              helpId={helpId}
              onChange={onChange}
            />
          ))}
        </ol>
      </SortableContext>
      <div className="form-editor__add">
        <div className="field">
          <label htmlFor={typeId} className="field__label">
            {t('editor.fieldType')}
          </label>
          <select
            id={typeId}
            className="field__input"
            value={type}
            data-testid="add-field-type"
            onChange={(e) => setType(e.target.value as TFormFieldType)}
          >
            {FORM_FIELD_TYPES.map((ft) => (
              <option key={ft} value={ft}>
                {t(`types.${ft}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn--primary"
          data-testid="add-field"
          onClick={() => {
            const next = addField(definition, section.id, type);
            const added = next.pages
              .flatMap((p) => p.sections)
              .find((s) => s.id === section.id)
              ?.fields.at(-1);
            onChange(next);
            setOpen(added?.id);
          }}
        >
          {t('editor.addField')}
        </button>
      </div>
    </div>
  );
}

export function fieldTitle(field: TFormField, lang: string): string {
  return field.type === 'info_text' ? localized(field.text, lang) : localized(field.label, lang);
}

function SortableField({
  field,
  definition,
  lang,
  open,
  setOpen,
  helpId,
  onChange,
}: {
  field: TFormField;
  definition: TFormDefinition;
  lang: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  helpId: string;
  onChange: (definition: TFormDefinition) => void;
}) {
  const { t } = useBuilderTexts();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: field.id });
  const title = fieldTitle(field, lang);
  const required = field.type !== 'info_text' && field.rules?.required;
  return (
    <li
      ref={setNodeRef}
      className={`form-editor__field${isDragging ? ' form-editor__field--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="builder-field"
      data-id={field.id}
    >
      <div className="form-editor__row">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          className="btn btn--neutral form-editor__handle"
          aria-label={t('editor.handle', { label: title })}
          aria-describedby={helpId}
          data-testid="field-handle"
        >
          <Icon name="menu" />
        </button>
        <div className="form-editor__summary">
          <span className="form-editor__title">
            {title}
            {required && <span aria-hidden="true"> *</span>}
          </span>
          <span className="field__hint">
            {t(`types.${field.type}`)}
            {field.visible_if ? ` · ${t('editor.condition')} …` : ''}
          </span>
        </div>
        <button
          type="button"
          className="btn btn--neutral"
          aria-expanded={open}
          data-testid="edit-field"
          onClick={() => setOpen(!open)}
        >
          {open ? t('editor.closeField') : t('edit')}
          <span className="visually-hidden"> {title}</span>
        </button>
      </div>
      {open && (
        <FieldEditor
          field={field}
          definition={definition}
          onChange={(next) => onChange(updateField(definition, next))}
          onRemove={() => onChange(removeField(definition, field.id))}
        />
      )}
    </li>
  );
}
