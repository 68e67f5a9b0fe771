import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BookingStatus, bookingStatuses } from '../src/rules/booking-status.ts';
import {
  type ChangeBooking,
  type ChangePolicy,
  type ChangeQuote,
  type ChangeQuoteResult,
  daysBefore,
  keepPercentAt,
  quoteChange,
  SPEC_POLICIES,
} from '../src/rules/changes.ts';

const standard = SPEC_POLICIES.standard;
const corporate = SPEC_POLICIES.corporate;

/** A 1,000 USD booking of 2 travellers travelling on 2027-06-30, its deposit (500 USD) paid. */
const booking: ChangeBooking = {
  status: 'partly_paid',
  travelDate: '2027-06-30',
  onCredit: false,
  costCents: 100000,
  paidCents: 50000,
  depositCents: 50000,
  travellers: 2,
  permitBound: false,
  bought: true,
  retainedCents: 0,
  lockedKeepPercent: 0,
};

/** The quote, or the test fails with the refusal. */
function quoted(result: ChangeQuoteResult): ChangeQuote {
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.quote;
}

/** The day `days` whole days before the travel date. */
const dayBefore = (days: number) => {
  const date = new Date(Date.UTC(2027, 5, 30 - days));
  return date.toISOString().slice(0, 10);
};

describe('days before travel, in the agency calendar', () => {
  it('counts whole days, 0 on the day', () => {
    expect(daysBefore('2027-06-30', '2027-06-30')).toBe(0);
    expect(daysBefore('2027-06-30', '2027-06-29')).toBe(1);
    expect(daysBefore('2027-06-30', '2027-05-31')).toBe(30);
    expect(daysBefore('2027-06-30', '2027-07-02')).toBe(-2);
    expect(dayBefore(30)).toBe('2027-05-31');
  });
});

describe('the policy windows (spec terms)', () => {
  it.each([
    [45, 0],
    [31, 0],
    [30, 50],
    [11, 50],
    [10, 80],
    [4, 80],
    [3, 100],
    [1, 100],
    [0, 100],
  ])('standard: %i days before keeps %i %', (days, percent) => {
    expect(keepPercentAt(standard, days)).toBe(percent);
  });

  it.each([
    [31, 0],
    [30, 50],
    [10, 50],
    [9, 80],
    [3, 80],
    [2, 100],
    [0, 100],
  ])('corporate: %i days before keeps %i %', (days, percent) => {
    expect(keepPercentAt(corporate, days)).toBe(percent);
  });

  it('takes the narrowest window whatever their order', () => {
    const reversed = { ...standard, windows: [...standard.windows].reverse() };
    for (const days of [31, 30, 11, 10, 4, 3, 0]) {
      expect(keepPercentAt(reversed, days)).toBe(keepPercentAt(standard, days));
    }
    expect(keepPercentAt({ ...standard, windows: [] }, 0)).toBe(0);
  });
});

