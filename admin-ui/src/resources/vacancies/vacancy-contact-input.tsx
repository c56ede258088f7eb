import { SelectInput, useDataProvider, useRecordContext } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { TAdminDataProvider } from '../../providers/jsonapi-data-provider.ts';
import { vacancyContactChoices } from './vacancy-contact.ts';
import { useVacancyTexts } from './vacancy-texts.ts';

/**
 * The vacancy's contact person (`contactPersonId`): the organization's people the server offers
 * (`GET /vacancies/{id}/people`, the internships' rule); nobody clears it.
 */
export function VacancyContactInput() {
  const record = useRecordContext();
  const texts = useVacancyTexts();
  const dataProvider = useDataProvider<TAdminDataProvider>();
  const people = useQuery({
    queryKey: ['vacancies', 'people', record?.id],
    queryFn: () => dataProvider.vacancyPeople(record!.id),
    enabled: record !== undefined,
  });
  if (!record) return null;
  return (
    <SelectInput
      source="contactPersonId"
      label={texts.fields.contactPerson}
      helperText={texts.contact.hint}
      choices={vacancyContactChoices(people.data?.data ?? [], record)}
      emptyText={texts.contact.nobody}
      // "Nobody" is null on the wire (the API takes a user id or null, never '').
      parse={(value: string) => value || null}
      isPending={people.isPending}
    />
  );
}
