// @vitest-environment happy-dom
import { CustomerTypeId, todayInLima } from '@cusco/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  STEP_CHOOSE,
  STEP_CONTACT,
  STEP_PAYMENT,
} from '../src/features/booking/components/step-chrome.tsx';
import { stepFromAddress } from '../src/features/booking/hooks/use-step-in-address.ts';
import { initialDraft } from '../src/features/booking/model/draft.ts';
import {
  clearStoredBooking,
  readStoredBooking,
  writeStoredBooking,
} from '../src/features/booking/model/draft-storage.ts';
import { sampleTour as tour } from './sample-tour.ts';

afterEach(() => sessionStorage.clear());

const chosen = {
  ...initialDraft(tour),
  date: '2099-05-10',
  counts: { [CustomerTypeId.adult]: '2', [CustomerTypeId.student]: '1' },
  services: { bag: { enabled: true, quantity: '2' } },
};

describe("the booking page's kept state (issue 12, bug 3)", () => {
  it('gives back the draft, the choices and the saved booking, per tour and page', () => {
    writeStoredBooking(tour, 'public', { draft: chosen });
    writeStoredBooking(tour, 'public', { choices: { paymentMode: 'P', termsAccepted: true } });
    const saved = {
      bookingId: 'CT-ABC234',
      code: 'CT-ABC234',
      transactionId: null,
      transactionKey: null,
      total: 2335,
      amount: 1167.5,
      amountStr: '116750',
    };
    writeStoredBooking(tour, 'public', { saved });
    expect(readStoredBooking(tour, 'public')).toEqual({
      draft: chosen,
      choices: { paymentMode: 'P', termsAccepted: true },
      saved,
    });
    // The corporate page of the same tour, and another tour, keep their own.
    expect(readStoredBooking(tour, 'corporate')).toBeNull();
    expect(readStoredBooking({ ...tour, code: '100201' }, 'public')).toBeNull();
    clearStoredBooking(tour, 'public');
    expect(readStoredBooking(tour, 'public')).toBeNull();
  });

  it('drops what the tour no longer offers, and moves a past date to today', () => {
    writeStoredBooking(tour, 'public', {
      draft: {
        ...chosen,
        date: '2001-01-01',
        typeId: 'gone',
        counts: { [CustomerTypeId.adult]: '2', 'not-a-type': '3' },
        services: { bag: { enabled: true, quantity: '1' }, gone: { enabled: true, quantity: '1' } },
      },
    });
    expect(readStoredBooking(tour, 'public')?.draft).toEqual({
      ...chosen,
      date: todayInLima(),
      typeId: 'group',
      counts: { [CustomerTypeId.adult]: '2' },
      services: { bag: { enabled: true, quantity: '1' } },
    });
  });

  it('ignores what it cannot read: another shape, or not JSON', () => {
    sessionStorage.setItem(`cusco.booking.public.${tour.code}`, '{"draft": 3}');
    expect(readStoredBooking(tour, 'public')).toBeNull();
    sessionStorage.setItem(`cusco.booking.public.${tour.code}`, 'not json');
    expect(readStoredBooking(tour, 'public')).toBeNull();
  });
});

describe("the booking page's step in its address", () => {
  it('shows the step asked for where it can be shown: step 3 needs a signed-in customer', () => {
    expect(stepFromAddress(null, false)).toBe(STEP_CHOOSE);
    expect(stepFromAddress('x', true)).toBe(STEP_CHOOSE);
    expect(stepFromAddress('2', false)).toBe(STEP_CONTACT);
    expect(stepFromAddress('3', false)).toBe(STEP_CONTACT);
    expect(stepFromAddress('2', true)).toBe(STEP_PAYMENT);
    expect(stepFromAddress('3', true)).toBe(STEP_PAYMENT);
  });
});
