import { parseDecimal } from '@stageplein/contracts/validation/field-rules';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LEGACY_EVALUATION_FORMS } from '@stageplein/contracts/forms/legacy-evaluation-form';
import {
  EVALUATION_ROLES,
  MAX_EVALUATION_WEIGHT,
  scoredFields,
  type TEvaluationRole,
} from '@stageplein/contracts/placements/evaluation-policy';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';
import { FormAlert, TextField } from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { useApi } from '../../api/api-context.ts';
import { localized } from '../../forms-renderer/answer-model.ts';
import { useTenant } from '../../tenant/tenant-context.ts';
import { errorMessage } from '../page-kit.tsx';
import {
  createTemplate,
  fetchFormOptions,
  fetchPeriodTemplates,
  openTemplateEvaluations,
  type TEvaluationTemplate,
  type TFormOption,
  type TTemplateRolesInput,
} from './evaluation-api.ts';
import { useEvaluationTexts } from './evaluation-texts.tsx';

const LEGACY = 'legacy';

/**
 * A School admin's evaluation of one internship period (on `/stagevoortgang/{period}`): the template
 * if there is one (its forms per role and weights) with "open for all running internships", else a
 * small form to set it up — a published evaluation form per role (the fixed form on legacy tenants)
 * with each role's weight and the weight of each scored question, and the score rule in a sentence.
 * A template's roles (and so its weights) are fixed once an evaluation was opened (the server's 409).
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
  const { t, lang } = useEvaluationTexts();
  const legacy = useTenant().features.legacyEvaluationForm;
  // The questions' labels for the weights the template names.
  const forms = useQuery({
    queryKey: ['evaluation-form-options'],
    queryFn: ({ signal }) => fetchFormOptions(api.client, signal),
    enabled:
      !legacy && EVALUATION_ROLES.some((role) => Object.keys(template.roles[role]?.weights ?? {}).length),
  });
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
      <ScoreRule
        parts={EVALUATION_ROLES.flatMap((role) => {
          const r = template.roles[role];
          if (!r) return [];
          const form = forms.data?.find((f) => f.form_id === r.form_id);
          const labels = new Map(scoredOf(role, r.legacy, form).map((q) => [q.id, localized(q.label, lang)]));
          return [
            {
              role,
              weight: r.weight,
              questions: Object.entries(r.weights).map(([id, weight]) => ({
                label: labels.get(id) ?? id,
                weight,
              })),
            },
          ];
        })}
      />
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

/** A role's scored questions: the fixed form's on legacy tenants, else the chosen form's (server-found). */
function scoredOf(role: TEvaluationRole, legacy: boolean, form: TFormOption | undefined) {
  if (legacy) return scoredFields(LEGACY_EVALUATION_FORMS[role]).map(({ id, label }) => ({ id, label }));
  return form?.scored ?? [];
}

/** A weight field's number: empty is the default 1. */
const weightOf = (value: unknown): number => {
  const text = String(value ?? '').trim();
  return text === '' ? 1 : parseDecimal(text);
};
const WEIGHT_RULES = [rules.number(), rules.min(0), rules.max(MAX_EVALUATION_WEIGHT)];

/**
 * The score rule in one sentence: the parts' weights, then the questions that weigh other than 1
 * (`partScore`/`evaluationScore` of the contracts compute it; this only says it).
 */
function ScoreRule({
  parts,
}: {
  parts: { role: TEvaluationRole; weight: number; questions: { label: string; weight: number }[] }[];
}) {
  const { t } = useEvaluationTexts();
  const counted = parts.filter((p) => p.weight > 0);
  const special = parts.flatMap((p) =>
    p.questions
      .filter((q) => q.weight !== 1)
      .map((q) =>
        q.weight === 0
          ? t('template.ruleLeftOut', { question: q.label })
          : t('template.ruleTimes', { question: q.label, weight: q.weight }),
      ),
  );
  return (
    <p className="field__hint" data-testid="evaluation-score-rule">
      {counted.length === 0
        ? t('template.ruleNone')
        : t('template.rule', {
            parts: counted
              .map((p) => t('template.ruleTimes', { question: t(`roles.${p.role}`), weight: p.weight }))
              .join(', '),
          })}{' '}
      {special.length > 0
        ? t('template.ruleQuestions', { list: special.join(', ') })
        : t('template.ruleEqual')}
    </p>
  );
}

function TemplateForm({ periodId }: { periodId: string }) {
  const api = useApi();
  const tenant = useTenant();
  const { t, lang } = useEvaluationTexts();
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
  const [error, setError] = useState<string | undefined>();
  const parts = EVALUATION_ROLES.filter((role) => chosen[role]).map((role) => ({
    role,
    questions: scoredOf(
      role,
      legacy,
      forms.data?.find((f) => f.form_id === chosen[role]),
    ),
  }));
  // Weights as design-system fields (spec §5 on blur): `weight.<role>` and `q.<role>.<question id>`,
  // shown as 1 until changed.
  const names = parts.flatMap((p) => [`weight.${p.role}`, ...p.questions.map((q) => `q.${p.role}.${q.id}`)]);
  const weights = useForm<Record<string, string>>(
    {},
    Object.fromEntries(names.map((n) => [n, WEIGHT_RULES])),
  );
  const value = (name: string) => weights.values[name];
  const bindWeight = (name: string) => {
    const bound = weights.bind(name);
    return { ...bound, value: bound.value ?? '1' };
  };
  const create = useMutation({
    mutationFn: () => {
      const roles: TTemplateRolesInput = {};
      for (const { role, questions } of parts) {
        const form = forms.data?.find((f) => f.form_id === chosen[role]);
        // Only the questions that weigh other than the default 1 are stored.
        const perQuestion = Object.fromEntries(
          questions
            .map((q) => [q.id, weightOf(value(`q.${role}.${q.id}`))] as const)
            .filter(([, w]) => w !== 1),
        );
        roles[role] = {
          ...(form ? { form_id: form.form_id, version: form.version } : {}),
          weight: weightOf(value(`weight.${role}`)),
          ...(Object.keys(perQuestion).length ? { weights: perQuestion } : {}),
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
        if (!weights.validate(names, e.currentTarget)) return;
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
      {EVALUATION_ROLES.map((role) => {
        const part = parts.find((p) => p.role === role);
        return (
          <div key={role} className="field" data-testid={`evaluation-role-${role}`}>
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
            {part && (
              <>
                <TextField
                  label={t('template.weight', { role: t(`roles.${role}`) })}
                  hint={t('template.weightHint')}
                  inputMode="decimal"
                  field={bindWeight(`weight.${role}`)}
                />
                {part.questions.length > 0 && (
                  <details className="evaluation-weights">
                    <summary>{t('template.questionWeights', { count: part.questions.length })}</summary>
                    {part.questions.map((q) => (
                      <TextField
                        key={q.id}
                        label={t('template.questionWeight', { question: localized(q.label, lang) })}
                        inputMode="decimal"
                        field={bindWeight(`q.${role}.${q.id}`)}
                      />
                    ))}
                  </details>
                )}
              </>
            )}
          </div>
        );
      })}
      {parts.length > 0 && (
        <ScoreRule
          parts={parts.map((p) => ({
            role: p.role,
            weight: weightOf(value(`weight.${p.role}`)),
            questions: p.questions.map((q) => ({
              label: localized(q.label, lang),
              weight: weightOf(value(`q.${p.role}.${q.id}`)),
            })),
          }))}
        />
      )}
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
