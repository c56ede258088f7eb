import { DeleteWithConfirmButton, Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { useParams } from 'react-router';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { EditError, Forbidden, STAY_ON_ERROR } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { useContentTexts } from '../content-shared/content-texts.ts';
import { NewsInputs } from './news-fields.tsx';

/** `/content/news/{id}/edit`: PATCH /api/v1/cms/news/{id} with the changed fields; delete confirmed. */
export function NewsEdit() {
  const title = useRouteTitle();
  const texts = useContentTexts();
  const { id } = useParams();
  const allowed = useCan('news', 'edit');
  if (!allowed) return <Forbidden />;
  return (
    <Edit
      resource="news"
      id={id}
      title={title}
      mutationMode="pessimistic"
      redirect={() => adminPath.contentNews}
      error={<EditError />}
      {...STAY_ON_ERROR}
    >
      <SimpleForm
        toolbar={
          <Toolbar sx={{ justifyContent: 'space-between' }}>
            <SaveButton />
            <DeleteWithConfirmButton
              redirect={adminPath.contentNews}
              mutationMode="pessimistic"
              label={texts.news.delete}
            />
          </Toolbar>
        }
      >
        <NewsInputs />
      </SimpleForm>
    </Edit>
  );
}
