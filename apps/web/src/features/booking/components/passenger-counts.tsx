import { fromCents, type Quote, type Tour } from '@cusco/shared';
import { Fieldset, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { type BookingDraft, cleanCount } from '../model/draft.ts';

/** Spec §2: passenger counts per customer type, with who counts as each. */
export function PassengerCounts({
  tour,
  draft,
  quote,
  disabled,
  onChange,
}: {
  tour: Tour;
  draft: BookingDraft;
  quote: Quote | null;
  disabled: boolean;
  onChange(customerTypeId: string, value: string): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Fieldset legend={t('booking.passengers')} disabled={disabled}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('booking.passengersHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {tour.customerTypes.map((type) => {
          const line = quote?.passengers.find(
            (candidate) => candidate.customerTypeId === type.value,
          );
          return (
            <div key={type.value}>
              <TextInput
                label={type.label}
                description={type.description}
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={2}
                placeholder="0"
                value={draft.counts[type.value] ?? ''}
                onChange={(event) => onChange(type.value, cleanCount(event.currentTarget.value))}
                inputWrapperOrder={['label', 'input', 'description']}
              />
              {line && (
                <Group gap={6} mt={4}>
                  <Text size="sm" fw={600} c="terracotta.8">
                    {t('booking.perPerson', {
                      price: formatMoney(fromCents(line.unitCents), language),
                    })}
                  </Text>
                </Group>
              )}
            </div>
          );
        })}
      </SimpleGrid>
    </Fieldset>
  );
}
