import { fromCents, type Quote, type Tour } from '@cusco/shared';
import { Fieldset, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { type BookingDraft, COUNT_INPUT_LENGTH } from '../model/draft.ts';
import { LimitNote, type LimitNoteAt } from './limit-note.tsx';

/**
 * Spec §2: passenger counts per customer type, with who counts as each; at most the tour's
 * group maximum in all (the flow caps what is typed, and `note` says why, or which rule of
 * step 1 the counts break). A count that is not a whole number is refused by its input
 * (`typedWrong`, ADR 0038). `hint`: a further rule said before Continue (the corporate minimum).
 */
export function PassengerCounts({
  tour,
  draft,
  quote,
  disabled,
  note,
  typedWrong,
  hint,
  onChange,
}: {
  tour: Tour;
  draft: BookingDraft;
  quote: Quote | null;
  disabled: boolean;
  note: LimitNoteAt;
  typedWrong: Record<string, string>;
  hint: string | null;
  onChange(customerTypeId: string, value: string): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Fieldset
      legend={t('booking.passengers')}
      disabled={disabled}
      aria-describedby={note ? 'passengers-limit' : undefined}
    >
      <Text size="sm" c="dimmed" mb="sm">
        {t('booking.passengersHint')} {t('booking.maxPassengers', { count: tour.maxPassengers })}
      </Text>
      {hint && (
        <Text size="sm" fw={600} mb="sm" data-testid="corporate-minimum">
          {hint}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {tour.customerTypes.map((type) => {
          const line = quote?.passengers.find(
            (candidate) => candidate.customerTypeId === type.value,
          );
          const wrong = typedWrong[`count:${type.value}`];
          return (
            <div key={type.value}>
              <TextInput
                label={type.label}
                description={type.description}
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={COUNT_INPUT_LENGTH}
                placeholder="0"
                value={wrong ?? draft.counts[type.value] ?? ''}
                onChange={(event) => onChange(type.value, event.currentTarget.value)}
                inputWrapperOrder={['label', 'input', 'error', 'description']}
                error={wrong !== undefined ? t('steps.wholeNumber') : note?.error}
                errorProps={{ role: 'alert' }}
                aria-describedby={note?.error ? 'passengers-limit' : undefined}
                data-limit="passengers"
                data-field="passengers"
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
      <LimitNote note={note} id="passengers-limit" />
    </Fieldset>
  );
}
