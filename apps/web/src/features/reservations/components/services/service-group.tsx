import { MAX_LENGTH } from '@cusco/shared';
import { Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import type { ServiceOffer } from './use-service-purchase.ts';

/** A titled group of offers, each with its price and the quantity to buy; nothing when empty. */
export function ServiceGroup({
  title,
  offers,
  quantities,
  onQuantity,
}: {
  title: string;
  offers: ServiceOffer[];
  quantities: Record<string, string>;
  onQuantity(id: string, typed: string): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (offers.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {offers.map((offer) => (
        <Group key={offer.id} justify="space-between" wrap="nowrap" gap="sm">
          <div>
            <Text size="sm" fw={600}>
              {offer.name}
            </Text>
            <Text size="sm" c="dimmed">
              {formatMoney(offer.value, language)}
            </Text>
          </div>
          <TextInput
            w={80}
            style={{ flexShrink: 0 }}
            aria-label={t('services.quantityOf', { name: offer.name })}
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={MAX_LENGTH.quantity}
            placeholder="0"
            value={quantities[offer.id] ?? ''}
            onChange={(event) => onQuantity(offer.id, event.currentTarget.value)}
          />
        </Group>
      ))}
    </Stack>
  );
}
