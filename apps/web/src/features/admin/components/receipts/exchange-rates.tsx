import { exchangeRateEntry, todayInLima } from '@cusco/shared';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { formatDate } from '../../../../lib/format.ts';
import { schemaResolver, useInputProps } from '../../../../lib/forms.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useSessionUser } from '../../../../lib/session.ts';
import { useExchangeRates, useSaveExchangeRate } from '../../api/receipts-api.ts';
import { useAdminText } from '../../i18n.ts';
import { type AdminColumn, AdminTable } from '../admin-table.tsx';
import { ErrorAlert } from '../error-alert.tsx';

type Rate = { day: string; currency: string; rate: string; createdAt: string };

/**
 * The exchange rates (soles per dollar of a day) receipts in dollars are issued with: every staff
 * member reads them, administrators record a day's rate (a receipt waiting for it then issues).
 */
export function ExchangeRatesSection() {
  const { t } = useAdminText();
  const language = useLanguage();
  const admin = useSessionUser()?.role === 'admin';
  const rates = useExchangeRates();
  const columns: AdminColumn<Rate>[] = [
    { key: 'day', header: t('date'), render: (row) => formatDate(row.day, language) },
    { key: 'currency', header: t('receipts.currency'), render: (row) => row.currency },
    { key: 'rate', header: t('receipts.rate'), align: 'right', render: (row) => row.rate },
  ];
  return (
    <section aria-labelledby="receipts-rates">
      <Title order={2} size="h3" id="receipts-rates" mb="xs">
        {t('receipts.ratesTitle')}
      </Title>
      <Text size="sm" mb="sm">
        {t(admin ? 'receipts.ratesIntro' : 'receipts.ratesReadOnly')}
      </Text>
      {admin && <RateForm />}
      <AdminTable
        caption={t('receipts.ratesTitle')}
        columns={columns}
        rows={rates.data}
        rowKey={(row) => `${row.day}/${row.currency}`}
        query={rates}
        empty={t('receipts.ratesEmpty')}
      />
    </section>
  );
}

/** An administrator's form: the day, the currency and its rate in soles. */
function RateForm() {
  const { t } = useAdminText();
  const save = useSaveExchangeRate();
  const form = useForm({
    mode: 'controlled',
    initialValues: { day: todayInLima(), currency: 'USD', rate: '' },
    validate: schemaResolver(exchangeRateEntry),
  });
  const inputProps = useInputProps(form);
  const submit = form.onSubmit((values) =>
    save.mutate(
      { day: values.day, currency: values.currency.trim().toUpperCase(), rate: values.rate.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('receipts.rateSaved') });
          form.setFieldValue('rate', '');
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('receipts.rateForm')}>
      <Stack gap="xs" mb="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label={t('date')}
            required
            w={{ base: '100%', sm: 170 }}
            {...inputProps('day')}
          />
          <TextInput
            label={t('receipts.currency')}
            required
            maxLength={3}
            w={{ base: '100%', sm: 100 }}
            {...inputProps('currency')}
          />
          <TextInput
            label={t('receipts.rate')}
            description={t('receipts.rateHint')}
            required
            inputMode="decimal"
            maxLength={8}
            w={{ base: '100%', sm: 170 }}
            {...inputProps('rate')}
          />
          <Button type="submit" loading={save.isPending}>
            {t('receipts.saveRate')}
          </Button>
        </Group>
        <ErrorAlert error={save.error} />
      </Stack>
    </form>
  );
}
