import { type AdminReceiptItem, receiptStatuses, receiptTypes } from '@cusco/shared';
import { Divider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useAdminReceipts } from '../api/receipts-api.ts';
import { ListScreen } from '../components/admin-list.tsx';
import { ExchangeRatesSection } from '../components/receipts/exchange-rates.tsx';
import { ExportPanel } from '../components/receipts/export-panel.tsx';
import { useReceiptColumns } from '../components/receipts/receipt-columns.tsx';
import { VoidReceiptModal } from '../components/receipts/void-modal.tsx';
import { WaitingSection } from '../components/receipts/waiting-section.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useAdminText } from '../i18n.ts';

/**
 * #/admin/receipts (issue 30): SUNAT's receipts, newest first, filtered by issue dates, type,
 * status and a search (a booking's code, a receipt's code, a customer's document) kept in the
 * URL; each one's PDF, XML, status and SUNAT's answer, Send again, Void and reissue. Below: the
 * receipts that wait (and "issue at 18 % now"), the exchange rates, and above the list the
 * accountant's monthly CSV.
 */
export function ReceiptsPage() {
  const { t } = useAdminText();
  const url = useUrlState(['from', 'to', 'type', 'status', 'q']);
  const list = useAdminReceipts(url.query, url.page);
  const [voiding, setVoiding] = useState<AdminReceiptItem | null>(null);
  const columns = useReceiptColumns(setVoiding);
  return (
    <Stack gap="xl">
      <div>
        <ListScreen
          section="receipts"
          intro={
            <Stack gap="sm" mb="md">
              <Text size="sm" maw={720}>
                {t('receipts.intro')}
              </Text>
              <ExportPanel />
            </Stack>
          }
          filters={[
            'dates',
            {
              select: 'type',
              data: receiptTypes.map((type) => ({
                value: type,
                label: t(`receipts.types.${type}`),
              })),
            },
            {
              select: 'status',
              data: receiptStatuses.map((status) => ({
                value: status,
                label: t(`receipts.statuses.${status}`),
              })),
            },
            { search: 'q' },
          ]}
          url={url}
          list={list}
          columns={columns}
          rowKey={(row: AdminReceiptItem) => row.id}
        />
        <VoidReceiptModal receipt={voiding} onClose={() => setVoiding(null)} />
      </div>
      <Divider />
      <WaitingSection />
      <Divider />
      <ExchangeRatesSection />
    </Stack>
  );
}