describe('cancelling a booking', () => {
  const cancel = (facts: Partial<ChangeBooking>, today: string, policy = standard) =>
    quoted(
      quoteChange({ ...booking, ...facts }, { kind: 'cancel', by: 'customer' }, policy, today),
    );

  it('far ahead keeps the non-refundable deposit, and refunds the rest of what was paid', () => {
    const quote = cancel({ paidCents: 100000, status: 'paid' }, dayBefore(31));
    expect(quote.keepPercent).toBe(0);
    expect(quote.lines).toEqual([
      { kind: 'kept', cents: 50000, reason: 'changeKeptDeposit' },
      { kind: 'refund', cents: 50000, reason: 'changeRefund' },
    ]);
    expect(quote).toMatchObject({ refundCents: 50000, totalCents: 50000, balanceCents: 0 });
  });

  it.each([
    // days before, share kept, refund of a booking paid in full (1,000 USD)
    [31, 50000, 50000],
    [30, 50000, 50000],
    [11, 50000, 50000],
    [10, 80000, 20000],
    [4, 80000, 20000],
    [3, 100000, 0],
    [1, 100000, 0],
  ])('paid in full, %i days before: keeps %i, refunds %i', (days, kept, refund) => {
    const quote = cancel({ paidCents: 100000, status: 'paid' }, dayBefore(days));
    expect(quote.refundCents).toBe(refund);
    expect(quote.totalCents).toBe(kept);
    expect(quote.balanceCents).toBe(0);
    expect(quote.daysBefore).toBe(days);
  });

  it('does not chase a customer for the part kept that they had not paid', () => {
    const quote = cancel({}, dayBefore(5));
    expect(quote.lines).toEqual([
      { kind: 'kept', cents: 80000, reason: 'changeKeptWindow', params: { percent: 80 } },
      { kind: 'forgiven', cents: 30000, reason: 'changeForgiven' },
    ]);
    expect(quote).toMatchObject({ refundCents: 0, totalCents: 50000, balanceCents: 0 });
  });

  it('refunds what was paid to the cent, never a cent more', () => {
    // 1,000.01 USD paid on a 1,000.01 booking, 10 days before: 80 % kept is 800.01 (rounded).
    const quote = cancel(
      { costCents: 100001, paidCents: 100001, status: 'paid', depositCents: 50000 },
      dayBefore(10),
    );
    expect(quote.totalCents).toBe(80001);
    expect(quote.refundCents).toBe(20000);
    expect(quote.refundCents + quote.totalCents).toBe(100001);
  });

  it('keeps the tickets already bought when they are worth more than the share', () => {
    const policy: ChangePolicy = { ...standard, permitCents: 20000, entranceCents: 10000 };
    const quote = cancel(
      { paidCents: 100000, status: 'paid', permitBound: true },
      dayBefore(40),
      policy,
    );
    expect(quote.lines[0]).toEqual({
      kind: 'kept',
      cents: 60000,
      reason: 'changeKeptTickets',
      params: { count: 2 },
    });
    // The permit counts only on a permit-bound tour.
    const noPermit = cancel({ paidCents: 100000, status: 'paid' }, dayBefore(40), {
      ...policy,
      keepDeposit: false,
    });
    expect(noPermit.totalCents).toBe(20000);
    // Train tickets count as well, and what is kept never exceeds the price.
    const dear = cancel({ paidCents: 100000, status: 'paid' }, dayBefore(40), {
      ...policy,
      trainCents: 90000,
    });
    expect(dear.totalCents).toBe(100000);
    expect(dear.refundCents).toBe(0);
  });

  it('gives back everything paid by a booking never confirmed', () => {
    for (const status of ['pending_payment', 'expired'] as const) {
      const quote = cancel({ status, paidCents: 20000, bought: false }, dayBefore(2));
      expect(quote.lines).toEqual([{ kind: 'refund', cents: 20000, reason: 'changeRefund' }]);
      expect(quote).toMatchObject({ totalCents: 0, balanceCents: 0, refundCents: 20000 });
    }
  });

  it('keeps nothing when the agency cancels', () => {
    const quote = quoted(
      quoteChange(
        { ...booking, status: 'paid', paidCents: 100000 },
        { kind: 'cancel', by: 'agency' },
        standard,
        dayBefore(1),
      ),
    );
    expect(quote).toMatchObject({ refundCents: 100000, totalCents: 0, keepPercent: 0 });
  });

  it('leaves a company owing what its terms keep, with no card refund', () => {
    const company = { onCredit: true, status: 'confirmed' as const, paidCents: 0 };
    const tenDays = cancel(company, dayBefore(10), corporate);
    expect(tenDays).toMatchObject({ totalCents: 50000, balanceCents: 50000, refundCents: 0 });
    const nineDays = cancel(company, dayBefore(9), corporate);
    expect(nineDays).toMatchObject({ totalCents: 80000, balanceCents: 80000 });
    const overpaid = cancel({ ...company, paidCents: 90000 }, dayBefore(20), corporate);
    expect(overpaid.lines.at(-1)).toEqual({
      kind: 'refund',
      cents: 40000,
      reason: 'changeRefundCredit',
    });
    expect(overpaid.balanceCents).toBe(0);
  });

  it('is refused on a cancelled or travelled booking', () => {
    const refusedWith = (status: BookingStatus) => {
      const result = quoteChange(
        { ...booking, status },
        { kind: 'cancel', by: 'customer' },
        standard,
        dayBefore(20),
      );
      return result.ok ? null : result.error;
    };
    expect(refusedWith('travelled')).toBe('changeTravelled');
    expect(refusedWith('cancelled_by_customer')).toBe('changeCancelled');
    expect(refusedWith('cancelled_by_agency')).toBe('changeCancelled');
    expect(refusedWith('expired')).toBeNull();
    const byAgency = quoteChange(
      { ...booking, status: 'travelled' },
      { kind: 'cancel', by: 'agency' },
      standard,
      dayBefore(20),
    );
    expect(byAgency).toEqual({ ok: false, error: 'changeTravelled' });
  });
});

