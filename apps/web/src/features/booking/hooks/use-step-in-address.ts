import { isIsoDate } from '@cusco/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '../../../lib/session.ts';
import { STEP_CHOOSE, STEP_CONTACT, STEP_PAYMENT } from '../components/step-chrome.tsx';

/** The step's place in the page's address: `?step=1`, 2 or 3. */
export const STEP_PARAM = 'step';

/** The step an address asks for, where it can be shown: step 3 needs a signed-in customer. */
export function stepFromAddress(value: string | null, signedIn: boolean): number {
  const asked = Number(value) - 1;
  if (asked === STEP_PAYMENT) return signedIn ? STEP_PAYMENT : STEP_CONTACT;
  if (asked === STEP_CONTACT) return signedIn ? STEP_PAYMENT : STEP_CONTACT;
  return STEP_CHOOSE;
}

/**
 * The booking page's step, kept in its address (issue 12, bug 3): each step is a history entry,
 * so the browser's Back returns to the step before and Forward to the one after, and a refresh
 * stays on the step. A signed-in customer never sees step 2 (spec §4: it is skipped).
 */
export function useStepInAddress() {
  const [search, setSearch] = useSearchParams();
  const signedIn = Boolean(useSessionUser());
  const active = stepFromAddress(search.get(STEP_PARAM), signedIn);
  const go = (step: number) => {
    if (step === active) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (step === STEP_CHOOSE) next.delete(STEP_PARAM);
        else next.set(STEP_PARAM, String(step + 1));
        return next;
      },
      { preventScrollReset: true },
    );
  };
  return { active, go };
}

/** A travel date the address asks for: `?date=YYYY-MM-DD` (a link from a tour's page). */
export const DATE_PARAM = 'date';

/**
 * The travel date the page's address asks for, when it is a real date (else null; `asked` says
 * whether the address has one at all), and `done`,
 * which takes it out of the address once the page has chosen it or found that it cannot be
 * booked: a refresh then keeps the customer's own choice (the tab's kept draft).
 */
export function useRequestedDate() {
  const [search, setSearch] = useSearchParams();
  const value = search.get(DATE_PARAM);
  const requested = value && isIsoDate(value) ? value : null;
  const done = useCallback(() => {
    if (value === null) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DATE_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [value, setSearch]);
  return { asked: value !== null, requested, done };
}
