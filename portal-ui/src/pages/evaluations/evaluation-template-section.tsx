import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EVALUATION_ROLES, type TEvaluationRole } from '@stageplein/contracts/placements/evaluation-policy';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { useTenant } from '../../tenant/tenant-context.ts';
import { errorMessage } from '../page-kit.tsx';
import {
  createTemplate,
  fetchFormOptions,
  fetchPeriodTemplates,
  openTemplateEvaluations,
  type TEvaluationTemplate,
  type TTemplateRolesInput,
} from './evaluation-api.ts';
import { useEvaluationTexts } from './evaluation-texts.tsx';

const LEGACY = 'legacy';

/**
 * A School admin's evaluation of one internship period (on `/stagevoortgang/{period}`): the template
 * if there is one (its forms per role and weights) with "open for all running internships", else a
 * small form to set it up — a published evaluation form per role (the fixed form on legacy tenants)
 * and each role's weight. Weights per question stay with the API for now.
 */
export function EvaluationTemplateSection({ periodId }: { periodId: string }) {
  const api = useApi();
  const { t } = useEvaluationTexts();
  const templates = useQuery({
    queryKey: ['evaluation-templates', periodId],
    queryFn: ({ signal }) => fetchPeriodTemplates(api.client, periodId, signal),
    retry: false,
  });
  return (
    <section
      className="card evaluation"
      aria-labelledby="evaluation-template-title"
      data-testid="evaluation-template"
    >
      <h2 id="evaluation-template-title">{t('template.title')}</h2>
      {templates.isError ? (
        <FormAlert tone="error">{t('loadError')}</FormAlert>
      ) : !templates.data ? (
        <p role="status">{t('loading')}</p>
      ) : templates.data[0] ? (
        <TemplateView template={templates.data[0]} />
      ) : (
        <TemplateForm periodId={periodId} />
      )}
    </section>
  );
}

function TemplateView({ template }: { template: TEvaluationTemplate }) {
  const api = useApi();
  const { t } = useEvaluationTexts();
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const open = useMutation({
    mutationFn: () => openTemplateEvaluations(api.client, template.id),
    onSuccess: (meta) => {
      toast.success(t('template.openedAll', { opened: meta.opened, links: meta.links_sent }));
      void queryClient.invalidateQueries({ queryKey: ['evaluation-templates'] });
      void queryClient.invalidateQueries({ queryKey: ['progress'] });
    },
    onError: (error) => toast.error(errorMessage(error, tc)),
  });
  return (
    <>
      <p className="page__lead">{template.name}</p>
      <ul>
        {EVALUATION_ROLES.map((role) => {
          const r = template.roles[role];
          return r ? (
            <li key={role}>
              {t('template.roleLine', { role: t(`roles.${role}`), form: r.form_title, weight: r.weight })}
            </li>
          ) : null;
        })}
      </ul>
      <p>{t('template.openedCount', { count: template.opened_count })}</p>
      <button
        type="button"
        className="btn btn--primary btn--block-phone"
        data-testid="evaluation-open-all"
        aria-disabled={open.isPending || undefined}
        onClick={() => !open.isPending && open.mutate()}
      >
        {t('template.openAll')}
      </button>
    </>
  );
}

function TemplateForm({ periodId }: { periodId: string }) {
  const api = useApi();
  const tenant = useTenant();
  const { t } = useEvaluationTexts();
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const legacy = tenant.features.legacyEvaluationForm;
  const forms = useQuery({
    queryKey: ['evaluation-form-options'],
    queryFn: ({ signal }) => fetchFormOptions(api.client, signal),
    enabled: !legacy,
  });
  const [name, setName] = useState<string>(t('template.defaultName'));
  const [chosen, setChosen] = useState<Partial<Record<TEvaluationRole, string>>>({});
  const [weights, setWeights] = useState<Partial<Record<TEvaluationRole, string>>>({});
  const [error, setError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: () => {
      const roles: TTemplateRolesInput = {};
      for (const role of EVALUATION_ROLES) {
        const value = chosen[role];
        if (!value) continue;
        const weight = Number((weights[role] ?? '1').replace(',', '.'));
        const form = forms.data?.find((f) => f.form_id === value);
        roles[role] = {
          ...(form ? { form_id: form.form_id, version: form.version } : {}),
          ...(Number.isFinite(weight) ? { weight } : {}),
        };
      }
      return createTemplate(api.client, { name, internship_period_id: periodId, roles });
    },
    onSuccess: () => {
      toast.success(t('template.created'));
      void queryClient.invalidateQueries({ queryKey: ['evaluation-templates', periodId] });
    },
    onError: (e) => setError(errorMessage(e, tc)),
  });
  const options = legacy
    ? [{ value: LEGACY, label: t('template.legacyForm') }]
    : (forms.data ?? []).map((f) => ({ value: f.form_id, label: f.title }));
  return (
    <form
      noValidate
      data-testid="evaluation-template-form"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        if (!Object.values(chosen).some(Boolean)) return setError(t('template.needRole'));
        if (!create.isPending) create.mutate();
      }}
    >
      <p>{t('template.none')}</p>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      <div className="field">
        <label className="field__label" htmlFor="evaluation-template-name">
          {t('template.name')}
        </label>
        <input
          id="evaluation-template-name"
          className="field__input"
          maxLength={200}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      {EVALUATION_ROLES.map((role) => (
        <div key={role} className="field">
          <label className="field__label" htmlFor={`evaluation-form-${role}`}>
            {t('template.form', { role: t(`roles.${role}`) })}
          </label>
          <select
            id={`evaluation-form-${role}`}
            className="field__input"
            value={chosen[role] ?? ''}
            onChange={(e) => setChosen((c) => ({ ...c, [role]: e.target.value || undefined }))}
          >
            <option value="">{t('template.notAsked')}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {chosen[role] && (
            <>
              <label className="field__label" htmlFor={`evaluation-weight-${role}`}>
                {t('template.weight', { role: t(`roles.${role}`) })}
              </label>
              <input
                id={`evaluation-weight-${role}`}
                className="field__input"
                inputMode="decimal"
                value={weights[role] ?? '1'}
                onChange={(e) => setWeights((w) => ({ ...w, [role]: e.target.value }))}
              />
            </>
          )}
        </div>
      ))}
      <button
        type="submit"
        className="btn btn--primary btn--block-phone"
        aria-disabled={create.isPending || undefined}
        data-testid="evaluation-template-create"
      >
        {t('template.create')}
      </button>
    </form>
  );
}
