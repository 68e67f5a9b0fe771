import { amountToPayCents, type Tour, todayInLima } from '@cusco/shared';
import { Stepper } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoLoader } from '../../../components/logo.tsx';
import { loadSoon } from '../../../lib/on-demand.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { byDate, unavailable, useAvailability } from '../api/get-availability.ts';
import type { BookingVariant } from '../api/get-tour.ts';
import type { useBookingDraft } from '../hooks/use-booking-draft.ts';
import {
  type InvoiceRequest as InvoiceState,
  useInvoiceRequest,
} from '../hooks/use-invoice-request.ts';
import { type PayNowState, usePayNow } from '../hooks/use-pay-now.ts';
import type { useReserve } from '../hooks/use-reserve.ts';
import {
  corporateMinimumMessage,
  type DateGone,
  STEP_ONE_FIELDS,
  type StepOneField,
  stepOneProblems,
} from '../model/draft.ts';
import { readStoredBooking, writeStoredBooking } from '../model/draft-storage.ts';
import { StepChoose } from './step-choose.tsx';
import { STEP_CHOOSE, STEP_CONTACT, STEP_PAYMENT, useStepChrome } from './step-chrome.tsx';

// Steps 2 and 3 load after step 1 is drawn: at the visitor's first touch or key, or when the
// browser is idle (lib/on-demand.ts), and at once when the address asks for them (ADR 0053).
const loadLaterSteps = () => import('./later-steps.tsx');
const StepContact = lazy(() => loadLaterSteps().then((m) => ({ default: m.StepContact })));
const StepPayment = lazy(() => loadLaterSteps().then((m) => ({ default: m.StepPayment })));
const InvoiceRequest = lazy(() => loadLaterSteps().then((m) => ({ default: m.InvoiceRequest })));
const PayNow = lazy(() => loadLaterSteps().then((m) => ({ default: m.PayNow })));

export interface BookingStepperProps {
  tour: Tour;
  variant: BookingVariant;
  /** On a phone, the steps show as numbers and each names itself above its content. */
  compact: boolean;
  step: { active: number; go(step: number): void };
  draft: ReturnType<typeof useBookingDraft>;
  saving: ReturnType<typeof useReserve>;
  onOpenTerms(): void;
}

/**
 * The three steps (spec §2): choose and Continue (step 1), sign in or up (step 2, skipped when
 * signed in), and the customer's choices and Reserve (step 3). What Continue or Reserve refuses
 * is said by its field, the first wrong field focused (ADR 0038); a date refused when saving
 * brings the customer back to the date, with the next dates that have room.
 */
export function BookingStepper({ tour, variant, compact, step, ...props }: BookingStepperProps) {
  const { draft, quote } = props.draft;
  const checkout = usePayNow(props.saving.paid);
  const invoice = useInvoiceRequest();
  // Every payment of the saved booking sends the factura's details first, if still to send.
  const payment: PayNowState = {
    ...checkout,
    pay: (code, cents) => invoice.send(code, () => checkout.pay(code, cents)),
    paying: checkout.paying || invoice.sending,
  };
  const moves = useStepMoves({
    tour,
    variant,
    step,
    draft: props.draft,
    saving: props.saving,
    payment,
    invoice,
  });
  const { user, limits, choices } = moves;
  const { saved } = props.saving;
  const { stepProps, stepHeading } = useStepChrome(compact);
  const { t } = useTranslation();
  useEffect(() => loadSoon(loadLaterSteps), []);

  return (
    <Stepper
      active={step.active}
      size="sm"
      allowNextStepsSelect={false}
      onStepClick={(index) => !saved && step.go(index)}
    >
      <Stepper.Step {...stepProps(STEP_CHOOSE)}>
        {stepHeading(STEP_CHOOSE)}
        <StepChoose
          tour={tour}
          draft={draft}
          quote={quote}
          locked={Boolean(saved)}
          limits={limits}
          {...props.draft.handlers}
          problems={moves.stepOne.shown}
          announce={moves.stepOne.announce}
          typedWrong={props.draft.typedWrong}
          corporateHint={moves.stepOne.corporateHint}
          dateGone={moves.dateGone}
          onPickDate={moves.pickDate}
          checking={moves.stepOne.checking}
          onContinue={moves.continueStepOne}
        />
      </Stepper.Step>
      <Stepper.Step {...stepProps(STEP_CONTACT)}>
        {stepHeading(STEP_CONTACT)}
        <Suspense fallback={<LogoLoader label={t('common.loading')} />}>
          <StepContact onBack={() => step.go(STEP_CHOOSE)} onSignedIn={moves.signedIn} />
        </Suspense>
      </Stepper.Step>
      <Stepper.Step {...stepProps(STEP_PAYMENT)}>
        {stepHeading(STEP_PAYMENT)}
        {user && (
          <Suspense fallback={<LogoLoader label={t('common.loading')} />}>
            <StepPayment
              variant={variant}
              user={user}
              quote={quote}
              {...choices}
              termsError={moves.termsError}
              onOpenTerms={props.onOpenTerms}
              saved={saved}
              saving={props.saving.saving || payment.paying}
              onReserve={moves.reserveStepThree}
              onBack={() => step.go(STEP_CHOOSE)}
              invoice={variant === 'public' && <InvoiceRequest invoice={invoice} />}
            >
              {variant === 'public' && saved && quote && (
                <PayNow
                  code={saved.code}
                  amountCents={amountToPayCents(quote, choices.paymentMode)}
                  payment={payment}
                />
              )}
            </StepPayment>
          </Suspense>
        )}
      </Stepper.Step>
    </Stepper>
  );
}

