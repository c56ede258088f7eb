import { useTranslation } from 'react-i18next';
import { TextAreaField, TextField } from '@stageplein/design-system/forms/fields.tsx';
import type { TFieldBinding } from '@stageplein/design-system/forms/use-form.ts';
import type { TProfileField } from './profile-form.ts';

/** The profile's fields (signup and settings), labelled once; `required` marks what the form requires. */
export function ProfileFields({
  bind,
  addressRequired,
}: {
  bind: (name: TProfileField) => TFieldBinding;
  addressRequired: boolean;
}) {
  const { t } = useTranslation();
  const label = (f: TProfileField) => t(`portal.organizationProfile.fields.${f}`);
  return (
    <>
      <TextField label={label('name')} required autoComplete="organization" field={bind('name')} />
      <TextField
        label={label('address')}
        required={addressRequired}
        autoComplete="street-address"
        field={bind('address')}
      />
      <div className="form__row">
        <TextField
          label={label('postcode')}
          hint={t('portal.organizationProfile.postcodeHint')}
          required={addressRequired}
          autoComplete="postal-code"
          field={bind('postcode')}
        />
        <TextField
          label={label('city')}
          required={addressRequired}
          autoComplete="address-level2"
          field={bind('city')}
        />
      </div>
      <TextField
        label={label('website')}
        hint={t('portal.organizationProfile.websiteHint')}
        type="url"
        inputMode="url"
        autoComplete="url"
        field={bind('website')}
      />
      <div className="form__row">
        <TextField
          label={label('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          field={bind('phone')}
        />
        <TextField
          label={label('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          field={bind('email')}
        />
      </div>
      <TextAreaField
        label={label('description')}
        hint={t('portal.organizationProfile.descriptionHint')}
        field={bind('description')}
      />
    </>
  );
}
