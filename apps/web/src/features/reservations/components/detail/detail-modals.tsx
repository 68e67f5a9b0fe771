import type { BookingDetail, ChangeQuoteAnswer } from '@cusco/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/form-modal.tsx';
import { TermsModal } from '../../../../components/terms-modal.tsx';
import { showSuccess } from '../../../../lib/error-modal.tsx';
import { formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useCredit } from '../../api/get-credit.ts';
import { AddServicesModal } from '../add-services-modal.tsx';
import { changeTitle } from '../change/change-action.ts';
import { PassengerModal } from '../passenger-modal.tsx';
import { PaymentModal } from '../payment-modal.tsx';
import type { DetailActions } from './use-detail-actions.ts';

/** The cancellation's dialog: its code loads when it is first opened, not with the page. */
const CancelDialog = lazy(() =>
  import('../cancel/cancel-dialog.tsx').then((module) => ({ default: module.CancelDialog })),
);

/** A change's dialog (the date, the type or category, a passenger): loaded when first opened. */
const ChangeDialog = lazy(() =>
  import('../change/change-dialog.tsx').then((module) => ({ default: module.ChangeDialog })),
);

/**
 * The toast of a change: the booking's code, and where its refund went (a company's: its credit),
 * or what is left to pay (to keep the seats, when the change un-confirmed the booking).
 */
function useChangedToast() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (booking: BookingDetail['booking'], answer: ChangeQuoteAnswer) => {
    const code = booking.code;
    const money = (value: number) => formatMoney(value, language);
    const credit = booking.corporate ? 'change.doneCompanyCredit' : 'change.doneCredit';
    const text =
      answer.refund > 0
        ? answer.refundTo === 'credit'
          ? t(credit, { code, amount: money(answer.refund) })
          : t('change.doneCard', { code, amount: money(answer.refund) })
        : answer.balance > 0 && !booking.corporate
          ? answer.status === 'pending_payment'
            ? t('change.doneHold', { code, amount: money(answer.balance) })
            : t('change.doneDue', { code, amount: money(answer.balance) })
          : t('change.doneText', { code });
    showSuccess(t('change.doneTitle'), text);
  };
}

/** The toast of a cancellation: the booking's code, and where its refund went (a company's: its credit). */
function useCancelledToast() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (booking: BookingDetail['booking'], answer: ChangeQuoteAnswer) => {
    const code = booking.code;
    const amount = formatMoney(answer.refund, language);
    const credit = booking.corporate ? 'cancel.doneCompanyCredit' : 'cancel.doneCredit';
    const text =
      answer.refund <= 0
        ? t('cancel.doneText', { code })
        : answer.refundTo === 'credit'
          ? t(credit, { code, amount })
          : t('cancel.doneCard', { code, amount });
    showSuccess(t('cancel.doneTitle'), text);
  };
}

/**
 * The booking detail's modals: edit a passenger, add services, pay, cancel, change, and the
 * terms.
 */
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
  const { t } = useTranslation();
  const cancelled = useCancelledToast();
  const changed = useChangedToast();
  // The credit a customer may pay with; a company's bookings are not paid here.
  const credit = useCredit(!booking.corporate);
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
          credit={credit.data?.balance ?? 0}
          opened={actions.paying}
          onClose={() => actions.setPaying(false)}
          onFinished={(result, transactionId) => {
            actions.setPaying(false);
            // An approval is confirmed at the top of the page; any other outcome is the
            // attempt's own alert, as the server tells it.
            if (result.status === 'S') actions.setConfirmed(transactionId);
            reload();
          }}
          onCreditPaid={() => {
            actions.setPaying(false);
            reload();
          }}
        />
      )}
      {actions.cancelling && (
        <Suspense
          fallback={
            <FormModal
              opened
              onClose={() => actions.setCancelling(false)}
              title={t('cancel.title', { code: booking.code })}
              size="lg"
              loading={t('cancel.loading')}
            >
              {null}
            </FormModal>
          }
        >
          <CancelDialog
            booking={booking}
            onClose={() => actions.setCancelling(false)}
            onCancelled={(answer) => {
              actions.setCancelling(false);
              cancelled(booking, answer);
              reload();
            }}
          />
        </Suspense>
      )}
      {actions.changing && (
        <Suspense
          fallback={
            <FormModal
              opened
              onClose={() => actions.setChanging(null)}
              title={changeTitle(actions.changing, booking.code, t)}
              size="lg"
              loading={t('change.loadingTour')}
            >
              {null}
            </FormModal>
          }
        >
          <ChangeDialog
            detail={detail}
            action={actions.changing}
            onClose={() => actions.setChanging(null)}
            onChanged={(answer) => {
              actions.setChanging(null);
              changed(booking, answer);
              reload();
            }}
          />
        </Suspense>
      )}
      <TermsModal
        opened={actions.termsOpen}
        onClose={() => actions.setTermsOpen(false)}
        variant={booking.corporate ? 'corporate' : 'standard'}
      />
    </>
  );
}
