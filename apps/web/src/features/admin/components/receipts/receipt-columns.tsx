import type { AdminReceiptItem } from '@cusco/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileCode, IconFileTypePdf, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { TwoLines } from '../../../../components/data-table.tsx';
import {
  formatReceiptMoney,
  receiptStatusColors,
} from '../../../../components/invoice/receipt-format.ts';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatDate } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { downloadAdminReceipt, useSendReceipt } from '../../api/receipts-api.ts';
import { useAdminText } from '../../i18n.ts';
import { type AdminColumn, bookingColumn } from '../admin-table.tsx';
import { ToneBadge } from '../status-badge.tsx';

/** Statuses a receipt is sent again from: SUNAT has not accepted it (yet). */
const resendable = new Set(['issued', 'rejected']);
/** Statuses a factura or boleta is voided from (a voiding already under way is not). */
const voidable = new Set(['issued', 'accepted', 'rejected']);

/** May this receipt be voided and reissued? A factura's or boleta's, not yet voided. */
export function canVoid(receipt: AdminReceiptItem): boolean {
  return receipt.type !== 'credit_note' && voidable.has(receipt.status);
}

/** The receipts list's columns; "Void and reissue" opens its dialog (`onVoid`). */
export function useReceiptColumns(
  onVoid: (receipt: AdminReceiptItem) => void,
): AdminColumn<AdminReceiptItem>[] {
  const { t } = useAdminText();
  const language = useLanguage();
  return [
    {
      key: 'receipt',
      header: t('receipts.receipt'),
      render: (row) => (
        <TwoLines
          main={<strong>{row.code}</strong>}
          sub={`${t(`receipts.types.${row.type}`)} · ${formatDate(row.issueDate, language)}`}
        />
      ),
    },
    bookingColumn(t('booking')),
    {
      key: 'customer',
      header: t('customer'),
      render: (row) => <TwoLines main={row.customerName} sub={row.customerDocument} />,
    },
    {
      key: 'total',
      header: t('total'),
      align: 'right',
      render: (row) => (
        <TwoLines
          main={formatReceiptMoney(row.total, row.currency, language)}
          sub={t(`receipts.tax.${row.tax}`, {
            igv: formatReceiptMoney(row.igv, row.currency, language),
          })}
        />
      ),
    },
    {
      key: 'status',
      header: t('status'),
      render: (row) => <ReceiptStatus receipt={row} />,
    },
    {
      key: 'actions',
      header: t('actions'),
      render: (row) => <ReceiptActions receipt={row} onVoid={onVoid} />,
    },
  ];
}

/** The status, SUNAT's (or the issuer's) last answer, and the last error of a send. */
function ReceiptStatus({ receipt }: { receipt: AdminReceiptItem }) {
  const { t } = useAdminText();
  return (
    <Stack gap={2}>
      <ToneBadge color={receiptStatusColors[receipt.status] ?? 'gray'}>
        {t(`receipts.statuses.${receipt.status}`)}
      </ToneBadge>
      {(receipt.answerCode || receipt.answerText) && (
        <Text size="xs">
          {t('receipts.answer', {
            code: receipt.answerCode ?? '—',
            text: receipt.answerText ?? '',
          })}
        </Text>
      )}
      {receipt.lastError && (
        <Text size="xs" c="red.9">
          {t('receipts.lastError', { error: receipt.lastError, count: receipt.sendAttempts })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('receipts.provider', { provider: receipt.provider, count: receipt.sendAttempts })}
      </Text>
    </Stack>
  );
}

/** PDF, XML, Send again (not yet accepted) and Void and reissue, each named with its code. */
function ReceiptActions({
  receipt,
  onVoid,
}: {
  receipt: AdminReceiptItem;
  onVoid(receipt: AdminReceiptItem): void;
}) {
  const { t } = useAdminText();
  const send = useSendReceipt();
  const [busy, setBusy] = useState<'pdf' | 'xml' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const get = (format: 'pdf' | 'xml') => {
    setBusy(format);
    setError(null);
    downloadAdminReceipt(receipt, format)
      .catch(setError)
      .finally(() => setBusy(null));
  };
  const problem = error ?? send.error;
  return (
    <Stack gap={4}>
      <Group gap={4} wrap="wrap">
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconFileTypePdf size={14} aria-hidden />}
          loading={busy === 'pdf'}
          onClick={() => get('pdf')}
          aria-label={t('receipts.pdfOf', { code: receipt.code })}
        >
          PDF
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconFileCode size={14} aria-hidden />}
          loading={busy === 'xml'}
          onClick={() => get('xml')}
          aria-label={t('receipts.xmlOf', { code: receipt.code })}
        >
          XML
        </Button>
        {resendable.has(receipt.status) && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconSend size={14} aria-hidden />}
            loading={send.isPending}
            onClick={() =>
              send.mutate(receipt.id, {
                onSuccess: () =>
                  notifications.show({
                    color: 'teal',
                    message: t('receipts.sent', { code: receipt.code }),
                  }),
              })
            }
            aria-label={t('receipts.sendAgainOf', { code: receipt.code })}
          >
            {t('receipts.sendAgain')}
          </Button>
        )}
        {canVoid(receipt) && (
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => onVoid(receipt)}
            aria-label={t('receipts.voidOf', { code: receipt.code })}
          >
            {t('receipts.void')}
          </Button>
        )}
      </Group>
      {problem ? (
        <Text size="xs" c="red.9" role="alert">
          {errorMessage(problem)}
        </Text>
      ) : null}
    </Stack>
  );
}
