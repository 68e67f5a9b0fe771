import type { Tour } from '@cusco/shared';
import { Box, Fieldset, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { type BookingDraft, COUNT_INPUT_LENGTH, type LimitPlace } from '../model/draft.ts';
import { LimitNote, type LimitNoteAt } from './limit-note.tsx';

/**
 * Spec §2: additional services, each price option with a toggle and a quantity (0–99; a service
 * sold per person, at most one per passenger: the flow caps what is typed, `noteAt` says why).
 */
export function ServicesBlock({
  tour,
  draft,
  disabled,
  noteAt,
  typedWrong,
  onToggle,
  onQuantity,
}: {
  tour: Tour;
  draft: BookingDraft;
  disabled: boolean;
  noteAt(place: LimitPlace): LimitNoteAt;
  /** What was typed in a quantity that is not a whole number, by 'service:{offer}'. */
  typedWrong: Record<string, string>;
  onToggle(offerId: string, enabled: boolean): void;
  onQuantity(offerId: string, quantity: string): void;
}) {
  const { t } = useTranslation();
  const perPerson = tour.additionalServices.some((service) =>
    service.prices.some((price) => price.perPerson),
  );
  return (
    <Fieldset legend={t('booking.services.legend')} disabled={disabled}>
      {tour.additionalServices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('booking.services.none')}
        </Text>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('booking.services.hint')} {perPerson ? t('booking.services.perPersonHint') : ''}
          </Text>
          {tour.additionalServices.flatMap((service) =>
            service.prices.map((price) => (
              <ServiceOption
                key={price.id}
                service={service}
                price={price}
                state={draft.services[price.id] ?? { enabled: false, quantity: '' }}
                note={noteAt(`service:${price.id}`)}
                typedWrong={typedWrong[`service:${price.id}`]}
                onToggle={(enabled) => onToggle(price.id, enabled)}
                onQuantity={(quantity) => onQuantity(price.id, quantity)}
              />
            )),
          )}
        </Stack>
      )}
    </Fieldset>
  );
}

type Service = Tour['additionalServices'][number];

/** One price option of a service: its toggle and, once on, its quantity and limit note. */
function ServiceOption({
  service,
  price,
  state,
  note,
  typedWrong,
  onToggle,
  onQuantity,
}: {
  service: Service;
  price: Service['prices'][number];
  state: { enabled: boolean; quantity: string };
  note: LimitNoteAt;
  typedWrong: string | undefined;
  onToggle(enabled: boolean): void;
  onQuantity(quantity: string): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = `${service.name} (${price.label})`;
  return (
    <Box>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Switch
          checked={state.enabled}
          onChange={(event) => onToggle(event.currentTarget.checked)}
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
            maxLength={COUNT_INPUT_LENGTH}
            placeholder="0"
            value={typedWrong ?? state.quantity}
            onChange={(event) => onQuantity(event.currentTarget.value)}
            error={note?.error || typedWrong !== undefined}
            aria-describedby={typedWrong !== undefined ? `service-wrong-${price.id}` : undefined}
            data-limit={`service:${price.id}`}
            data-field="services"
          />
        )}
      </Group>
      <LimitNote note={note} id={`service-limit-${price.id}`} />
      {typedWrong !== undefined && (
        <LimitNote
          note={{ text: t('steps.wholeNumber'), error: true, announce: 0 }}
          id={`service-wrong-${price.id}`}
        />
      )}
    </Box>
  );
}
