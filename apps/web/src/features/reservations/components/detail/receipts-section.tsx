import type { BookingReceiptsAnswer, InvoiceDetails, ReceiptItem } from '@cusco/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconFileCode, IconFileTypePdf, IconHourglass } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkInvoiceForm,
  InvoiceFields,
  invoiceOf,
  useInvoiceForm,
} from '../../../../components/invoice/invoice-fields.tsx';
import {
  formatReceiptMoney,
  receiptStatusColors,
} from '../../../../components/invoice/receipt-format.ts';
import { LoadError } from '../../../../components/load-error.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatDate } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { downloadReceipt, useBookingReceipts, useSaveInvoiceDetails } from '../../api/receipts.ts';
import { Section } from './section.tsx';

/**
 * The booking's receipts (issue 30): each boleta, factura or credit note with its code, date,
 * total, SUNAT status and tax, its PDF and XML; what waits (a passport to upload); and the
 * factura's details for the next payments.
 */
export function ReceiptsSection({ code, paid }: { code: string; paid: number }) {
  const { t } = useTranslation();
  const receipts = useBookingReceipts(code, paid);
  return (
    <Section id="detail-receipts" title={t('receipts.title')} collapsible>
      {receipts.isPending && (
        <Center py="md" role="status" aria-label={t('receipts.loading')}>
          <Loader size="sm" />
        </Center>
      )}
      {receipts.error ? (
        <LoadError error={receipts.error} onRetry={() => void receipts.refetch()} />
      ) : null}
      {receipts.data && (
        <Stack gap="md">
          <Waiting
            waiting={receipts.data.waiting}
            // The booking's currency, as its receipts print it (the agency sells in dollars).
            currency={receipts.data.receipts[0]?.currency ?? 'USD'}
          />
          <ReceiptList receipts={receipts.data.receipts} />
          <InvoiceDetailsPanel code={code} invoice={receipts.data.invoice} />
        </Stack>
      )}
    </Section>
  );
}

/** What waits to be issued, and what the customer can do about it. */
function Waiting({
  waiting,
  currency,
}: {
  waiting: BookingReceiptsAnswer['waiting'];
  currency: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (waiting.length === 0) return null;
  return (
    <>
      {waiting.map((item, index) => (
        <Alert
          // biome-ignore lint/suspicious/noArrayIndexKey: the waiting list has no ids, and is read whole
          key={index}
          color="yellow"
          c="dark.7"
          icon={<IconHourglass aria-hidden />}
          title={t('receipts.waitingTitle')}
        >
          {t(`receipts.waiting.${item.reason}`, {
            amount: formatReceiptMoney(item.amount, currency, language),
          })}
        </Alert>
      ))}
    </>
  );
}

/** The documents issued, each a card (a phone's width first). */
function ReceiptList({ receipts }: { receipts: ReceiptItem[] }) {
  const { t } = useTranslation();
  if (receipts.length === 0) return <Text size="sm">{t('receipts.empty')}</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {receipts.map((receipt) => (
        <li key={receipt.id}>
          <ReceiptCard receipt={receipt} />
        </li>
      ))}
    </Stack>
  );
}

function ReceiptCard({ receipt }: { receipt: ReceiptItem }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [busy, setBusy] = useState<'pdf' | 'xml' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const get = (format: 'pdf' | 'xml') => {
    setBusy(format);
    setError(null);
    downloadReceipt(receipt, format)
      .catch(setError)
      .finally(() => setBusy(null));
  };
  const name = `${t(`receipts.types.${receipt.type}`)} ${receipt.code}`;
  return (
    <Card withBorder padding="sm" component="article" aria-label={name}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h5">
          {name}
        </Title>
        <Badge variant="light" c="dark.7" color={receiptStatusColors[receipt.status] ?? 'gray'}>
          {t(`receipts.statuses.${receipt.status}`)}
        </Badge>
      </Group>
      <Text size="sm">
        {formatDate(receipt.issueDate, language)} ·{' '}
        <strong>{formatReceiptMoney(receipt.total, receipt.currency, language)}</strong>
      </Text>
      <Text size="sm">
        {t(`receipts.tax.${receipt.tax}`, {
          igv: formatReceiptMoney(receipt.igv, receipt.currency, language),
        })}
      </Text>
      <Text size="sm" c="dimmed">
        {receipt.customerName} · {receipt.customerDocument}
      </Text>
      {receipt.references && (
        <Text size="sm">
          {t('receipts.references', { code: receipt.references })}
          {receipt.noteReason ? ` — ${receipt.noteReason}` : ''}
        </Text>
      )}
      <Group gap="xs" mt="xs">
        <Button
          size="xs"
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          loading={busy === 'pdf'}
          onClick={() => get('pdf')}
          aria-label={t('receipts.downloadPdfOf', { code: receipt.code })}
        >
          {t('receipts.pdf')}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFileCode size={16} aria-hidden />}
          loading={busy === 'xml'}
          onClick={() => get('xml')}
          aria-label={t('receipts.downloadXmlOf', { code: receipt.code })}
        >
          {t('receipts.xml')}
        </Button>
      </Group>
      {error ? (
        <Alert color="red" role="alert" mt="xs">
          {errorMessage(error)}
        </Alert>
      ) : null}
    </Card>
  );
}

/**
 * The factura's details for the next payments: shown, edited or cleared (back to boletas).
 * Receipts already issued are not changed.
 */
function InvoiceDetailsPanel({ code, invoice }: { code: string; invoice: InvoiceDetails | null }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const save = useSaveInvoiceDetails(code);
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="receipts-invoice">
      <Title order={3} size="h5" id="receipts-invoice" mb={4}>
        {t('receipts.invoice.title')}
      </Title>
      <Text size="sm" mb="xs">
        {t('receipts.invoice.nextPayments')}
      </Text>
      {editing ? (
        <InvoiceEditor code={code} invoice={invoice} onDone={() => setEditing(false)} />
      ) : (
        <>
          {invoice ? (
            <Stack gap={0} mb="xs">
              <Text size="sm" fw={600}>
                {invoice.legalName}
              </Text>
              <Text size="sm">{t('receipts.invoice.rucValue', { ruc: invoice.ruc })}</Text>
              <Text size="sm">{invoice.fiscalAddress}</Text>
            </Stack>
          ) : (
            <Text size="sm" mb="xs">
              {t('receipts.invoice.none')}
            </Text>
          )}
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              onClick={() => {
                save.reset();
                setEditing(true);
              }}
            >
              {t(invoice ? 'receipts.invoice.edit' : 'receipts.invoice.add')}
            </Button>
            {invoice && (
              <Button
                size="xs"
                variant="default"
                loading={save.isPending}
                onClick={() => save.mutate(null)}
              >
                {t('receipts.invoice.clear')}
              </Button>
            )}
          </Group>
          {save.error ? (
            <Alert color="red" role="alert" mt="xs" icon={<IconAlertCircle aria-hidden />}>
              {errorMessage(save.error)}
            </Alert>
          ) : null}
        </>
      )}
    </Card>
  );
}

function InvoiceEditor({
  code,
  invoice,
  onDone,
}: {
  code: string;
  invoice: InvoiceDetails | null;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const form = useInvoiceForm(invoice);
  const save = useSaveInvoiceDetails(code);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!checkInvoiceForm(form, 'portal-invoice')) return;
    save.mutate(invoiceOf(form.getValues()), { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <InvoiceFields form={form} idPrefix="portal-invoice" />
        {save.error ? (
          <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
            {errorMessage(save.error)}
          </Alert>
        ) : null}
        <Group gap="xs" justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('receipts.invoice.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
