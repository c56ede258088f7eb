import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';
import { mayApply } from '@stageplein/contracts/placements/internship-policy';
import { PLACE_HOLDING_STATUSES } from '@stageplein/contracts/placements/internships';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';
import { FormAlert, SubmitButton, TextAreaField } from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { useApi } from '../../api/api-context.ts';
import { useTenant } from '../../tenant/tenant-context.ts';
import { errorMessage } from '../page-kit.tsx';
import { applyForVacancy, listInternships } from './internship-api.ts';
import { placesLeftOf } from './apply-model.ts';
import { StatusBadge, useInternshipTexts, useInternshipViewer } from './internship-texts.tsx';

export interface TApplyVacancy {
  id: string;
  meta?: Record<string, unknown> | undefined;
}

const MOTIVATION_MAX = 5000;

/**
 * The apply part of `/vacancies/{id}` for a signed-in user (its own chunk): a student acting for
 * their school applies, with a motivation only where the tenant's switch asks for one (spec §1,
 * required there; checked on blur, spec §5). A full vacancy and an application already made say so.
 */
export function ApplySection({ vacancy }: { vacancy: TApplyVacancy }) {
  const t = useInternshipTexts();
  const { ready, viewer } = useInternshipViewer();
  if (!ready) return <p role="status">{t('loading')}</p>;
  if (!mayApply(viewer.permissions, viewer.current))
    return <p data-testid="apply-not-student">{t('apply.notStudent')}</p>;
  return <StudentApply vacancy={vacancy} schoolId={viewer.current?.id ?? ''} />;
}

function StudentApply({ vacancy, schoolId }: { vacancy: TApplyVacancy; schoolId: string }) {
  const t = useInternshipTexts();
  const { t: tShared } = useTranslation();
  const api = useApi();
  const tenant = useTenant();
  const queryClient = useQueryClient();
  const withMotivation = tenant.features.motivationField;
  const mine = useQuery({
    queryKey: ['internships', schoolId, 'vacancy', vacancy.id],
    queryFn: ({ signal }) =>
      listInternships(
        api.client,
        new URLSearchParams({ 'filter[vacancy_id_eq]': vacancy.id, 'page[size]': '10' }),
        signal,
      ),
  });
  const form = useForm(
    { motivation: '' },
    withMotivation ? { motivation: [rules.required(), rules.maxLength(MOTIVATION_MAX)] } : {},
  );
  const onValid = async ({ motivation }: { motivation: string }) => {
    await applyForVacancy(api.client, vacancy.id, withMotivation ? motivation.trim() : undefined);
    toast.success(t('apply.sent'));
    await queryClient.invalidateQueries({ queryKey: ['internships'] });
    await queryClient.invalidateQueries({ queryKey: ['vacancy', vacancy.id] });
  };
  // Applied meanwhile (another tab): the answer says so, the list shows it.
  const applied =
    isApiRequestError(form.formError) && form.formError.errors.some((e) => e.code === 'already_applied');
  const { refetch } = mine;
  useEffect(() => {
    if (applied) void refetch();
  }, [applied, refetch]);
  if (mine.isPending) return <p role="status">{t('loading')}</p>;
  const current = mine.data?.internships.find((i) => PLACE_HOLDING_STATUSES.includes(i.status));
  if (current) {
    return (
      <div data-testid="apply-already">
        <p>{t('apply.already')}</p>
        <p>
          {t('status')}: <StatusBadge status={current.status} />
        </p>
        <Link className="btn" to={`/internships/${current.id}`} data-testid="apply-view">
          {t('apply.view')}
        </Link>
      </div>
    );
  }
  const left = placesLeftOf(vacancy);
  // Taken meanwhile (the last place went while the form was open): the server's refusal, in its words.
  const refused =
    isApiRequestError(form.formError) && form.formError.errors.some((e) => e.code === 'vacancy_full');
  if (left === 0 || refused)
    return (
      <div data-testid="apply-full">
        <p>{t('apply.full')}</p>
        {refused && <FormAlert tone="error">{errorMessage(form.formError, tShared)}</FormAlert>}
      </div>
    );
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(onValid)} data-testid="apply-form">
      <p>{t('apply.intro')}</p>
      {left !== undefined && <p data-testid="apply-places-left">{t('apply.placesLeft', { count: left })}</p>}
      {form.formError !== undefined && (
        <FormAlert tone="error">{errorMessage(form.formError, tShared)}</FormAlert>
      )}
      {withMotivation && (
        <TextAreaField
          label={t('apply.motivation')}
          hint={t('apply.motivationHint')}
          required
          rows={6}
          maxLength={MOTIVATION_MAX}
          field={form.bind('motivation')}
          data-testid="apply-motivation"
        />
      )}
      <SubmitButton pending={form.submitting} testId="apply-submit">
        {t('apply.button')}
      </SubmitButton>
    </form>
  );
}
