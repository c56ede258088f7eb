import { Edit, SimpleForm } from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Box } from '@mui/material';
import type { TContentLocale } from '@stageplein/contracts/content/content';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { EditError, Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { SAVE_ONLY } from '../../ui/save-toolbar.tsx';
import { LanguageSwitch } from '../content-shared/language-switch.tsx';
import { PageInputs } from './page-fields.tsx';

/** The language in `?lang=` (nl unless en). */
export function useLanguageParam(): [TContentLocale, (next: TContentLocale) => void] {
  // useLocation/useNavigate rather than useSearchParams: the router's search-param helpers are not
  // in the back office's first load, and this is the only screen that would need them.
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const language: TContentLocale = new URLSearchParams(search).get('lang') === 'en' ? 'en' : 'nl';
  return [language, (next) => navigate(`${pathname}?lang=${next}`, { replace: true })];
}

/**
 * `/content/pages/{id}/edit?lang=en`: one language's latest save (GET …/draft in that language);
 * saving is a new revision of that language (PATCH with `locale`), not yet live.
 */
export function PageEdit() {
  const title = useRouteTitle();
  const { id } = useParams();
  const [language, setLanguage] = useLanguageParam();
  const allowed = useCan('pages', 'edit');
  if (!allowed) return <Forbidden />;
  return (
    <Edit
      key={language}
      resource="pages"
      id={id}
      title={title}
      mutationMode="pessimistic"
      queryOptions={{ meta: { language }, onError: () => undefined, retry: false }}
      redirectOnError={false}
      transform={(data) => ({ ...data, locale: language })}
      redirect={(_resource, saved) => `${adminPath.contentPage(saved!)}?lang=${language}`}
      error={<EditError />}
    >
      <SimpleForm toolbar={SAVE_ONLY}>
        <Box sx={{ mb: 2 }}>
          <LanguageSwitch value={language} onChange={setLanguage} />
        </Box>
        <PageInputs language={language} />
      </SimpleForm>
    </Edit>
  );
}
