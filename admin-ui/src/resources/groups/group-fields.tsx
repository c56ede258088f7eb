import { maxLength, ReferenceInput, required, SelectInput, TextInput } from 'react-admin';

/** `ZGroupInput`: the school is the selected one; school year and level are the school's own. */
export function GroupInputs() {
  return (
    <>
      <TextInput source="name" validate={[required(), maxLength(100)]} />
      <TextInput source="description" multiline minRows={2} validate={maxLength(2000)} />
      <ReferenceInput
        source="schoolYearId"
        reference="school_years"
        sort={{ field: 'startDate', order: 'DESC' }}
        perPage={100}
      >
        <SelectInput optionText="name" emptyText="–" />
      </ReferenceInput>
      <ReferenceInput
        source="levelId"
        reference="levels"
        sort={{ field: 'position', order: 'ASC' }}
        perPage={100}
      >
        <SelectInput optionText="name" emptyText="–" />
      </ReferenceInput>
    </>
  );
}