describe('what decides a quote, line by line', () => {
  const cancel = (facts: Partial<ChangeBooking>, today: string, policy = standard) =>
    quoted(
      quoteChange({ ...booking, ...facts }, { kind: 'cancel', by: 'customer' }, policy, today),
    );

  it('takes the first of two windows of the same day', () => {
    const doubled = {
      ...standard,
      windows: [
        { daysBefore: 10, keepPercent: 50 },
        { daysBefore: 10, keepPercent: 80 },
      ],
    };
    expect(keepPercentAt(doubled, 5)).toBe(50);
  });

  it('names the window when its share equals the deposit, and tells what the customer keeps', () => {
    const quote = cancel({}, dayBefore(30));
    expect(quote.lines).toEqual([
      { kind: 'kept', cents: 50000, reason: 'changeKeptWindow', params: { percent: 50 } },
    ]);
    // Exactly what was paid is kept: nothing forgiven, nothing refunded.
    expect(quote).toMatchObject({ totalCents: 50000, refundCents: 0, keepPercent: 50 });
    expect(cancel({ paidCents: 100000, status: 'paid' }, dayBefore(10)).keepPercent).toBe(80);
  });

  it('writes no line when nothing is kept, paid or owed', () => {
    const company = { onCredit: true, status: 'confirmed' as const, paidCents: 0 };
    const far = cancel(company, dayBefore(40), corporate);
    expect(far.lines).toEqual([]);
    expect(far).toMatchObject({ totalCents: 0, balanceCents: 0, refundCents: 0 });
  });

  it('keeps the tickets of every traveller leaving, and names the window on a tie', () => {
    const tickets = { ...standard, keepDeposit: false, entranceCents: 10000 };
    const paidInFull = { ...booking, paidCents: 100000, status: 'paid' as const };
    const removal = (out: number, policy = tickets) =>
      quoted(
        quoteChange(
          paidInFull,
          {
            kind: 'removePassenger',
            priceBeforeCents: 100000,
            priceAfterCents: 60000,
            travellersOut: out,
          },
          policy,
          dayBefore(40),
        ),
      );
    expect(removal(2).lines[1]).toEqual({
      kind: 'kept',
      cents: 20000,
      reason: 'changeKeptTickets',
      params: { count: 2 },
    });
    // 30 days before: 50 % of the 40,000 taken off (20,000) equals two travellers' tickets.
    const tie = quoted(
      quoteChange(
        paidInFull,
        {
          kind: 'removePassenger',
          priceBeforeCents: 100000,
          priceAfterCents: 60000,
          travellersOut: 2,
        },
        tickets,
        dayBefore(30),
      ),
    );
    expect(tie.lines[1]).toMatchObject({ reason: 'changeKeptWindow', cents: 20000 });
    // The window and the policy's day count are reported on a re-priced change too.
    expect(tie).toMatchObject({ daysBefore: 30, keepPercent: 50 });
  });

  it('keeps nothing of a decrease on a booking never confirmed, nor tickets of an option change', () => {
    const paidInFull = { ...booking, paidCents: 100000, status: 'paid' as const };
    const never = quoted(
      quoteChange(
        { ...paidInFull, bought: false },
        { kind: 'removePassenger', priceBeforeCents: 100000, priceAfterCents: 60000 },
        standard,
        dayBefore(10),
      ),
    );
    expect(never.lines.map((line) => line.kind)).toEqual(['price', 'refund']);
    const tickets = { ...standard, keepDeposit: false, entranceCents: 10000 };
    const option = quoted(
      quoteChange(
        paidInFull,
        { kind: 'option', priceBeforeCents: 100000, priceAfterCents: 60000 },
        tickets,
        dayBefore(40),
      ),
    );
    expect(option.lines.map((line) => line.kind)).toEqual(['price', 'refund']);
    // A price that rises keeps nothing more than the rise.
    const dearer = quoted(
      quoteChange(
        paidInFull,
        { kind: 'removePassenger', priceBeforeCents: 60000, priceAfterCents: 100000 },
        tickets,
        dayBefore(10),
      ),
    );
    expect(dearer.lines).toEqual([{ kind: 'price', cents: 40000, reason: 'changePriceRemoved' }]);
  });

  it('charges the permits fee on a date change only, and writes no fee line at 0', () => {
    const permits = { ...booking, permitBound: true };
    const option = quoted(
      quoteChange(
        permits,
        { kind: 'option', priceBeforeCents: 100000, priceAfterCents: 100000 },
        standard,
        dayBefore(20),
      ),
    );
    expect(option.feeCents).toBe(0);
    const free = quoted(
      quoteChange(
        permits,
        { kind: 'date', priceBeforeCents: 100000, priceAfterCents: 100000 },
        { ...standard, dateChangeFeeCents: 0 },
        dayBefore(20),
      ),
    );
    expect(free.lines).toEqual([]);
  });
});

