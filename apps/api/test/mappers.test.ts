import { CustomerTypeId, translate } from '@cusco/shared';
import { describe, expect, it } from 'vitest';
import { toBookingDetail } from '../src/modules/bookings/detail-answer.ts';
import type { BookingDetailRows } from '../src/modules/bookings/detail-rows.ts';
import { totalsOf } from '../src/modules/ledger/ledger.ts';
import { stageOf } from '../src/modules/payments/stages.ts';
import { hotelOf, toTour } from '../src/modules/tours/tour-answer.ts';
import type { TourRows } from '../src/modules/tours/tour-rows.ts';
import { isPostgres } from './support/app.ts';

/** The answers' pure mappers, on rows written by hand (no database). */
const at = (iso: string) => new Date(iso);

function detailRows(overrides: Partial<BookingDetailRows> = {}): BookingDetailRows {
  const booking = {
    id: 'b1',
    code: 'CT-ABC123',
    tourId: 't1',
    categoryId: 'c1',
    travelDate: '2027-05-10',
    createdAt: at('2026-11-22T15:00:00Z'),
    observation: 'Vegetarian lunch',
    corporateClientId: null,
    paymentMode: 'P',
  } as BookingDetailRows['head']['booking'];
  return {
    head: {
      booking,
      tourCode: '100401',
      tourEn: 'Classic Inca Trail',
      tourEs: 'Camino Inka Clásico',
      typeEn: 'Group',
      typeEs: 'Grupal',
      categoryEn: 'English',
      categoryEs: 'Inglés',
    },
    passengers: [{ quantity: 2, totalCents: 158_000, nameEn: 'Adult', nameEs: 'Adulto' }],
    inclusions: [
      { nameEn: 'Guide', nameEs: 'Guía', observationEn: 'Bilingual', observationEs: 'Bilingüe' },
    ],
    hotels: [],
    services: [
      {
        id: 's1',
        createdAt: at('2026-11-23T12:00:00Z'),
        quantity: 2,
        unitCents: 2500,
        totalCents: 5000,
        nameEn: 'Sleeping bag',
        nameEs: 'Bolsa de dormir',
        labelEn: 'Per person',
        labelEs: 'Por persona',
        isTour: false,
      },
    ],
    ledger: [
      {
        id: 'l1',
        bookingId: 'b1',
        kind: 'purchase',
        amountCents: 163_000,
        description: 'tour',
        paymentMethod: null,
        commissionCents: 0,
        paymentAttemptId: null,
        refundedAttemptId: null,
        createdAt: at('2026-11-22T15:00:00Z'),
      },
      {
        id: 'l2',
        bookingId: 'b1',
        kind: 'payment',
        amountCents: 79_000,
        description: 'payment',
        paymentMethod: 'Card (sandbox)',
        commissionCents: 0,
        paymentAttemptId: 'a1',
        refundedAttemptId: null,
        createdAt: at('2026-11-22T15:05:00Z'),
      },
    ],
    slots: [
      {
        id: 'p1',
        position: 1,
        typeId: CustomerTypeId.adult,
        nameEn: 'Adult',
        nameEs: 'Adulto',
        client: null,
        documentOf: null,
        lock: null,
      },
    ],
    attempts: [],
    totals: totalsOf({ purchases: 163_000, additions: 0, discounts: 0, payments: 79_000 }),
    status: 'partly_paid',
    ...overrides,
  };
}

describe.runIf(!isPostgres)('the booking detail mapper', () => {
  it('answers the balance from the ledger totals, in dollars, and the day in Lima', () => {
    const detail = toBookingDetail(detailRows(), 'en');
    expect(detail.balance).toEqual({
      purchases: 1630,
      payments: 790,
      discounts: 0,
      additions: 0,
      debt: 840,
    });
    expect(detail.booking).toMatchObject({
      name: 'Classic Inca Trail',
      code: 'CT-ABC123',
      buyDate: '2026-11-22',
      debt: 840,
      corporate: false,
      paymentMode: 'P',
    });
    expect(detail.passanger).toEqual([{ type: 'Adult', quantity: 2, total: 1580 }]);
  });

  it('names ledger lines and services in the language asked', () => {
    const spanish = toBookingDetail(detailRows(), 'es');
    expect(spanish.buy[0]?.description).toBe(translate('ledgerTour', 'es'));
    expect(spanish.payments[0]).toMatchObject({ total: 790, paymentMethod: 'Card (sandbox)' });
    expect(spanish.additionalServices).toEqual([
      {
        id: 's1',
        buyDate: '2026-11-23',
        productName: 'Bolsa de dormir (Por persona)',
        PRICE: 25,
        quantity: 2,
        total: 50,
      },
    ]);
    expect(spanish.otherTours).toEqual([]);
    expect(spanish.includeServices).toEqual([{ number: 1, name: 'Guía', observation: 'Bilingüe' }]);
  });

  it('shows an empty slot as 0 % registered', () => {
    const detail = toBookingDetail(detailRows(), 'en');
    expect(detail.passangerRegistry).toEqual([
      {
        number: 1,
        id: 'p1',
        type: 'Adult',
        typeId: CustomerTypeId.adult,
        clientId: null,
        name: '',
        percentage: 0,
        hasDocument: false,
        emergencyContactName: null,
        emergencyContactPhone: null,
        locked: [],
        lockedReason: null,
        lockedSince: null,
      },
    ]);
  });
});

