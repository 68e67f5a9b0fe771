import { type BookingDetail, isCancelled } from '@cusco/shared';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCalendarPlus, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useOnline } from '../../../../lib/online.ts';
import { downloadTravelDocument, type TravelDocument } from '../../api/travel-documents.ts';
import { Section } from './section.tsx';
import { VoucherQr } from './voucher-qr.tsx';

/**
 * The voucher is ready once nothing is left to pay; a corporate booking, on credit, at once. A
 * cancelled booking has none (the API refuses them: it will not travel).
 */
export function hasTravelDocuments(detail: BookingDetail): boolean {
  return (
    !isCancelled(detail.booking.status) &&
    detail.passangerRegistry.length > 0 &&
    (detail.booking.corporate || detail.balance.debt <= 0)
  );
}

/**
 * The booking's travel documents (issue 15), once it is paid: the voucher to show in Cusco, and
 * the calendar file with the tour's days.
 */
export function TravelDocuments({
  code,
  voucherCode = null,
}: {
  code: string;
  /** The signed text of the voucher's QR code (issue 32), when the voucher is ready. */
  voucherCode?: string | null;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const [busy, setBusy] = useState<TravelDocument | null>(null);
  const [error, setError] = useState<unknown>(null);
  const get = (document: TravelDocument) => {
    if (!navigator.onLine) {
      setError(new Error(t('offline.needsNetwork')));
      return;
    }
    setBusy(document);
    setError(null);
    downloadTravelDocument(code, document)
      .catch(setError)
      .finally(() => setBusy(null));
  };
  return (
    <Section id="detail-documents" title={t('bookingDetail.documents')}>
      {voucherCode && <VoucherQr text={voucherCode} />}
      <Text size="sm" mb="sm">
        {t('bookingDetail.documentsHint')}
      </Text>
      <Group gap="sm">
        <Button
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
          loading={busy === 'voucher'}
          onClick={() => get('voucher')}
          disabled={!online}
        >
          {t('bookingDetail.voucher')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconCalendarPlus size={18} aria-hidden />}
          loading={busy === 'calendar'}
          onClick={() => get('calendar')}
          disabled={!online}
        >
          {t('bookingDetail.calendar')}
        </Button>
      </Group>
      {!online && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('offline.needsNetwork')}
        </Text>
      )}
      {error ? (
        <Alert color="red" role="alert" mt="sm">
          {errorMessage(error)}
        </Alert>
      ) : null}
    </Section>
  );
}