describe('what earlier changes leave to a cancellation', () => {
  const cancel = (facts: Partial<ChangeBooking>, today: string) =>
    quoted(
      quoteChange({ ...booking, ...facts }, { kind: 'cancel', by: 'customer' }, standard, today),
    );

  it('keeps for good what earlier changes kept, and the larger of the rest: window or deposit', () => {
    // Of 1,000, 400 was kept by an earlier removal: 80 % of the other 600 is 480, below the
    // deposit of the travellers left (500), which is kept.
    const quote = cancel(
      { paidCents: 100000, status: 'paid', retainedCents: 40000 },
      dayBefore(10),
    );
    expect(quote.lines).toEqual([
      { kind: 'kept', cents: 40000, reason: 'changeKeptEarlier' },
      { kind: 'kept', cents: 50000, reason: 'changeKeptDeposit' },
      { kind: 'refund', cents: 10000, reason: 'changeRefund' },
    ]);
    const window = cancel(
      { paidCents: 100000, status: 'paid', retainedCents: 40000, depositCents: 30000 },
      dayBefore(10),
    );
    expect(window.lines[1]).toEqual({
      kind: 'kept',
      cents: 48000,
      reason: 'changeKeptWindow',
      params: { percent: 80 },
    });
    expect(window.totalCents).toBe(88000);
  });

  it('keeps the strictest share a date move had reached', () => {
    const quote = cancel(
      { paidCents: 100000, status: 'paid', lockedKeepPercent: 80 },
      dayBefore(90),
    );
    expect(quote).toMatchObject({ keepPercent: 80, totalCents: 80000, refundCents: 20000 });
  });

  it('keeps the deposit of a booking a change un-confirmed after it was confirmed', () => {
    const quote = cancel(
      { status: 'pending_payment', paidCents: 50000, depositCents: 75000 },
      dayBefore(40),
    );
    expect(quote.lines).toEqual([
      { kind: 'kept', cents: 75000, reason: 'changeKeptDeposit' },
      { kind: 'forgiven', cents: 25000, reason: 'changeForgiven' },
    ]);
    expect(quote.refundCents).toBe(0);
  });

  it('never keeps more than the price, whatever was kept before', () => {
    const quote = cancel(
      { paidCents: 100000, status: 'paid', retainedCents: 150000 },
      dayBefore(40),
    );
    expect(quote.lines).toEqual([{ kind: 'kept', cents: 100000, reason: 'changeKeptEarlier' }]);
  });
});

