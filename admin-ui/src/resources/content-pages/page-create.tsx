import { useState } from 'react';
import { Create, SimpleForm } from 'react-admin';
import { Box } from '@mui/material';
import { EMPTY_DOCUMENT, type TContentLocale } from '@stageplein/contracts/content/content';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { LanguageSwitch } from '../content-shared/language-switch.tsx';
import { PageInputs } from './page-fields.tsx';

/** `/content/pages/add`: POST /api/v1/cms/pages, the first save of one language (a draft). */
export function PageCreate() {
  const title = useRouteTitle();
  const [language, setLanguage] = useState<TContentLocale>('nl');
  const allowed = useCan('pages', 'create');
  if (!allowed) return <Forbidden />;
  return (
    <Create
      resource="pages"
      title={title}
      transform={(data) => ({ ...data, locale: language })}
      redirect={(_resource, id) => `${adminPath.contentPage(id!)}?lang=${language}`}
    >
      <SimpleForm defaultValues={{ body: EMPTY_DOCUMENT }}>
        <Box sx={{ mb: 2 }}>
          <LanguageSwitch value={language} onChange={setLanguage} />
        </Box>
        <PageInputs />
      </SimpleForm>
    </Create>
  );
}
