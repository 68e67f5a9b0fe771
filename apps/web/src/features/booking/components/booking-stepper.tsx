import { amountToPayCents, type Tour, todayInLima } from '@cusco/shared';
import { Stepper } from '@mantine/core';
import { useState } from 'react';
import { useSessionUser } from '../../../lib/session.ts';
import type { BookingVariant } from '../api/get-tour.ts';
import type { useBookingDraft } from '../hooks/use-booking-draft.ts';
import { type PayNowState, usePayNow } from '../hooks/use-pay-now.ts';
import type { useReserve } from '../hooks/use-reserve.ts';
import { corporateProblem, stepOneProblem } from '../model/draft.ts';
import { readStoredBooking, writeStoredBooking } from '../model/draft-storage.ts';
import { PayNow } from './pay-now.tsx';
import { StepChoose } from './step-choose.tsx';
import { STEP_CHOOSE, STEP_CONTACT, STEP_PAYMENT, useStepChrome } from './step-chrome.tsx';
import { StepContact } from './step-contact.tsx';
import { StepPayment } from './step-payment.tsx';

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
 * The three steps (spec §2): choose (step 1), sign in or up (step 2, skipped when signed in), and
 * the customer's choices and Reserve (step 3). Reserve is refused, by its input, while the draft
 * breaks one of the tour's limits.
 */
export function BookingStepper({ tour, variant, compact, step, ...props }: BookingStepperProps) {
  const { draft, quote } = props.draft;
  const payment = usePayNow(props.saving.paid);
  const moves = useStepMoves({
    tour,
    variant,
    step,
    draft: props.draft,
    saving: props.saving,
    payment,
  });
  const { user, limits, choices } = moves;
  const { saved } = props.saving;
  const { stepProps, stepHeading } = useStepChrome(compact);

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
          onReserve={moves.reserveStepOne}
        />
      </Stepper.Step>
      <Stepper.Step {...stepProps(STEP_CONTACT)}>
        {stepHeading(STEP_CONTACT)}
        <StepContact onBack={() => step.go(STEP_CHOOSE)} onSignedIn={moves.signedIn} />
      </Stepper.Step>
      <Stepper.Step {...stepProps(STEP_PAYMENT)}>
        {stepHeading(STEP_PAYMENT)}
        {user && (
          <StepPayment
            variant={variant}
            user={user}
            quote={quote}
            {...choices}
            onOpenTerms={props.onOpenTerms}
            saved={saved}
            saving={props.saving.saving || payment.paying}
            onReserve={moves.reserveStepThree}
            onBack={() => step.go(STEP_CHOOSE)}
          >
            {variant === 'public' && saved && quote && (
              <PayNow
                code={saved.code}
                amountCents={amountToPayCents(quote, choices.paymentMode)}
                payment={payment}
              />
            )}
          </StepPayment>
        )}
      </Stepper.Step>
    </Stepper>
  );
}

/**
 * The steps' moves: Reserve on step 1 (on to step 2, or to step 3 when signed in), signed in on
 * step 2, Reserve (and pay) on step 3; and the customer's choices on step 3.
 */
function useStepMoves({
  tour,
  variant,
  step,
  payment,
  ...props
}: Pick<BookingStepperProps, 'tour' | 'variant' | 'step' | 'draft' | 'saving'> & {
  payment: PayNowState;
}) {
  const user = useSessionUser();
  const { draft, quote, limitProblem, alert } = props.draft;
  /** Counts the times Reserve was refused for a broken limit (its message is announced again). */
  const [limitRefusals, setLimitRefusals] = useState(0);
  const [isPassenger, setIsPassenger] = useKeptChoice(tour, variant, 'isPassenger', false);
  const [termsAccepted, setTermsAccepted] = useKeptChoice(tour, variant, 'termsAccepted', false);
  const [paymentMode, setPaymentMode] = useKeptChoice(tour, variant, 'paymentMode', 'T');

  /** Refuses a broken limit (e.g. fewer passengers than sleeping bags): focus on its input. */
  const refuseBrokenLimit = () => {
    if (!limitProblem) return false;
    setLimitRefusals((count) => count + 1);
    document.querySelector<HTMLElement>(`[data-limit="${limitProblem.place}"]`)?.focus();
    return true;
  };
  const reserveStepOne = () => {
    const problem = stepOneProblem(draft, tour);
    if (problem) return alert(problem);
    const corporate = variant === 'corporate' ? corporateProblem(draft, todayInLima()) : null;
    if (corporate) return alert(corporate.message, corporate.params);
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
    if (!termsAccepted) return alert('acceptTerms');
    // Pay in one step (issue 12): the saved public booking's checkout opens at once, for the
    // amount chosen. Reserve-then-Pay stays underneath: the save is idempotent, and the same
    // amount reopens the same checkout.
    props.saving.reserve({ draft, quote, user, paymentMode, isPassenger }, (answer) =>
      payment.pay(answer.code, amountToPayCents(quote, paymentMode)),
    );
  };

  return {
    user,
    limits: { problem: limitProblem, notice: props.draft.limitNotice, announce: limitRefusals },
    choices: {
      isPassenger,
      onIsPassenger: setIsPassenger,
      termsAccepted,
      onTermsAccepted: setTermsAccepted,
      paymentMode,
      onPaymentMode: setPaymentMode,
    },
    reserveStepOne,
    signedIn,
    reserveStepThree,
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