describe('a re-priced change', () => {
  const change = (
    kind: 'date' | 'option' | 'removePassenger' | 'addPassenger',
    before: number,
    after: number,
    facts: Partial<ChangeBooking> = {},
    today = dayBefore(20),
    policy = standard,
  ) =>
    quoteChange(
      { ...booking, ...facts },
      { kind, priceBeforeCents: before, priceAfterCents: after, travellersOut: 1 },
      policy,
      today,
    );

  it('charges a dearer date, and a permit-bound tour the new permits', () => {
    const plain = quoted(change('date', 100000, 110000));
    expect(plain.lines).toEqual([{ kind: 'price', cents: 10000, reason: 'changePriceDate' }]);
    expect(plain).toMatchObject({ totalCents: 110000, balanceCents: 60000, feeCents: 0 });
    const permits = quoted(change('date', 100000, 100000, { permitBound: true }));
    expect(permits.lines).toEqual([
      { kind: 'fee', cents: 23000, reason: 'changeFeePermits', params: { count: 2 } },
    ]);
    expect(permits).toMatchObject({ feeCents: 23000, totalCents: 123000, balanceCents: 73000 });
    // Permits are bought when the booking is confirmed: not before.
    const unconfirmed = quoted(
      change('date', 100000, 100000, {
        permitBound: true,
        status: 'pending_payment',
        bought: false,
      }),
    );
    expect(unconfirmed.feeCents).toBe(0);
  });

  it('refunds a cheaper option what was paid beyond the new price, keeping its share inside a window', () => {
    const noDeposit = { ...standard, keepDeposit: false };
    const far = quoted(
      change('option', 100000, 40000, { paidCents: 50000 }, dayBefore(40), noDeposit),
    );
    expect(far.lines).toEqual([
      { kind: 'price', cents: -60000, reason: 'changePriceOption' },
      { kind: 'refund', cents: 10000, reason: 'changeRefund' },
    ]);
    expect(far).toMatchObject({ totalCents: 40000, refundCents: 10000, balanceCents: 0 });
    // 20 days before, half of what the cheaper option takes off is kept, as cancelling would.
    const near = quoted(change('option', 100000, 40000, { paidCents: 100000, status: 'paid' }));
    expect(near.lines).toEqual([
      { kind: 'price', cents: -60000, reason: 'changePriceOption' },
      { kind: 'kept', cents: 30000, reason: 'changeKeptWindow', params: { percent: 50 } },
      { kind: 'refund', cents: 30000, reason: 'changeRefund' },
    ]);
    expect(near).toMatchObject({ totalCents: 70000, refundCents: 30000, balanceCents: 0 });
    // A customer is kept only what they paid beyond the new price: of the 500 paid, 100 is
    // beyond the new 400, and that is the most kept; nothing more is owed.
    const deposit = quoted(change('option', 100000, 40000, { paidCents: 50000 }));
    expect(deposit.lines[1]).toMatchObject({ kind: 'kept', cents: 10000 });
    expect(deposit).toMatchObject({ totalCents: 50000, balanceCents: 0, refundCents: 0 });
    // A company owes what its terms keep.
    const company = quoted(
      change(
        'option',
        100000,
        40000,
        { onCredit: true, status: 'confirmed', paidCents: 0 },
        dayBefore(20),
        corporate,
      ),
    );
    expect(company).toMatchObject({ totalCents: 70000, balanceCents: 70000 });
  });

  it('keeps the window share of a removed passenger, the deposit it frees, and the tickets bought for them', () => {
    const paid = { paidCents: 100000, status: 'paid' as const };
    const quote = quoted(change('removePassenger', 100000, 60000, paid, dayBefore(10)));
    expect(quote.lines).toEqual([
      { kind: 'price', cents: -40000, reason: 'changePriceRemoved' },
      { kind: 'kept', cents: 32000, reason: 'changeKeptWindow', params: { percent: 80 } },
      { kind: 'refund', cents: 8000, reason: 'changeRefund' },
    ]);
    expect(quote.totalCents).toBe(92000);
    // Far ahead, the deposit is not refundable: its part for the price taken off is kept.
    const deposit = quoted(change('removePassenger', 100000, 60000, paid, dayBefore(40)));
    expect(deposit.lines[1]).toEqual({ kind: 'kept', cents: 20000, reason: 'changeKeptDeposit' });
    expect(deposit.totalCents).toBe(80000);
    const noDeposit = { ...standard, keepDeposit: false };
    const tickets = quoted(
      change('removePassenger', 100000, 60000, paid, dayBefore(40), {
        ...noDeposit,
        entranceCents: 5000,
      }),
    );
    expect(tickets.lines[1]).toEqual({
      kind: 'kept',
      cents: 5000,
      reason: 'changeKeptTickets',
      params: { count: 1 },
    });
    const nothingKept = quoted(
      change('removePassenger', 100000, 60000, paid, dayBefore(40), noDeposit),
    );
    expect(nothingKept.lines.map((line) => line.kind)).toEqual(['price', 'refund']);
    expect(nothingKept.totalCents).toBe(60000);
    const unconfirmed = quoted(
      change(
        'removePassenger',
        100000,
        60000,
        { status: 'pending_payment', bought: false },
        dayBefore(5),
      ),
    );
    expect(unconfirmed.totalCents).toBe(60000);
  });

  it('charges an added passenger', () => {
    const quote = quoted(change('addPassenger', 100000, 150000));
    expect(quote.lines).toEqual([{ kind: 'price', cents: 50000, reason: 'changePriceAdded' }]);
    expect(quote.balanceCents).toBe(100000);
  });

  it('writes no price line when the price does not move', () => {
    expect(quoted(change('option', 100000, 100000)).lines).toEqual([]);
  });

  it('is refused after the last day for changes, and on a booking that does not stand', () => {
    expect(change('date', 1, 1, {}, dayBefore(4))).toMatchObject({ ok: true });
    expect(change('date', 1, 1, {}, dayBefore(3))).toEqual({
      ok: false,
      error: 'changeTooLate',
      params: { count: 4 },
    });
    expect(change('date', 1, 1, { status: 'expired' })).toEqual({
      ok: false,
      error: 'changeExpired',
    });
    expect(change('date', 1, 1, { status: 'cancelled_by_agency' })).toMatchObject({
      error: 'changeCancelled',
    });
  });
});

