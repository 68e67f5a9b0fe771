import { clampServiceQuantity, cleanNumericInput, fromCents, toCents } from '@cusco/shared';
import {
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client.ts';
import { showAlert } from '../../../lib/error-modal.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { type PurchaseLine, useAddServices, useServiceOptions } from '../api/services.ts';

interface Option {
  id: string;
  name: string;
  value: number;
}

/**
 * Spec §2 additional services modal: the tour's services ("normal") and other tours ("istour"),
 * each with a quantity; lines at 0 are left out, and nothing to buy says so (spec §5).
 */
export function AddServicesModal({
  code,
  opened,
  onClose,
  onSaved,
}: {
  code: string;
  opened: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const options = useServiceOptions(code, opened);
  const add = useAddServices(code);
  const [quantities, setQuantities] = useState<Record<string, string>>({});

  const toOptions = (
    items: { name: string; prices: { id: string; value: number; label: string }[] }[],
  ): Option[] =>
    items.flatMap((item) =>
      item.prices.map((price) => ({
        id: price.id,
        name: `${item.name} (${price.label})`,
        value: price.value,
      })),
    );
  const normal = toOptions(options.data?.normal ?? []);
  const istour = toOptions(options.data?.istour ?? []);
  const quantityOf = (id: string) =>
    clampServiceQuantity(Number.parseInt(quantities[id] || '0', 10));
  const lines: PurchaseLine[] = [...normal, ...istour]
    .filter((option) => quantityOf(option.id) > 0)
    .map((option) => ({
      serviceId: option.id,
      name: option.name,
      quantity: quantityOf(option.id),
      unitPrice: option.value,
      total: fromCents(toCents(option.value) * quantityOf(option.id)),
    }));
  const totalCents = lines.reduce((sum, line) => sum + toCents(line.total), 0);

  const close = () => {
    setQuantities({});
    add.reset();
    onClose();
  };

  const save = () => {
    if (lines.length === 0) {
      showAlert(t('common.error'), t('msg:noChanges'));
      return;
    }
    add.mutate(lines, {
      onSuccess: () => {
        setQuantities({});
        onSaved();
        showAlert(t('services.savedTitle'), t('services.savedText'));
      },
    });
  };

  const group = (title: string, items: Option[]) =>
    items.length > 0 && (
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {items.map((option) => (
          <Group key={option.id} justify="space-between" wrap="nowrap" gap="sm">
            <div>
              <Text size="sm" fw={600}>
                {option.name}
              </Text>
              <Text size="sm" c="dimmed">
                {formatMoney(option.value, language)}
              </Text>
            </div>
            <TextInput
              w={80}
              style={{ flexShrink: 0 }}
              aria-label={t('services.quantityOf', { name: option.name })}
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={2}
              placeholder="0"
              value={quantities[option.id] ?? ''}
              onChange={(event) => {
                const digits = cleanNumericInput(event.currentTarget.value).slice(0, 2);
                setQuantities((current) => ({ ...current, [option.id]: digits }));
              }}
            />
          </Group>
        ))}
      </Stack>
    );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('services.title')}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {options.isPending && (
        <Center py="xl" role="status" aria-label={t('services.loading')}>
          <Loader />
        </Center>
      )}
      {options.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {errorMessage(options.error)}
        </Alert>
      )}
      {options.isSuccess && (
        <Stack gap="lg">
          {normal.length + istour.length === 0 && <Text c="dimmed">{t('services.none')}</Text>}
          {group(t('services.normal'), normal)}
          {group(t('services.istour'), istour)}
          <Divider />
          <Group justify="space-between">
            <Text fw={700}>{t('services.total')}</Text>
            <Text fw={700} aria-live="polite">
              {formatMoney(fromCents(totalCents), language)}
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button onClick={save} loading={add.isPending}>
              {t('services.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
