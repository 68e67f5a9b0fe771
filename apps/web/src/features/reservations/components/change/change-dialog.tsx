import type { BookingDetail, ChangeQuoteAnswer, Tour } from '@cusco/shared';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/form-modal.tsx';
import { formatLongDate } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import type { ChangeChoice } from '../../api/quote-change.ts';
import { useBookingTour } from '../../api/tour.ts';
import { type ChangeAction, changeTitle } from './change-action.ts';
import { AddChooser, DateChooser, OptionChooser } from './choosers.tsx';
import { GroupPrices } from './group-prices.tsx';
import { ChangeProblem, QuotedChangeBody } from './quote-preview.tsx';
import { useQuotedChange } from './use-quoted-change.ts';

export type { ChangeAction } from './change-action.ts';

/** The id of the booking's tour type (the detail names it; the tour lists it in the same language). */
export const bookingTypeId = (tour: Tour | undefined, booking: BookingDetail['booking']) =>
  tour?.types.find((type) => type.label === booking.type)?.value;

/**
 * A change of a booking other than its cancellation (issue 27), in the cancellation's kind of
 * dialog: what the change is (a new date from the calendar of the tour's bookable dates, the type
 * and category, the new passenger's customer type; a removal names its passenger), then the
 * server's quote of it (each line with its reason, the fee, the new price, the refund and where
 * it goes, the balance and the status after; for a passenger added or removed, the group's new
 * price per traveller) and Confirm, in words that say what it does ("Move my reservation to 12
 * May 2027"). Each new choice is quoted again. One Idempotency-Key per opened dialog. The
 * server's refusals stay in the dialog; a sold-out date offers the next dates with room.
 */
export function ChangeDialog({
  detail,
  action,
  onClose,
  onChanged,
}: {
  detail: BookingDetail;
  action: ChangeAction;
  onClose(): void;
  onChanged(answer: ChangeQuoteAnswer, choice: ChangeChoice): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { booking } = detail;
  const tour = useBookingTour(booking.tourCode);
  const [choice, setChoice] = useState<ChangeChoice | null>(
    action.kind === 'removePassenger' ? { kind: 'removePassenger', slotId: action.slot.id } : null,
  );
  const flow = useQuotedChange(booking, choice, (answer) => {
    if (choice) onChanged(answer, choice);
  });
  const choose = (next: ChangeChoice | null) => {
    // A refusal was about the earlier choice.
    flow.mutation.reset();
    setChoice(next);
  };
  const close = () => {
    // A change on its way is seen through; the dialog then closes itself.
    if (!flow.mutation.isPending) onClose();
  };
  const busy = flow.mutation.isPending;
  const typeId = bookingTypeId(tour.data, booking);

  const title = changeTitle(action, booking.code, t);

  /** The tour's choices (types, categories, customer types) are needed before choosing. */
  const needsTour = action.kind === 'option' || action.kind === 'addPassenger';
  let chooser: React.ReactNode = null;
  if (action.kind === 'removePassenger') {
    const { slot } = action;
    chooser = (
      <Text data-testid="change-removing">
        {slot.name
          ? t('change.removingNamed', { number: slot.number, type: slot.type, name: slot.name })
          : t('change.removing', { number: slot.number, type: slot.type })}
      </Text>
    );
  } else if (needsTour && tour.isPending) {
    chooser = (
      <Center py="xl" role="status" aria-label={t('change.loadingTour')}>
        <Loader />
      </Center>
    );
  } else if (needsTour && tour.isError) {
    chooser = (
      <ChangeProblem error={tour.error} onRetry={() => void tour.refetch()} onClose={close} />
    );
  } else if (action.kind === 'date') {
    chooser = (
      <DateChooser
        booking={booking}
        travellers={detail.passangerRegistry.length}
        typeId={typeId}
        // The tour's days are read once its type is known (or it could not be read).
        ready={!tour.isPending}
        value={choice?.kind === 'date' ? choice.travelDate : null}
        onChange={(travelDate) => choose({ kind: 'date', travelDate })}
        disabled={busy}
      />
    );
  } else if (action.kind === 'option' && tour.data) {
    chooser = (
      <OptionChooser
        tour={tour.data}
        current={{ typeId, categoryId: booking.idcategory }}
        onChange={choose}
        disabled={busy}
      />
    );
  } else if (action.kind === 'addPassenger' && tour.data) {
    chooser = (
      <AddChooser
        tour={tour.data}
        value={choice?.kind === 'addPassenger' ? choice.customerTypeId : null}
        onChange={(customerTypeId) => choose({ kind: 'addPassenger', customerTypeId })}
        disabled={busy}
      />
    );
  }

  return (
    <FormModal opened onClose={close} title={title} size="lg">
      <Stack gap="lg">
        {chooser}
        {choice && (
          <QuotedChangeBody
            flow={flow}
            variant="change"
            statusBefore={booking.status}
            texts={{
              loading: t('change.loading'),
              keep: t('change.keep'),
              confirm: confirmText(choice, action, tour.data, language, t),
            }}
            onClose={close}
            pickDate={
              action.kind === 'date'
                ? {
                    onPick: (travelDate) => choose({ kind: 'date', travelDate }),
                    current: booking.tripDate,
                  }
                : undefined
            }
          >
            {(choice.kind === 'addPassenger' || choice.kind === 'removePassenger') && tour.data && (
              <GroupPrices tour={tour.data} detail={detail} typeId={typeId} choice={choice} />
            )}
          </QuotedChangeBody>
        )}
      </Stack>
    </FormModal>
  );
}

/** Confirm's words: what it does, explicitly. */
function confirmText(
  choice: ChangeChoice,
  action: ChangeAction,
  tour: Tour | undefined,
  language: 'en' | 'es',
  t: ReturnType<typeof useTranslation>['t'],
): string {
  const label = (options: { value: string; label: string }[] | undefined, id: string) =>
    options?.find((option) => option.value === id)?.label ?? '';
  switch (choice.kind) {
    case 'date':
      return t('change.confirmDate', { date: formatLongDate(choice.travelDate, language) });
    case 'option':
      return t('change.confirmOption', {
        type: label(tour?.types, choice.typeId),
        category: label(tour?.categories, choice.categoryId),
      });
    case 'addPassenger':
      return t('change.confirmAdd', { type: label(tour?.customerTypes, choice.customerTypeId) });
    case 'removePassenger':
      return t('change.confirmRemove', {
        number: action.kind === 'removePassenger' ? action.slot.number : '',
      });
    default:
      return '';
  }
}
