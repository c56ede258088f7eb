import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { nlDelivery } from '@stageplein/contracts/i18n/nl-delivery';
import {
  NOTIFICATION_DELIVERIES,
  type TNotificationCategory,
  type TNotificationDelivery,
  type TNotificationPreferenceResource,
} from '@stageplein/contracts/notifications/notifications';
import { FormAlert, RadioGroup } from '@stageplein/design-system/forms/fields.tsx';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { useApi } from '../../api/api-context.ts';
import { usePortalTexts } from '../../i18n/portal-texts.ts';
import type { TCurrentUser } from '../../session/current-user.ts';
import { errorMessage } from '../page-kit.tsx';

const PREFERENCES = '/api/v1/notification_preferences';
const KEY = ['notification-preferences'] as const;
type TPreference = TNotificationPreferenceResource['attributes'];

/**
 * Per category: only in the feed, also by e-mail, or in the periodic mail (the frequency above). Account
 * and signing mail cannot be switched off (the service says which: `changeable`). Each choice is saved
 * as it is made.
 */
export function DeliveryChoices({ user }: { user: TCurrentUser }) {
  usePortalTexts('delivery', nlDelivery);
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: KEY,
    queryFn: async () =>
      (
        await api.client.get<{ data: TNotificationPreferenceResource[] }>(PREFERENCES, { raw: true })
      ).data.map((r) => r.attributes),
  });
  const choose = useMutation({
    mutationFn: async (p: { category: TNotificationCategory; delivery: TNotificationDelivery }) =>
      api.client.patch(
        `${PREFERENCES}/${p.category}`,
        { data: { type: 'notification_preference', id: p.category, attributes: { delivery: p.delivery } } },
        { raw: true },
      ),
    onSuccess: async (_r, p) => {
      queryClient.setQueryData<TPreference[]>(KEY, (old) =>
        old?.map((o) => (o.category === p.category ? { ...o, delivery: p.delivery } : o)),
      );
      toast.success(
        t('portal.delivery.saved', {
          category: t(`portal.delivery.categories.${p.category}`),
          delivery: t(`portal.delivery.deliveries.${p.delivery}`),
        }),
      );
    },
  });
  return (
    <section aria-labelledby="delivery-title" className="form" data-testid="delivery-choices">
      <h2 id="delivery-title">{t('portal.delivery.title')}</h2>
      <p>{t('portal.delivery.intro')}</p>
      {user.periodicMailFrequency === 'never' && <p>{t('portal.delivery.digestNever')}</p>}
      {preferences.isError && <FormAlert tone="error">{t('portal.delivery.loadFailed')}</FormAlert>}
      {choose.isError && <FormAlert tone="error">{errorMessage(choose.error, t)}</FormAlert>}
      {preferences.data?.map((p) =>
        p.changeable ? (
          <div key={p.category} data-testid={`delivery-${p.category}`}>
            <RadioGroup
              legend={t(`portal.delivery.categories.${p.category}`)}
              field={{
                name: `delivery-${p.category}`,
                value: p.delivery,
                error: undefined,
                onChange: (value) =>
                  choose.mutate({ category: p.category, delivery: value as TNotificationDelivery }),
                onBlur: () => undefined,
              }}
              options={NOTIFICATION_DELIVERIES.map((d) => ({
                value: d,
                label: t(`portal.delivery.deliveries.${d}`),
              }))}
            />
          </div>
        ) : (
          <div key={p.category} className="field" data-testid={`delivery-${p.category}`}>
            <p className="field__label">{t(`portal.delivery.categories.${p.category}`)}</p>
            <p className="field__hint">{t('portal.delivery.locked')}</p>
          </div>
        ),
      )}
    </section>
  );
}
