import { Alert, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { ServiceGroup } from './services/service-group.tsx';
import { type ServicePurchaseProps, useServicePurchase } from './services/use-service-purchase.ts';

/**
 * Spec §2 additional services modal: the tour's services ("normal") and other tours ("istour"),
 * each with a quantity; lines at 0 are left out, and nothing to buy says so (spec §5).
 */
export function AddServicesModal(props: ServicePurchaseProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const purchase = useServicePurchase(props);
  const { options, normal, istour } = purchase;
  const group = (title: string, offers: typeof normal) => (
    <ServiceGroup
      title={title}
      offers={offers}
      quantities={purchase.quantities}
      onQuantity={purchase.setQuantity}
    />
  );

  return (
    <FormModal
      opened={props.opened}
      onClose={purchase.close}
      title={t('services.title')}
      size="lg"
      loading={options.isPending ? t('services.loading') : undefined}
    >
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
              {formatMoney(purchase.total, language)}
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={purchase.close}>
              {t('common.cancel')}
            </Button>
            <Button onClick={purchase.save} loading={purchase.saving}>
              {t('services.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </FormModal>
  );
}
