import { lazy, Suspense } from 'react';
import type { TRichTextEditorProps } from './rich-text-model.ts';

const Editor = lazy(() => import('./rich-text-editor.tsx').then((m) => ({ default: m.RichTextEditor })));

/**
 * The rich-text editor as its own chunk (Tiptap and ProseMirror weigh ~100 kB gzip): the back
 * office's and the portal's first loads stay within their budgets; it loads when a form shows it.
 */
export function LazyRichTextEditor(props: TRichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="rich-text rich-text--loading" role="status" data-testid={props.testId}>
          {props.labels.loading}
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
