import type { Tour } from '@cusco/shared';
import { Fieldset, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { type BookingDraft, cleanQuantity } from '../model/draft.ts';

/** Spec §2: additional services, each price option with a toggle and a quantity (0–99). */
export function ServicesBlock({
  tour,
  draft,
  disabled,
  onToggle,
  onQuantity,
}: {
  tour: Tour;
  draft: BookingDraft;
  disabled: boolean;
  onToggle(offerId: string, enabled: boolean): void;
  onQuantity(offerId: string, quantity: string): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Fieldset legend={t('booking.services.legend')} disabled={disabled}>
      {tour.additionalServices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('booking.services.none')}
        </Text>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('booking.services.hint')}
          </Text>
          {tour.additionalServices.flatMap((service) =>
            service.prices.map((price) => {
              const state = draft.services[price.id] ?? { enabled: false, quantity: '' };
              const name = `${service.name} (${price.label})`;
              return (
                <Group
                  key={price.id}
                  justify="space-between"
                  align="flex-start"
                  wrap="nowrap"
                  gap="sm"
                >
                  <Switch
                    checked={state.enabled}
                    onChange={(event) => onToggle(price.id, event.currentTarget.checked)}
                    label={
                      <span>
                        <Text span fw={600} size="sm">
                          {service.name}
                        </Text>{' '}
                        <Text span size="sm">
                          · {price.label} · {formatMoney(price.value, language)}
                        </Text>
                      </span>
                    }
                    description={service.description}
                  />
                  {state.enabled && (
                    <TextInput
                      w={88}
                      style={{ flexShrink: 0 }}
                      aria-label={t('booking.services.quantityOf', { name })}
                      inputMode="numeric"
                      pattern="[0-9]*"
                      maxLength={2}
                      placeholder="0"
                      value={state.quantity}
                      onChange={(event) =>
                        onQuantity(price.id, cleanQuantity(event.currentTarget.value))
                      }
                    />
                  )}
                </Group>
              );
            }),
          )}
        </Stack>
      )}
    </Fieldset>
  );
}
