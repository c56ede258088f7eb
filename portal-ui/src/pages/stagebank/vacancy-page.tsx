import { Suspense, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';
import { detectMapTiles } from '@stageplein/contracts/client/map-tiles';
import { StaticMap } from '@stageplein/design-system/map/static-map.tsx';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { usePageTitle } from '../../shell/use-page-title.ts';
import { loginPathFor } from '../../app/route-access.ts';
import { lazyPart } from '../../shell/lazy-part.ts';
import { useStagebankTexts, withStagebankTexts } from './stagebank-texts.tsx';
import { fetchVacancy, vacancyPlace, type TVacancy } from './vacancy-api.ts';
import { formatVacancyDate, VacancyFacts } from './vacancy-facts.tsx';

/** Applying (issue #16): its own chunk with the internships' texts, loaded for signed-in users only. */
const ApplySection = lazyPart(() => import('../internships/apply-section.tsx').then((m) => m.ApplySection));

/**
 * `/vacancies/{id}` (public): the vacancy, its organization, a static map of its address and the way
 * to apply (a sign-in prompt for visitors, the application for a signed-in student).
 */
export const VacancyPage = withStagebankTexts(function VacancyPage() {
  const t = useStagebankTexts();
  const { id = '' } = useParams();
  const api = useApi();
  const vacancy = useQuery({
    queryKey: ['vacancy', id],
    queryFn: ({ signal }) => fetchVacancy(api.client, id, signal),
    retry: (count, error) => !(isApiRequestError(error) && error.status === 404) && count < 2,
  });
  usePageTitle(vacancy.data?.title ?? '');
  if (vacancy.isError) {
    const status = isApiRequestError(vacancy.error) ? vacancy.error.status : undefined;
    if (status === 404 || status === 403) {
      return (
        <div className="container page" data-testid="vacancy-not-found">
          <h1 data-testid="page-title">{t('notFound')}</h1>
          <p>
            <Link to="/stagebank">{t('backToBank')}</Link>
          </p>
        </div>
      );
    }
    return <StatusErrorScreen status={status ?? 500} />;
  }
  if (!vacancy.data) {
    return (
      <div className="container page">
        <p role="status">{t('loading')}</p>
      </div>
    );
  }
  return <VacancyView vacancy={vacancy.data} />;
});

/** The vacancy as a visitor sees it (also the form's preview). */
export function VacancyView({ vacancy: v, preview = false }: { vacancy: TVacancy; preview?: boolean }) {
  const t = useStagebankTexts();
  const { i18n } = useTranslation();
  const { signedIn } = useSession();
  const tiles = useMemo(() => detectMapTiles(document), []);
  const place = vacancyPlace(v);
  const Heading = preview ? 'h2' : 'h1';
  return (
    <article
      className={preview ? 'vacancy vacancy--preview' : 'container page vacancy'}
      data-testid="vacancy"
    >
      {!preview && (
        <p className="vacancy__back">
          <Link to="/stagebank">{t('backToBank')}</Link>
        </p>
      )}
      <Heading data-testid={preview ? 'vacancy-preview-title' : 'page-title'}>{v.title}</Heading>
      <VacancyFacts vacancy={v} language={i18n.language} />
      <div className="vacancy__layout">
        <div className="vacancy__main">
          {v.imageUrl && (
            <img
              className="vacancy__image"
              src={v.imageUrl}
              alt={v.imageAlt ?? ''}
              width={800}
              height={450}
              data-testid="vacancy-image"
            />
          )}
          {/* Sanitised on the server (placements renders the Tiptap document to safe HTML). */}
          <div
            className="rich-text-content"
            data-testid="vacancy-description"
            dangerouslySetInnerHTML={{ __html: v.descriptionHtml ?? '' }}
          />
        </div>
        <aside className="vacancy__aside">
          <section className="card" aria-labelledby="vacancy-organization">
            <h2 id="vacancy-organization">{t('organization')}</h2>
            <p data-testid="vacancy-organization">{v.organizationName}</p>
            {place && (
              <>
                <h3>{t('address')}</h3>
                <p>{place}</p>
              </>
            )}
            {v.closesAt && <p>{t('closesAt', { date: formatVacancyDate(v.closesAt, i18n.language) })}</p>}
          </section>
          {v.latitude !== null && v.longitude !== null && (
            <StaticMap
              center={{ lat: v.latitude, lng: v.longitude }}
              tiles={tiles}
              label={t('staticMapLabel', { place: place || v.organizationName || v.title })}
              fallback={t('staticMapFallback', { place: place || v.organizationName || '' })}
            />
          )}
          {!preview && (
            <section
              className="card vacancy__apply"
              aria-labelledby="vacancy-apply"
              data-testid="vacancy-apply"
            >
              <h2 id="vacancy-apply">{t('apply')}</h2>
              {signedIn ? (
                <Suspense fallback={<p role="status">{t('loading')}</p>}>
                  <ApplySection vacancy={v} />
                </Suspense>
              ) : (
                <>
                  <p>{t('applySignIn')}</p>
                  <Link
                    className="btn btn--primary"
                    to={loginPathFor(`/vacancies/${v.id}`)}
                    data-testid="vacancy-sign-in"
                  >
                    {t('signIn')}
                  </Link>
                </>
              )}
            </section>
          )}
        </aside>
      </div>
    </article>
  );
}
