import type { PassengerRegistryItem } from '@cusco/shared';
import { ActionIcon, Badge, Card, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileCheck, IconPencil, IconUserMinus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from './section.tsx';

/**
 * One passenger slot: number, type, document, name, completion and its Edit and Remove buttons
 * (if any).
 */
function RegistrySlot({
  slot,
  onEdit,
  onRemove,
  footer,
}: {
  slot: PassengerRegistryItem;
  onEdit: ((slot: PassengerRegistryItem) => void) | undefined;
  onRemove: ((slot: PassengerRegistryItem) => void) | undefined;
  footer: ((slot: PassengerRegistryItem) => ReactNode) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" role="listitem" data-testid={`passenger-${slot.number}`}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{t('bookingDetail.passenger', { number: slot.number })}</Text>
            <Badge variant="light" size="sm">
              {slot.type}
            </Badge>
            {slot.hasDocument && (
              <Tooltip label={t('bookingDetail.documentOk')}>
                <IconFileCheck
                  size={18}
                  aria-label={t('bookingDetail.documentOk')}
                  color="var(--mantine-color-andes-8)"
                />
              </Tooltip>
            )}
          </Group>
          <Text size="sm" c={slot.name ? undefined : 'dimmed'} truncate>
            {slot.name || t('bookingDetail.notRegistered')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Progress
              value={slot.percentage}
              style={{ flex: 1 }}
              color={slot.percentage === 100 ? 'andes' : 'terracotta'}
              aria-label={t('bookingDetail.completion', { percentage: slot.percentage })}
            />
            <Text size="sm" fw={600} data-testid="completion">
              {slot.percentage}%
            </Text>
          </Group>
        </Stack>
        {(onEdit || onRemove) && (
          <Group gap="xs" wrap="nowrap">
            {onEdit && (
              <ActionIcon
                variant="light"
                size="lg"
                onClick={() => onEdit(slot)}
                aria-label={t('bookingDetail.edit', { number: slot.number })}
              >
                <IconPencil size={20} aria-hidden />
              </ActionIcon>
            )}
            {onRemove && (
              <Tooltip label={t('change.remove', { number: slot.number })}>
                <ActionIcon
                  variant="light"
                  color="red"
                  size="lg"
                  onClick={() => onRemove(slot)}
                  aria-label={t('change.remove', { number: slot.number })}
                >
                  <IconUserMinus size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
      </Group>
      {footer?.(slot)}
    </Card>
  );
}

/**
 * The passenger registry: one card per slot, each with its Edit button; without `onEdit` (a
 * cancelled booking, whose permits will not be bought) it is read only, without the call to
 * complete it. With `onRemove` (a booking that may still be changed, issue 27), each card has a
 * Remove button that opens the removal's preview, unless it is the last passenger (removing them
 * is cancelling the booking).
 */
export function PassengerRegistry({
  slots,
  onEdit,
  onRemove,
  footer,
}: {
  slots: PassengerRegistryItem[];
  onEdit?: (slot: PassengerRegistryItem) => void;
  onRemove?: (slot: PassengerRegistryItem) => void;
  /** What a card shows below its passenger (a document change, issue 29). */
  footer?: (slot: PassengerRegistryItem) => ReactNode;
}) {
  const removable = slots.length > 1 ? onRemove : undefined;
  const { t } = useTranslation();
  return (
    <Section id="detail-registry" title={t('bookingDetail.registry')}>
      {onEdit && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('bookingDetail.registryHint')}
        </Text>
      )}
      <Stack gap="xs" role="list" aria-labelledby="detail-registry">
        {slots.map((slot) => (
          <RegistrySlot
            key={slot.id}
            slot={slot}
            onEdit={onEdit}
            onRemove={removable}
            footer={footer}
          />
        ))}
      </Stack>
    </Section>
  );
}
