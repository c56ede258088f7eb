import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FormAlert, TextField } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { useSettledValue } from '../use-settled-value.ts';
import { searchVacancies, type TVacancyOption } from './allocation-api.ts';
import { bind } from './allocation-model.ts';
import { useAllocationTexts } from './student-choices-section.tsx';

/**
 * Picks vacancies a school may offer or assign (issue #30: the first 50 of the bank left most out):
 * the server searches every eligible vacancy as the admin types; what is chosen stays listed first,
 * whatever the search shows. `multiple`: checkboxes (a round's vacancies), else radio buttons (one).
 */
export function VacancyPicker({
  legend,
  hint,
  multiple,
  chosen,
  onChange,
  testId,
}: {
  legend: string;
  hint?: string;
  multiple: boolean;
  chosen: readonly TVacancyOption[];
  onChange: (chosen: TVacancyOption[]) => void;
  testId: string;
}) {
  const { t } = useAllocationTexts();
  const api = useApi();
  const id = useId();
  const [search, setSearch] = useState('');
  const settled = useSettledValue(search.trim());
  const found = useQuery({
    queryKey: ['pickable-vacancies', settled],
    queryFn: ({ signal }) => searchVacancies(api.client, settled, signal),
    placeholderData: keepPreviousData,
  });
  const chosenIds = new Set(chosen.map((v) => v.id));
  const rows = [...chosen, ...(found.data ?? []).filter((v) => !chosenIds.has(v.id))];
  const toggle = (v: TVacancyOption, on: boolean) =>
    onChange(multiple ? (on ? [...chosen, v] : chosen.filter((c) => c.id !== v.id)) : on ? [v] : []);
  const searching = settled !== search.trim() || found.isFetching;
  return (
    <fieldset className="field vacancy-picker" data-testid={testId} aria-busy={searching}>
      <legend className="field__label">{legend}</legend>
      {hint && <p className="field__hint">{hint}</p>}
      <TextField
        label={t('picker.search')}
        hint={t('picker.searchHint')}
        type="search"
        field={bind(`${testId}-search`, search, setSearch)}
      />
      {found.isError && <FormAlert tone="error">{t('picker.loadError')}</FormAlert>}
      <p role="status" className="field__hint" data-testid={`${testId}-status`}>
        {searching
          ? t('picker.searching')
          : found.data && found.data.length === 0 && settled
            ? t('picker.none')
            : t('picker.chosen', { count: chosen.length })}
      </p>
      <ul className="vacancy-picker__list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((v) => (
          <li key={v.id} className="field field--checkbox" data-testid={`${testId}-option`}>
            <input
              id={`${id}-${v.id}`}
              type={multiple ? 'checkbox' : 'radio'}
              name={`${testId}-choice`}
              checked={chosenIds.has(v.id)}
              onChange={(e) => toggle(v, e.target.checked)}
            />
            <label htmlFor={`${id}-${v.id}`}>
              {[v.title, v.organizationName, v.city].filter(Boolean).join(' · ')}{' '}
              <span className="field__hint">{t('picker.placesLeft', { count: v.placesLeft })}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