describe('properties of every quote', () => {
  const status = fc.constantFrom<BookingStatus>(...bookingStatuses);
  const bookings = fc.record({
    status,
    travelDate: fc.constant('2027-06-30'),
    onCredit: fc.boolean(),
    costCents: fc.integer({ min: 0, max: 5_000_000 }),
    paidCents: fc.integer({ min: 0, max: 5_000_000 }),
    depositCents: fc.integer({ min: 0, max: 2_500_000 }),
    travellers: fc.integer({ min: 1, max: 20 }),
    permitBound: fc.boolean(),
    bought: fc.boolean(),
    retainedCents: fc.integer({ min: 0, max: 1_000_000 }),
    lockedKeepPercent: fc.integer({ min: 0, max: 100 }),
  });
  const policies = fc.record({
    windows: fc.array(
      fc.record({
        daysBefore: fc.integer({ min: 0, max: 90 }),
        keepPercent: fc.integer({ min: 0, max: 100 }),
      }),
      { maxLength: 4 },
    ),
    keepDeposit: fc.boolean(),
    permitCents: fc.integer({ min: 0, max: 50_000 }),
    entranceCents: fc.integer({ min: 0, max: 50_000 }),
    trainCents: fc.integer({ min: 0, max: 50_000 }),
    dateChangeFeeCents: fc.integer({ min: 0, max: 50_000 }),
    nameChangeFeeCents: fc.integer({ min: 0, max: 50_000 }),
    lastChangeDays: fc.integer({ min: 0, max: 10 }),
  });
  const days = fc.integer({ min: -3, max: 120 });
  const cancelBy = fc.constantFrom<'customer' | 'agency'>('customer', 'agency');

  it('a cancellation never refunds more than was paid, nor a negative amount', () => {
    fc.assert(
      fc.property(bookings, policies, days, cancelBy, (b, policy, d, by) => {
        const result = quoteChange(b, { kind: 'cancel', by }, policy, dayBefore(d));
        if (!result.ok) return;
        const { quote } = result;
        expect(quote.refundCents).toBeGreaterThanOrEqual(0);
        expect(quote.refundCents).toBeLessThanOrEqual(b.paidCents);
        expect(quote.totalCents).toBeGreaterThanOrEqual(0);
        expect(quote.totalCents).toBeLessThanOrEqual(Math.max(b.costCents, 0));
        expect(quote.balanceCents).toBe(quote.totalCents - b.paidCents + quote.refundCents);
        if (!b.onCredit) expect(quote.balanceCents).toBe(0);
      }),
    );
  });

  it('a re-priced change never refunds more than was paid, nor a negative amount', () => {
    const kinds = fc.constantFrom('date', 'option', 'removePassenger', 'addPassenger' as const);
    const price = fc.integer({ min: 0, max: 5_000_000 });
    fc.assert(
      fc.property(bookings, policies, days, kinds, price, price, (b, policy, d, kind, x, y) => {
        const result = quoteChange(
          b,
          { kind, priceBeforeCents: x, priceAfterCents: y, travellersOut: 1 },
          policy,
          dayBefore(d),
        );
        if (!result.ok) return;
        const { quote } = result;
        expect(quote.refundCents).toBeGreaterThanOrEqual(0);
        expect(quote.refundCents).toBeLessThanOrEqual(b.paidCents);
        expect(quote.feeCents).toBeGreaterThanOrEqual(0);
        expect(quote.balanceCents).toBe(quote.totalCents - b.paidCents + quote.refundCents);
      }),
    );
  });

  it('a change and then its inverse never create money', () => {
    const standingStatus = fc.constantFrom<BookingStatus>(
      'pending_payment',
      'confirmed',
      'partly_paid',
      'paid',
    );
    const price = fc.integer({ min: 0, max: 5_000_000 });
    const pairs = fc.constantFrom(
      ['addPassenger', 'removePassenger'] as const,
      ['removePassenger', 'addPassenger'] as const,
      ['date', 'date'] as const,
      ['option', 'option'] as const,
    );
    fc.assert(
      fc.property(
        bookings,
        standingStatus,
        policies,
        days,
        pairs,
        price,
        price,
        (b, status, policy, d, [there, back], x, y) => {
          const today = dayBefore(d);
          const start = { ...b, status, paidCents: 0 };
          const first = quoteChange(
            start,
            { kind: there, priceBeforeCents: x, priceAfterCents: y, travellersOut: 1 },
            policy,
            today,
          );
          if (!first.ok) return;
          const middle = { ...start, costCents: first.quote.totalCents };
          const second = quoteChange(
            middle,
            { kind: back, priceBeforeCents: y, priceAfterCents: x, travellersOut: 1 },
            policy,
            today,
          );
          if (!second.ok) return;
          // Back where it started, the booking costs at least what it did (when it cost more
          // than nothing to start with: a price taken below 0 is floored at 0).
          if (b.costCents >= Math.abs(y - x)) {
            expect(second.quote.totalCents).toBeGreaterThanOrEqual(b.costCents);
          }
        },
      ),
    );
  });
});
