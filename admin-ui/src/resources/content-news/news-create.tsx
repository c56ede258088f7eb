import { Create, SimpleForm, useLocaleState } from 'react-admin';
import { EMPTY_DOCUMENT } from '@stageplein/contracts/content/content';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { NewsInputs } from './news-fields.tsx';

const today = () => new Date().toISOString().slice(0, 10);

/** `/content/news/add`: POST /api/v1/cms/news (a draft unless published is chosen). */
export function NewsCreate() {
  const title = useRouteTitle();
  const [locale] = useLocaleState();
  const allowed = useCan('news', 'create');
  if (!allowed) return <Forbidden />;
  return (
    <Create resource="news" title={title} redirect={() => adminPath.contentNews}>
      <SimpleForm
        defaultValues={{
          body: EMPTY_DOCUMENT,
          status: 'draft',
          locale: locale === 'en' ? 'en' : 'nl',
          date: today(),
        }}
      >
        <NewsInputs />
      </SimpleForm>
    </Create>
  );
}
