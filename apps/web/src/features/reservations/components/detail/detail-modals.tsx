import type { BookingDetail } from '@cusco/shared';
import { TermsModal } from '../../../../components/terms-modal.tsx';
import { AddServicesModal } from '../add-services-modal.tsx';
import { PassengerModal } from '../passenger-modal.tsx';
import { PaymentModal } from '../payment-modal.tsx';
import type { DetailActions } from './use-detail-actions.ts';

/** The booking detail's modals: edit a passenger, add services, pay, and the terms. */
export function DetailModals({
  code,
  detail,
  actions,
}: {
  code: string;
  detail: BookingDetail;
  actions: DetailActions;
}) {
  const { booking } = detail;
  const { reload } = actions;
  return (
    <>
      <PassengerModal
        slot={actions.editing}
        bookingCode={code}
        travelDate={booking.tripDate}
        onClose={() => actions.setEditing(null)}
        onSaved={() => {
          actions.setEditing(null);
          reload();
        }}
      />
      <AddServicesModal
        code={booking.code}
        opened={actions.addingServices}
        onClose={() => actions.setAddingServices(false)}
        onSaved={() => {
          actions.setAddingServices(false);
          reload();
        }}
      />
      {actions.paying && (
        <PaymentModal
          code={booking.code}
          debt={detail.balance.debt}
          opened={actions.paying}
          onClose={() => actions.setPaying(false)}
          onFinished={(result, transactionId) => {
            actions.setPaying(false);
            // An approval is confirmed at the top of the page; any other outcome is the
            // attempt's own alert, as the server tells it.
            if (result.status === 'S') actions.setConfirmed(transactionId);
            reload();
          }}
        />
      )}
      <TermsModal
        opened={actions.termsOpen}
        onClose={() => actions.setTermsOpen(false)}
        variant={booking.corporate ? 'corporate' : 'standard'}
      />
    </>
  );
}
