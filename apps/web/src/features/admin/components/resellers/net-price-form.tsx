import { MAX_NET_DISCOUNT_BPS, type Reseller } from '@cusco/shared';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useState } from 'react';
import { FormModal } from '../../../../components/form-modal.tsx';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useSetNetPrice } from '../../api/resellers/set-net-price.ts';
import { useAdminText } from '../../i18n.ts';
import { ErrorAlert } from '../error-alert.tsx';

const MAX_PERCENT = MAX_NET_DISCOUNT_BPS / 100;

/** Basis points as a percentage (1250 → 12.5) and back, rounded to whole basis points. */
const toPercent = (bps: number) => bps / 100;
const toBps = (percent: number) => Math.round(percent * 100);

/**
 * A company's net price: its discount off retail, shown and typed as a percentage (0–50 %, two
 * decimals), saved after a confirmation that says the old and the new discount.
 */
export function NetPriceForm({ company }: { company: Reseller }) {
  const { t } = useAdminText();
  const save = useSetNetPrice();
  const [value, setValue] = useState<number | string>(toPercent(company.netDiscountBps));
  const [confirming, setConfirming] = useState(false);
  // The saved value again after the list reads again.
  useEffect(() => setValue(toPercent(company.netDiscountBps)), [company.netDiscountBps]);
  const valid =
    typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_PERCENT;
  const changed = valid && toBps(value) !== company.netDiscountBps;
  const language = useLanguage();
  const number = new Intl.NumberFormat(language === 'en' ? 'en-US' : 'es-PE', {
    maximumFractionDigits: 2,
  });
  const percent = (bps: number) => t('resellers.percent', { value: number.format(toPercent(bps)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) setConfirming(true);
  };
  const close = () => {
    save.reset();
    setConfirming(false);
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    save.mutate(
      { companyId: company.id, netDiscountBps: toBps(value) },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'teal',
            message: t('resellers.netSaved', {
              company: company.name,
              value: percent(saved.netDiscountBps),
            }),
          });
          close();
        },
      },
    );
  };
  return (
    <>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" mt="md" wrap="wrap" gap="sm">
          <NumberInput
            label={t('resellers.netLabel')}
            description={t('resellers.netHint', { max: MAX_PERCENT })}
            value={value}
            onChange={setValue}
            min={0}
            max={MAX_PERCENT}
            decimalScale={2}
            allowNegative={false}
            suffix=" %"
            w={220}
            error={valid ? undefined : t('resellers.netInvalid', { max: MAX_PERCENT })}
          />
          <Button type="submit" variant="light" disabled={!changed}>
            {t('resellers.netSave')}
          </Button>
        </Group>
      </form>
      <FormModal
        opened={confirming}
        onClose={close}
        title={t('resellers.netConfirmTitle', { company: company.name })}
      >
        <form onSubmit={confirm}>
          <Stack>
            <Text>
              {t('resellers.netConfirmText', {
                company: company.name,
                before: percent(company.netDiscountBps),
                after: valid ? percent(toBps(value)) : '',
              })}
            </Text>
            <ErrorAlert error={save.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('resellers.netConfirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </FormModal>
    </>
  );
}
