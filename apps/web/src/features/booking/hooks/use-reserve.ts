import {
  type BookingSaveResponse,
  bookingQuote as bookingQuoteSchema,
  type PaymentMode,
  type Quote,
  requestFromQuote,
  type SessionUser,
  type Tour,
} from '@cusco/shared';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError, isUnavailable } from '../../../lib/api-client.ts';
import { showAlert, showErrorModal, showRetryAlert } from '../../../lib/error-modal.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { randomId } from '../../../lib/ids.ts';
import { bookingsKey } from '../../../lib/queries/booking-list.ts';
import type { BookingVariant } from '../api/get-tour.ts';
import { useSaveBooking } from '../api/save-booking.ts';
import { type BookingDraft, type DateGone, toSelection } from '../model/draft.ts';
import {
  clearStoredBooking,
  readStoredBooking,
  writeStoredBooking,
} from '../model/draft-storage.ts';

/** What the customer chose on step 3, with the draft and its quote: one booking request. */
export interface ReserveChoice {
  draft: BookingDraft;
  quote: Quote;
  user: SessionUser;
  paymentMode: PaymentMode;
  isPassenger: boolean;
}

/**
 * Saves the booking (spec §2 step 3, POST tour/save). One Idempotency-Key per distinct request:
 * a repeated click, or Try again after a 503, never saves twice. A public booking stays on the
 * page to be paid (`saved`); a corporate one is saved on credit and goes to the reservations.
 */
export function useReserve(tour: Tour, variant: BookingVariant) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const save = useSaveBooking();
  const keyFor = useIdempotencyKeys();
  // A booking saved before a refresh is shown again, with its Pay button: never a second one.
  const [saved, setSavedState] = useState<BookingSaveResponse | null>(
    () => readStoredBooking(tour, variant)?.saved ?? null,
  );
  const setSaved = (answer: BookingSaveResponse) => {
    setSavedState(answer);
    writeStoredBooking(tour, variant, { saved: answer });
  };

  const onCorporateSaved = (answer: BookingSaveResponse, user: SessionUser) => {
    notifications.show({
      title: t('booking.corporateSavedTitle'),
      message: t('booking.corporateSaved', {
        code: answer.code,
        company: user.corporateClientName ?? '',
      }),
      color: 'andes',
    });
    void queryClient.invalidateQueries({ queryKey: bookingsKey });
    clearStoredBooking(tour, variant);
    navigate(paths.reservations.href());
  };

  /** A 409 with the server's quote: the prices changed. Shows its figures and re-reads the tour. */
  const showPricesChanged = (error: ApiError, quoted: Record<string, unknown>) => {
    const server = bookingQuoteSchema.safeParse(quoted.quote);
    const total = server.success
      ? ` ${t('booking.summary.total')}: ${formatMoney(server.data.total, language)}.`
      : '';
    showAlert(t('booking.pricesChangedTitle'), `${error.message}${total}`);
    void queryClient.invalidateQueries({ queryKey: ['tour'] });
  };

  /**
   * Saves the choice; `onSaved` then has the public booking saved (to open its checkout). A date
   * refused meanwhile (closed, or sold out: an error about the date's field) goes to
   * `onDateGone`, with the server's words and the next dates it offers (ADR 0038).
   */
  const reserve = (
    choice: ReserveChoice,
    onSaved?: (answer: BookingSaveResponse) => void,
    onDateGone?: (gone: DateGone) => void,
  ) => {
    const { user } = choice;
    const body = bookingRequest(tour, variant, choice);
    // mutateAsync, not mutate's callbacks: those run only while the page is subscribed to the
    // mutation, and a part of the page that suspends meanwhile (a chunk or a language's texts
    // still loading) unsubscribes it for a moment: the booking was saved and never shown.
    save.mutateAsync({ body, idempotencyKey: keyFor(body) }).then(
      (answer) => {
        if (variant === 'corporate') return onCorporateSaved(answer, user);
        setSaved(answer);
        onSaved?.(answer);
      },
      (error: unknown) => {
        // A 503: nothing was saved. Try again sends the same body, hence the same
        // Idempotency-Key, so a save that did reach the database is answered, not made twice.
        if (isUnavailable(error)) {
          showRetryAlert(t('common.error'), error.message, () =>
            reserve(choice, onSaved, onDateGone),
          );
          return;
        }
        const gone = dateGoneOf(error);
        if (gone && onDateGone) {
          onDateGone(gone);
          return;
        }
        const quoted = error instanceof ApiError && error.status === 409 && error.body?.details;
        if (quoted && 'quote' in quoted) {
          showPricesChanged(error, quoted);
          return;
        }
        showErrorModal(error);
      },
    );
  };

  /** The booking was paid: the page starts afresh next time. */
  const paid = () => clearStoredBooking(tour, variant);

  return { reserve, saved, saving: save.isPending, paid };
}

/**
 * A refusal about the travel date (field `startDate`: the date closed, sold out, or has too few
 * seats left), with the next dates with room the server sends (`details.nextDates`).
 */
export function dateGoneOf(error: unknown): DateGone | null {
  if (!(error instanceof ApiError) || error.field !== 'startDate') return null;
  const next = error.body?.details?.nextDates;
  const nextDates = Array.isArray(next)
    ? next.filter((date): date is string => typeof date === 'string')
    : [];
  return { message: error.message, nextDates };
}

/** The POST tour/save body of the customer's choice. */
function bookingRequest(tour: Tour, variant: BookingVariant, choice: ReserveChoice) {
  const { draft, quote, user } = choice;
  const serviceNames = Object.fromEntries(
    tour.additionalServices.flatMap((service) =>
      service.prices.map((price) => [price.id, service.name]),
    ),
  );
  return {
    ...requestFromQuote({
      tourId: tour.id,
      date: draft.date,
      selection: toSelection(draft, tour),
      quote,
      mode: choice.paymentMode,
      contactId: user.id,
      isPassager: choice.isPassenger,
      serviceNames,
    }),
    corporate: variant === 'corporate',
  };
}

/** One Idempotency-Key per distinct request body, the same each time that body is sent. */
function useIdempotencyKeys() {
  const keys = useRef(new Map<string, string>());
  return (body: unknown) => {
    const fingerprint = JSON.stringify(body);
    let key = keys.current.get(fingerprint);
    if (!key) {
      key = randomId();
      keys.current.set(fingerprint, key);
    }
    return key;
  };
}