/**
 * The steps' moves: Continue on step 1 (on to step 2, or to step 3 when signed in), signed in on
 * step 2, Reserve (and pay) on step 3; and the customer's choices on step 3.
 */
function useStepMoves({
  tour,
  variant,
  step,
  payment,
  invoice,
  ...props
}: Pick<BookingStepperProps, 'tour' | 'variant' | 'step' | 'draft' | 'saving'> & {
  payment: PayNowState;
  invoice: InvoiceState;
}) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const { draft, quote, limitProblem } = props.draft;
  /** Counts the times Continue was refused for a broken limit (its message is announced again). */
  const [limitRefusals, setLimitRefusals] = useState(0);
  const stepOne = useStepOneCheck(tour, variant, props.draft);
  const [isPassenger, setIsPassenger] = useKeptChoice(tour, variant, 'isPassenger', false);
  const [termsAccepted, setTermsAccepted] = useKeptChoice(tour, variant, 'termsAccepted', false);
  const [paymentMode, setPaymentMode] = useKeptChoice(tour, variant, 'paymentMode', 'T');
  /** Reserve was pressed without the terms accepted: said by the checkbox until they are. */
  const [termsRefused, setTermsRefused] = useState(0);
  /** The date refused when saving, with the next dates the server offered. */
  const [dateGone, setDateGone] = useState<DateGone | null>(null);

  /** Refuses a broken limit (e.g. fewer passengers than sleeping bags): focus on its input. */
  const refuseBrokenLimit = () => {
    if (!limitProblem) return false;
    setLimitRefusals((count) => count + 1);
    document.querySelector<HTMLElement>(`[data-limit="${limitProblem.place}"]`)?.focus();
    return true;
  };
  const continueStepOne = () => {
    // The date refused when saving stands until another is chosen: its offer gets the focus.
    if (dateGone) {
      document.querySelector<HTMLElement>('#date-gone button, #date-gone [tabindex]')?.focus();
      return;
    }
    if (stepOne.refuse()) return;
    if (refuseBrokenLimit()) return;
    // A visitor already signed in goes straight to step 3 (spec §4).
    step.go(user ? STEP_PAYMENT : STEP_CONTACT);
  };
  const signedIn = () => {
    setPaymentMode('T');
    step.go(STEP_PAYMENT);
  };
  const reserveStepThree = () => {
    if (!user || !quote) return;
    if (limitProblem) {
      // Not reachable from step 1 with a broken limit; should the draft change, back to it.
      step.go(STEP_CHOOSE);
      setLimitRefusals((count) => count + 1);
      return;
    }
    if (!termsAccepted) {
      setTermsRefused((count) => count + 1);
      document.getElementById('accept-terms')?.focus();
      return;
    }
    // A factura asked for: its details are checked before anything is saved (issue 30).
    if (!invoice.check()) return;
    // Pay in one step (issue 12): the saved public booking's checkout opens at once, for the
    // amount chosen. Reserve-then-Pay stays underneath: the save is idempotent, and the same
    // amount reopens the same checkout. A factura's details are sent in between (`payment.pay`).
    props.saving.reserve(
      { draft, quote, user, paymentMode, isPassenger },
      (answer) => payment.pay(answer.code, amountToPayCents(quote, paymentMode)),
      (gone) => {
        // Closed or sold out meanwhile: back to the date, its days read again (ADR 0038).
        setDateGone(gone);
        void queryClient.invalidateQueries({ queryKey: ['availability', tour.code] });
        step.go(STEP_CHOOSE);
      },
    );
  };
  /** A date the customer chose (in the calendar, or one of the next dates offered). */
  const pickDate = (date: string) => {
    setDateGone(null);
    props.draft.handlers.onDate(date);
  };

  return {
    user,
    limits: { problem: limitProblem, notice: props.draft.limitNotice, announce: limitRefusals },
    stepOne,
    dateGone,
    pickDate,
    termsError: termsRefused > 0 && !termsAccepted ? t('msg:acceptTerms') : null,
    choices: {
      isPassenger,
      onIsPassenger: setIsPassenger,
      termsAccepted,
      onTermsAccepted: setTermsAccepted,
      paymentMode,
      onPaymentMode: setPaymentMode,
    },
    continueStepOne,
    signedIn,
    reserveStepThree,
  };
}

