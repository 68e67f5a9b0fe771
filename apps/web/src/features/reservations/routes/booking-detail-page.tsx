import { allows, type BookingDetail, isCancelled, type PassengerRegistryItem } from '@cusco/shared';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { LogoLoader } from '../../../components/logo.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { usePhone } from '../../../lib/media.ts';
import { useBookingDetail } from '../../../lib/queries/booking-detail.ts';
import { useDocumentChanges } from '../api/document-changes.ts';
import { BalanceBar, BalanceLedger, usePayable } from '../components/detail/balance-ledger.tsx';
import { BookingHeader, TripDetails } from '../components/detail/booking-header.tsx';
import { BookingSummary } from '../components/detail/booking-summary.tsx';
import { CancelledNotice, CancelSection } from '../components/detail/cancellation.tsx';
import { ChangeSection } from '../components/detail/changes.tsx';
import { DetailModals } from '../components/detail/detail-modals.tsx';
import { BookingTable } from '../components/detail/detail-tables.tsx';
import { PassengerRegistry } from '../components/detail/passenger-registry.tsx';
import { PaymentConfirmation } from '../components/detail/payment-confirmation.tsx';
import { PickupPlace } from '../components/detail/pickup-place.tsx';
import { ReceiptsSection } from '../components/detail/receipts-section.tsx';
import { RequestsBar } from '../components/detail/requests-bar.tsx';
import { hasTravelDocuments, TravelDocuments } from '../components/detail/travel-documents.tsx';
import { PAID_PARAM, useDetailActions } from '../components/detail/use-detail-actions.ts';
import { SlotDocumentChange } from '../components/document-change/slot-document-change.tsx';
import { OfflineMissing, OfflineNotice } from '../components/offline-notice.tsx';

/** The document change's form (issue 29): its code loads when it is first opened. */
const DocumentChangeDialog = lazy(() =>
  import('../components/document-change/document-change-dialog.tsx').then((module) => ({
    default: module.DocumentChangeDialog,
  })),
);

/** Spec §2 booking detail (/main/booking/detail/{reservationcode}). */
export function BookingDetailPage() {
  const { t } = useTranslation();
  const { reservationcode = '' } = useParams();
  const [search] = useSearchParams();
  const confirming = search.get(PAID_PARAM);
  // After an approval, the page waits for the server to record the payment (the gateway's
  // notification may arrive a moment after the checkout says "approved").
  const detail = useBookingDetail(reservationcode, {
    pollWhile: (data) =>
      data.paymentAttempts.some(
        (attempt) => attempt.transactionId === confirming && attempt.status === 'pending',
      ),
  });

  useEffect(() => {
    document.title = `${t('bookingDetail.title', { code: reservationcode })} · Cusco Treks`;
  }, [reservationcode, t]);

  // Offline, a booking never opened on this device cannot be shown (issue 32).
  if (detail.isPending && detail.isPaused) return <OfflineMissing />;
  if (detail.isPending) return <LogoLoader label={t('bookingDetail.loading')} />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('common.error')} maw={640}>
        <Text mb="sm">{missing ? t('bookingDetail.notFound') : errorMessage(detail.error)}</Text>
        <Anchor component={Link} to={paths.reservations.href()}>
          {t('bookingDetail.backToList')}
        </Anchor>
      </Alert>
    );
  }
  return (
    <>
      <OfflineNotice updatedAt={detail.dataUpdatedAt} />
      <Detail code={reservationcode} detail={detail.data} />
    </>
  );
}

/** The tables of what the booking holds, in the spec's order. */
const lineTables = [
  'passengers',
  'included',
  'hotels',
  'additionalServices',
  'otherTours',
] as const;

/**
 * The booking detail in the spec's order. On a phone (issue 12) the balance comes first, with Pay
 * in a bar fixed at the bottom while a balance is due, and the long tables are closed sections.
 * A cancelled booking says so first, and offers nothing more to do on it (no payment, request,
 * service or passenger edit); one that may still be cancelled offers it, and one that may still
 * be changed offers its changes (issue 27): the date, the type or category, a passenger added,
 * and Remove on each passenger's card (not the last one's).
 */
function Detail({ code, detail }: { code: string; detail: BookingDetail }) {
  const actions = useDetailActions(detail.booking);
  const phone = usePhone();
  const payable = usePayable(detail);
  const { status } = detail.booking;
  const cancelled = isCancelled(status);
  const changeable = allows('change', status);
  // A locked passenger's passport or last name change (issue 29), and its requests' status.
  const documentChanges = useDocumentChanges(code);
  const [askingChange, setAskingChange] = useState<PassengerRegistryItem | null>(null);
  const balance = (
    <BalanceLedger
      detail={detail}
      confirmed={actions.confirmed}
      onPay={actions.startPayment}
      withPay={!phone}
    />
  );
  return (
    // Room below the last section for the bar fixed at the bottom.
    <Stack gap={phone ? 'md' : 'lg'} pb={phone && payable ? 72 : undefined}>
      <BookingHeader booking={detail.booking} compact={phone} />
      {cancelled && <CancelledNotice status={status} />}
      {actions.confirmed && (
        <PaymentConfirmation
          detail={detail}
          transactionId={actions.confirmed}
          onDismiss={() => actions.setConfirmed(null)}
        />
      )}
      {phone && balance}
      {phone && <TripDetails booking={detail.booking} />}
      {(hasTravelDocuments(detail) || detail.booking.voucherCode) && (
        <TravelDocuments code={detail.booking.code} voucherCode={detail.booking.voucherCode} />
      )}
      {lineTables.map((name) => (
        <BookingTable key={name} name={name} detail={detail} />
      ))}
      {!cancelled && (
        <RequestsBar
          onRequest={actions.request}
          onAddServices={() => actions.setAddingServices(true)}
        />
      )}
      {!phone && balance}
      <ReceiptsSection code={detail.booking.code} paid={detail.balance.payments} />
      <PassengerRegistry
        slots={detail.passangerRegistry}
        {...(cancelled ? {} : { onEdit: actions.setEditing })}
        {...(changeable
          ? { onRemove: (slot) => actions.setChanging({ kind: 'removePassenger', slot }) }
          : {})}
        {...(documentChanges.data
          ? {
              footer: (slot) => (
                <SlotDocumentChange
                  code={detail.booking.code}
                  slot={slot}
                  data={documentChanges.data}
                  onAsk={setAskingChange}
                />
              ),
            }
          : {})}
      />
      {askingChange && documentChanges.data && (
        <Suspense fallback={null}>
          <DocumentChangeDialog
            code={detail.booking.code}
            slot={askingChange}
            terms={documentChanges.data}
            onClose={() => setAskingChange(null)}
          />
        </Suspense>
      )}
      <PickupPlace booking={detail.booking} cancelled={cancelled} />
      <BookingSummary detail={detail} onOpenTerms={() => actions.setTermsOpen(true)} />
      {changeable && <ChangeSection onChange={actions.setChanging} />}
      {allows('cancel', status) && <CancelSection onCancel={() => actions.setCancelling(true)} />}
      {phone && payable && <BalanceBar debt={detail.balance.debt} onPay={actions.startPayment} />}
      <DetailModals code={code} detail={detail} actions={actions} />
    </Stack>
  );
}
