import { issueTaxedRequest, type WaitingReceiptItem } from '@cusco/shared';
import { Alert, Button, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { TwoLines } from '../../../../components/data-table.tsx';
import { FormModal } from '../../../../components/form-modal.tsx';
import { formatReceiptMoney } from '../../../../components/invoice/receipt-format.ts';
import { schemaResolver, useInputProps } from '../../../../lib/forms.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useIssueTaxed, useWaitingReceipts } from '../../api/receipts-api.ts';
import { useAdminText } from '../../i18n.ts';
import { type AdminColumn, AdminTable, bookingColumn } from '../admin-table.tsx';
import { FormActions } from '../form-actions.tsx';

/**
 * The receipts that wait (a passport not on file, an exchange rate missing), why, since when;
 * "Issue at 18 % now" issues one taxed, with a reason.
 */
export function WaitingSection() {
  const { t } = useAdminText();
  const waiting = useWaitingReceipts();
  const [issuing, setIssuing] = useState<WaitingReceiptItem | null>(null);
  const columns = useWaitingColumns(setIssuing);
  return (
    <section aria-labelledby="receipts-waiting">
      <Title order={2} size="h3" id="receipts-waiting" mb="xs">
        {t('receipts.waitingTitle')}
      </Title>
      <Text size="sm" mb="sm">
        {t('receipts.waitingIntro')}
      </Text>
      <AdminTable
        caption={t('receipts.waitingTitle')}
        columns={columns}
        rows={waiting.data}
        rowKey={(row) => row.ledgerEntryId}
        query={waiting}
        empty={t('receipts.waitingEmpty')}
      />
      <IssueTaxedModal entry={issuing} onClose={() => setIssuing(null)} />
    </section>
  );
}

function useWaitingColumns(
  onIssue: (entry: WaitingReceiptItem) => void,
): AdminColumn<WaitingReceiptItem>[] {
  const { t } = useAdminText();
  const language = useLanguage();
  const when = new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-PE', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return [
    bookingColumn(t('booking')),
    {
      key: 'amount',
      header: t('receipts.amount'),
      align: 'right',
      render: (row) => (
        <TwoLines main={formatReceiptMoney(row.amount, row.currency, language)} sub={row.kind} />
      ),
    },
    {
      key: 'reason',
      header: t('receipts.why'),
      render: (row) => (
        <TwoLines
          main={t(`receipts.waitReasons.${row.reason}`)}
          sub={row.travellers.length > 0 ? row.travellers.join(', ') : ''}
        />
      ),
    },
    {
      key: 'since',
      header: t('receipts.since'),
      render: (row) => when.format(new Date(row.since)),
    },
    {
      key: 'action',
      header: t('actions'),
      render: (row) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onIssue(row)}
          aria-label={t('receipts.issueTaxedFor', { code: row.bookingCode })}
        >
          {t('receipts.issueTaxed')}
        </Button>
      ),
    },
  ];
}

/** Issues a waiting receipt at 18 % now (the traveller's passport will not come), with a reason. */
function IssueTaxedModal({
  entry,
  onClose,
}: {
  entry: WaitingReceiptItem | null;
  onClose(): void;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  const issue = useIssueTaxed();
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: schemaResolver(issueTaxedRequest),
  });
  const inputProps = useInputProps(form);
  const close = () => {
    form.reset();
    issue.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    if (!entry) return;
    issue.mutate(
      { ledgerEntryId: entry.ledgerEntryId, reason: values.reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('receipts.issuedTaxed') });
          close();
        },
      },
    );
  });
  return (
    <FormModal
      opened={entry !== null}
      onClose={close}
      title={t('receipts.issueTaxedTitle', { code: entry?.bookingCode ?? '' })}
    >
      {entry && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Alert color="yellow" c="dark.7">
              {t('receipts.issueTaxedIntro', {
                amount: formatReceiptMoney(entry.amount, entry.currency, language),
              })}
            </Alert>
            <Textarea
              label={t('receipts.reason')}
              required
              autosize
              minRows={2}
              maxLength={200}
              data-autofocus
              {...inputProps('reason')}
            />
            <FormActions mutation={issue} submitLabel={t('receipts.issueTaxed')} onCancel={close} />
          </Stack>
        </form>
      )}
    </FormModal>
  );
}
