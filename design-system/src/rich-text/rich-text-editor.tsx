import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import type { TRichTextDocument } from '@stageplein/contracts/content/content';
import { richTextExtensions } from './rich-text-extensions.ts';
import {
  editorDocument,
  normalizeLinkHref,
  TOOLBAR_GROUPS,
  type TRichTextEditorProps,
  type TToolbarCommand,
} from './rich-text-model.ts';
import { Icon, type TIconName } from '../components/icons.tsx';
import './rich-text-editor.css';

/** What a toolbar button does, whether it is on (aria-pressed) and whether it can run now. */
const COMMANDS: Record<
  TToolbarCommand,
  {
    run: (e: Editor) => void;
    active?: (e: Editor) => boolean;
    can?: (e: Editor) => boolean;
    glyph: string;
    /** Drawn instead of the glyph where no font has one (🔗 is an emoji: an empty box without an emoji font). */
    icon?: TIconName;
  }
> = {
  undo: { run: (e) => e.chain().focus().undo().run(), can: (e) => e.can().undo(), glyph: '↶' },
  redo: { run: (e) => e.chain().focus().redo().run(), can: (e) => e.can().redo(), glyph: '↷' },
  paragraph: {
    run: (e) => e.chain().focus().setParagraph().run(),
    active: (e) => e.isActive('paragraph'),
    glyph: '¶',
  },
  heading2: {
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive('heading', { level: 2 }),
    glyph: 'H2',
  },
  heading3: {
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    active: (e) => e.isActive('heading', { level: 3 }),
    glyph: 'H3',
  },
  heading4: {
    run: (e) => e.chain().focus().toggleHeading({ level: 4 }).run(),
    active: (e) => e.isActive('heading', { level: 4 }),
    glyph: 'H4',
  },
  bold: { run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive('bold'), glyph: 'B' },
  italic: {
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive('italic'),
    glyph: 'I',
  },
  underline: {
    run: (e) => e.chain().focus().toggleUnderline().run(),
    active: (e) => e.isActive('underline'),
    glyph: 'U',
  },
  strike: {
    run: (e) => e.chain().focus().toggleStrike().run(),
    active: (e) => e.isActive('strike'),
    glyph: 'S',
  },
  code: { run: (e) => e.chain().focus().toggleCode().run(), active: (e) => e.isActive('code'), glyph: '</>' },
  // Opens the link form (handled by the toolbar).
  link: { run: () => undefined, active: (e) => e.isActive('link'), glyph: '', icon: 'link' },
  bulletList: {
    run: (e) => e.chain().focus().toggleBulletList().run(),
    active: (e) => e.isActive('bulletList'),
    glyph: '•',
  },
  orderedList: {
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    active: (e) => e.isActive('orderedList'),
    glyph: '1.',
  },
  blockquote: {
    run: (e) => e.chain().focus().toggleBlockquote().run(),
    active: (e) => e.isActive('blockquote'),
    glyph: '❝',
  },
  codeBlock: {
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
    active: (e) => e.isActive('codeBlock'),
    glyph: '{ }',
  },
  horizontalRule: { run: (e) => e.chain().focus().setHorizontalRule().run(), glyph: '―' },
};

const ORDER = TOOLBAR_GROUPS.flat();
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The rich-text editor (Tiptap): a toolbar (one tab stop, arrow keys between buttons, Alt+F10 from
 * the text to the toolbar, Escape back) above the text area. Emits the Tiptap JSON document the
 * content service stores. Import it through `lazy-rich-text-editor.tsx` so it stays out of first loads.
 */