/**
 * Step 1's rules (spec §5), said by their fields once Continue was pressed, and kept up to date
 * as the customer fixes them; Continue focuses the first wrong field (ADR 0038). A corporate
 * booking's minimum is said before Continue, for the date chosen. A date that cannot be booked
 * and a count that is not a whole number are refused too.
 */
function useStepOneCheck(
  tour: Tour,
  variant: BookingVariant,
  { draft, typedWrong }: ReturnType<typeof useBookingDraft>,
) {
  const { t } = useTranslation();
  const today = useMemo(() => todayInLima(), []);
  const corporateToday = variant === 'corporate' ? today : null;
  const availability = useAvailability(tour.code, draft.typeId, draft.categoryId);
  const day = byDate(availability.data).get(draft.date);
  const [pressed, setPressed] = useState(0);

  const problems: Partial<Record<StepOneField, string>> = {};
  const say = (field: StepOneField, text: string) => {
    problems[field] ??= text;
  };
  if (day && unavailable(day)) {
    say('date', t('steps.dateUnavailable', { reason: day.reason || t('booking.closed') }));
  }
  for (const problem of stepOneProblems(draft, tour, corporateToday)) {
    say(problem.field, t(`msg:${problem.message}`, problem.params));
  }
  for (const input of Object.keys(typedWrong)) {
    say(input.startsWith('count:') ? 'passengers' : 'services', t('steps.wholeNumber'));
  }
  const corporate = corporateToday ? corporateMinimumMessage(draft.date, corporateToday) : null;

  // After a refused Continue, the first wrong field gets the focus (once its message is drawn).
  useEffect(() => {
    if (pressed === 0) return;
    const wrong = (field: StepOneField) =>
      document.querySelector<HTMLElement>(`[data-field="${field}"][aria-invalid="true"]`);
    for (const field of STEP_ONE_FIELDS) {
      const target = wrong(field);
      if (target) return target.focus();
    }
  }, [pressed]);

  return {
    /** The messages by field, once Continue was pressed. */
    shown: pressed > 0 ? problems : {},
    announce: pressed,
    corporateHint: corporate ? t(`msg:${corporate.message}`, corporate.params) : null,
    /** The date's seats are being read for the first time: Continue waits (its button loads). */
    checking: availability.isLoading,
    /**
     * Continue: refused (its messages shown, the first wrong field focused) while any stands,
     * and, with nothing said, while the date's seats are still being read.
     */
    refuse: () => {
      if (availability.isLoading) return true;
      const wrong = Object.keys(problems).length > 0;
      if (wrong) setPressed((count) => count + 1);
      return wrong;
    },
  };
}

type Choices = Required<NonNullable<ReturnType<typeof readStoredBooking>>['choices']>;

/** One of step 3's choices, kept in the tab with the draft (a refresh keeps the amount to pay). */
function useKeptChoice<K extends keyof Choices>(
  tour: Tour,
  variant: BookingVariant,
  name: K,
  fallback: Choices[K],
) {
  const [value, setValue] = useState<Choices[K]>(
    () => (readStoredBooking(tour, variant)?.choices[name] as Choices[K] | undefined) ?? fallback,
  );
  const set = (next: Choices[K]) => {
    setValue(next);
    const choices = readStoredBooking(tour, variant)?.choices;
    writeStoredBooking(tour, variant, { choices: { ...choices, [name]: next } });
  };
  return [value, set] as const;
}
