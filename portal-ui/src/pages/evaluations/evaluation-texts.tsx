import { useTranslation } from 'react-i18next';
import { isAnswerField, type TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import type { TAnswers } from '@stageplein/contracts/forms/submission-schema';
import { gradeOf } from '@stageplein/contracts/placements/evaluation-policy';
import { answerText, localized } from '../../forms-renderer/answer-model.ts';
import { EVALUATIONS_NAMESPACE, registerEvaluationsMessages } from './evaluation-messages.ts';
import './evaluations.css';

/** `t` of the `evaluations` namespace, its language, dates and scores written for that language. */
export function useEvaluationTexts() {
  const { t, i18n } = useTranslation(EVALUATIONS_NAMESPACE);
  registerEvaluationsMessages(i18n);
  const lang: 'nl' | 'en' = (i18n.resolvedLanguage ?? i18n.language).startsWith('en') ? 'en' : 'nl';
  const number = (n: number) =>
    n.toLocaleString(lang === 'en' ? 'en-GB' : 'nl-NL', { maximumFractionDigits: 1 });
  return {
    t,
    lang,
    date: (iso: string) =>
      new Date(iso).toLocaleDateString(lang === 'en' ? 'en-GB' : 'nl-NL', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'Europe/Amsterdam',
      }),
    score: (score: number | null) =>
      score === null
        ? t('noScore')
        : t('scoreValue', { score: number(score), grade: number(gradeOf(score)) }),
  };
}

/** A part's answers as question and answer, in the form's order (labels in the reader's language). */
export function AnswersList({ definition, answers }: { definition: TFormDefinition; answers: TAnswers }) {
  const { t, lang } = useEvaluationTexts();
  const words = { yes: t('yes'), no: t('no') };
  return (
    <dl className="evaluation__answers" data-testid="evaluation-answers">
      {definition.pages.flatMap((page) =>
        page.sections.flatMap((section) =>
          section.fields.filter(isAnswerField).map((field) =>
            field.id in answers ? (
              <div key={field.id}>
                <dt>{localized(field.label, lang)}</dt>
                <dd>{answerText(field, answers[field.id], lang, words)}</dd>
              </div>
            ) : null,
          ),
        ),
      )}
    </dl>
  );
}