export function RichTextEditor(props: TRichTextEditorProps) {
  const { value, onChange, onBlur, label, labelledBy, describedBy, invalid, disabled, labels, id, testId } =
    props;
  const latest = useRef({ onChange, onBlur });
  latest.current = { onChange, onBlur };
  const editor = useEditor({
    extensions: richTextExtensions(),
    // Never a document without blocks: the editor would start with everything selected, not a caret.
    content: editorDocument(value),
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        class: 'rich-text__content',
        ...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label }),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: e }) => latest.current.onChange(e.getJSON() as TRichTextDocument),
    onBlur: () => latest.current.onBlur?.(),
  });

  // A new value from outside (a record loaded, another language chosen) replaces the text.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const next = editorDocument(value);
    if (!same(editor.getJSON(), next)) editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  const toolbarRef = useRef<HTMLDivElement>(null);
  const focusToolbar = () =>
    toolbarRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();

  return (
    <div
      className={`rich-text${invalid ? ' rich-text--invalid' : ''}${disabled ? ' rich-text--disabled' : ''}`}
      data-testid={testId}
      onKeyDown={(event) => {
        // Alt+F10: from the text to the toolbar (the usual editor shortcut).
        if (event.altKey && event.key === 'F10') {
          event.preventDefault();
          focusToolbar();
        }
      }}
    >
      {editor && (
        <Toolbar
          editor={editor}
          labels={labels}
          disabled={!!disabled}
          toolbarRef={toolbarRef}
          label={label}
        />
      )}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({
  editor,
  labels,
  disabled,
  toolbarRef,
  label,
}: {
  editor: Editor;
  labels: TRichTextEditorProps['labels'];
  disabled: boolean;
  toolbarRef: React.RefObject<HTMLDivElement | null>;
  label: string;
}) {
  const [current, setCurrent] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      Object.fromEntries(
        ORDER.map((name) => [
          name,
          { active: COMMANDS[name].active?.(e) ?? false, can: COMMANDS[name].can?.(e) ?? true },
        ]),
      ) as Record<TToolbarCommand, { active: boolean; can: boolean }>,
  });

  const buttons = () => [...(toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = buttons();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = (at + 1) % all.length;
    else if (event.key === 'ArrowLeft') next = (at - 1 + all.length) % all.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = all.length - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      editor.commands.focus();
      return;
    }
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    all[next]?.focus();
  };

  return (
    <>
      <div
        ref={toolbarRef}
        role="toolbar"
        aria-label={`${labels.toolbar}: ${label}`}
        aria-controls={undefined}
        className="rich-text__toolbar"
        onKeyDown={onKeyDown}
      >
        {TOOLBAR_GROUPS.map((group, g) => (
          <div key={g} className="rich-text__group" role="group">
            {group.map((name) => {
              const index = ORDER.indexOf(name);
              const command = COMMANDS[name];
              const pressable = command.active !== undefined && name !== 'paragraph';
              return (
                <button
                  key={name}
                  type="button"
                  className="rich-text__button"
                  data-command={name}
                  tabIndex={index === current ? 0 : -1}
                  aria-label={labels.commands[name]}
                  title={labels.commands[name]}
                  aria-pressed={pressable ? state[name].active : undefined}
                  aria-expanded={name === 'link' ? linkOpen : undefined}
                  // aria-disabled, not disabled: the toolbar's items stay reachable by keyboard (ARIA toolbar pattern).
                  aria-disabled={disabled || !state[name].can || undefined}
                  onFocus={() => setCurrent(index)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    if (disabled || !state[name].can) return;
                    if (name === 'link') setLinkOpen((open) => !open);
                    else command.run(editor);
                  }}
                >
                  {/* The glyph is CSS content (::before): as text it would differ from the
                      button's name (axe label-content-name-mismatch: "H2" vs "Kop 2"). */}
                  {command.icon ? (
                    <Icon name={command.icon} size={18} className="rich-text__icon" />
                  ) : (
                    <span aria-hidden="true" className="rich-text__glyph" data-glyph={command.glyph} />
                  )}
                </button>
              );
            })}
          </div>
        ))}
      </div>
      {linkOpen && <LinkForm editor={editor} labels={labels} onClose={() => setLinkOpen(false)} />}
    </>
  );
}

function LinkForm({
  editor,
  labels,
  onClose,
}: {
  editor: Editor;
  labels: TRichTextEditorProps['labels'];
  onClose: () => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const [href, setHref] = useState(() => String(editor.getAttributes('link').href ?? ''));
  const [invalid, setInvalid] = useState(false);
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    const normalized = normalizeLinkHref(href);
    if (!normalized) return setInvalid(true);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({
        type: 'text',
        text: normalized,
        marks: [{ type: 'link', attrs: { href: normalized } }],
      });
    else chain.setLink({ href: normalized });
    chain.run();
    onClose();
  };
  return (
    <div
      className="rich-text__link-form"
      role="group"
      aria-label={labels.commands.link}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
      }}
    >
      <label htmlFor={inputId}>{labels.linkAddress}</label>
      <input
        id={inputId}
        type="text"
        inputMode="url"
        autoFocus
        value={href}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(e) => {
          setHref(e.target.value);
          setInvalid(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
      <button type="button" className="rich-text__text-button" onClick={apply}>
        {labels.linkApply}
      </button>
      {editor.isActive('link') && (
        <button
          type="button"
          className="rich-text__text-button"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onClose();
          }}
        >
          {labels.linkRemove}
        </button>
      )}
      <button type="button" className="rich-text__text-button" onClick={close}>
        {labels.linkCancel}
      </button>
      {invalid && (
        <p id={errorId} className="rich-text__error" role="alert">
          {labels.linkInvalid}
        </p>
      )}
    </div>
  );
}