describe.runIf(!isPostgres)("the detail's payment attempts (issue 12, bugs 1 and 2)", () => {
  const attempt = (id: string, status: string, minute: number) => ({
    id,
    operationNumber: minute,
    amountCents: 62_000,
    status,
    createdAt: at(`2026-11-22T15:${String(minute).padStart(2, '0')}:00Z`),
    expiresAt: at(`2026-11-22T16:${String(minute).padStart(2, '0')}:00Z`),
  });
  const told = (attempts: ReturnType<typeof attempt>[], stages = new Map()) =>
    toBookingDetail(detailRows({ attempts }), 'en', stages).paymentAttempts.map((item) => [
      item.transactionId,
      item.status,
      item.stage,
    ]);

  it('does not show a decline beside the payment made after it', () => {
    // Newest first, as the query reads them.
    expect(told([attempt('a2', 'paid', 9), attempt('a1', 'declined', 5)])).toEqual([
      ['a2', 'paid', null],
    ]);
  });

  it('shows a decline while it is the newest attempt, never a cancelled or expired one', () => {
    expect(
      told([
        attempt('a3', 'declined', 9),
        attempt('a2', 'expired', 7),
        attempt('a1', 'cancelled', 5),
      ]),
    ).toEqual([['a3', 'declined', null]]);
  });

  it('always shows open attempts and refunds due, open ones with their stage at the gateway', () => {
    const stages = new Map([['a3', 'notCompleted' as const]]);
    expect(
      told(
        [
          attempt('a3', 'pending', 9),
          attempt('a2', 'paid', 7),
          attempt('a1', 'refund_required', 5),
        ],
        stages,
      ),
    ).toEqual([
      ['a3', 'pending', 'notCompleted'],
      ['a1', 'refund_required', null],
    ]);
  });

  it('calls an open attempt unconfirmed when its gateway was not asked', () => {
    expect(told([attempt('a1', 'pending', 5)])).toEqual([['a1', 'pending', 'unconfirmed']]);
  });

  it('tells a checkout left before the card from one whose card the gateway has', () => {
    expect(['open', 'closed', 'declined'].map((status) => stageOf(status as never))).toEqual([
      'notCompleted',
      'notCompleted',
      'notCompleted',
    ]);
    expect(stageOf('processing')).toBe('processing');
    expect(stageOf('approved')).toBe('processing');
    expect(stageOf('unknown')).toBe('unconfirmed');
  });
});

describe.runIf(!isPostgres)('the tour mapper', () => {
  it('lists hotel types and rooms once each, in their order, with prices per room and night', () => {
    const row = (
      hotel: string,
      hotelSort: number,
      room: string,
      roomSort: number,
      cents: number,
    ) => ({
      hotelTypeId: hotel,
      roomTypeId: room,
      priceCents: cents,
      hotelEn: `H-${hotel}`,
      hotelEs: `H-${hotel}-es`,
      hotelSort,
      roomEn: `R-${room}`,
      roomEs: `R-${room}-es`,
      roomSort,
    });
    const hotel = hotelOf(
      [
        row('h2', 2, 'double', 2, 9000),
        row('h1', 1, 'single', 1, 7000),
        row('h1', 1, 'double', 2, 8000),
      ],
      'en',
    );
    expect(hotel?.types).toEqual([
      { value: 'h1', label: 'H-h1' },
      { value: 'h2', label: 'H-h2' },
    ]);
    expect(hotel?.rooms).toEqual([
      { value: 'single', label: 'R-single' },
      { value: 'double', label: 'R-double' },
    ]);
    expect(hotel?.prices).toContainEqual({ roomId: 'single', typeId: 'h1', price: 70 });
    expect(hotelOf([], 'en')).toBeNull();
  });

  it('splits inclusions into included and not included, and prices into dollars', () => {
    const rows = {
      tour: {
        id: 't1',
        code: '100401',
        nameEn: 'Trail',
        nameEs: 'Camino',
        days: 4,
        nights: 3,
        familyId: 'f',
        hotelNights: 0,
        maxGroupSize: 16,
      },
      types: [],
      categories: [],
      customerTypes: [],
      prices: [
        {
          categoryId: 'c',
          typeId: 'g',
          customerTypeId: CustomerTypeId.adult,
          groupSize: 4,
          priceCents: 76_000,
        },
      ],
      hotels: [],
      offers: [],
      related: [],
      itinerary: [{ day: 1, nameEn: 'Cusco', nameEs: 'Cusco' }],
      inclusions: [
        { included: true, nameEn: 'Guide', nameEs: 'Guía' },
        { included: false, nameEn: 'Tips', nameEs: 'Propinas' },
      ],
    } as unknown as TourRows;
    const tour = toTour(rows, 'es');
    expect(tour.name).toBe('Camino');
    expect(tour.maxPassengers).toBe(16);
    expect(tour.prices).toEqual([
      {
        categoryId: 'c',
        typeId: 'g',
        customerTypeId: CustomerTypeId.adult,
        quantity: 4,
        price: 760,
      },
    ]);
    expect(tour.includeServices).toEqual([{ name: 'Guía' }]);
    expect(tour.notincludeServices).toEqual([{ name: 'Propinas' }]);
    expect(tour.hotel).toBeNull();
  });
});

describe.runIf(!isPostgres)('the named status in the detail (ADR 0037)', () => {
  it('carries the status as the database read it, and tells an expired hold', () => {
    const expired = toBookingDetail(detailRows({ status: 'expired' }), 'en').booking;
    expect(expired).toMatchObject({ status: 'expired', expired: true });
    const cancelled = toBookingDetail(detailRows({ status: 'cancelled_by_customer' }), 'en');
    expect(cancelled.booking).toMatchObject({ status: 'cancelled_by_customer', expired: false });
    const paid = toBookingDetail(detailRows({ status: 'paid' }), 'en').booking;
    expect(paid).toMatchObject({ status: 'paid', expired: false });
  });
});
