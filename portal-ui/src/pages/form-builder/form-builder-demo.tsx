import { useState } from 'react';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { FormRenderer, useRendererTexts } from '../../forms-renderer/form-renderer.tsx';
import { Page, useRouteTitle } from '../page-kit.tsx';
import { DEMO_DEFINITION } from './demo-definition.ts';
import { useBuilderTexts } from './builder-messages.ts';
import { FormEditor } from './form-editor.tsx';

/** `/test/formbuilder` (spec §2 test page): the builder's editor beside the renderer, nothing saved. */
export function FormBuilderDemoPage() {
  const { t } = useBuilderTexts();
  const title = useRouteTitle();
  const [definition, setDefinition] = useState(DEMO_DEFINITION);
  return (
    <Page title={title} lead={t('demo.intro')} testId="form-builder-demo">
      <div className="form-builder__split">
        <FormEditor definition={definition} onChange={setDefinition} />
        <aside aria-label={t('demo.result')} className="card form-editor__page">
          <h2>{t('demo.result')}</h2>
          <FormRenderer definition={definition} onSubmit={() => undefined} testId="builder-preview" />
        </aside>
      </div>
    </Page>
  );
}

/** `/test/stagedoos_fields` (spec §2 test page): every field type in the renderer, answers shown. */
export function FieldsDemoPage() {
  const { t } = useBuilderTexts();
  const { t: tr } = useRendererTexts();
  const title = useRouteTitle();
  const [sent, setSent] = useState<string | undefined>();
  return (
    <Page title={title} lead={t('demo.fieldsIntro')} testId="fields-demo">
      {sent ? (
        <>
          <FormAlert tone="success">{tr('preview.checked')}</FormAlert>
          <pre data-testid="demo-answers">{sent}</pre>
        </>
      ) : (
        <FormRenderer
          definition={DEMO_DEFINITION}
          onSubmit={(answers) =>
            setSent(
              JSON.stringify(
                answers,
                (k, v: unknown) =>
                  typeof v === 'string' && v.startsWith('data:') ? `${v.slice(0, 30)}…` : v,
                2,
              ),
            )
          }
        />
      )}
    </Page>
  );
}
