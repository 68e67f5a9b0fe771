// @vitest-environment happy-dom
import type { BookingDetail } from '@cusco/shared';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BookingDetailPage } from '../src/features/reservations/routes/booking-detail-page.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { fakeApi } from './support/fake-api.ts';

const code = 'CT-LINES1';

type Attempt = BookingDetail['paymentAttempts'][number];

/**
 * A booking of $1,520.00 with a line of each kind: the tour and a service bought, a card payment
 * and a desk payment in cash, a discount and an addition; `debt` and `attempts` as given.
 */
function detailOf(
  money: { debt: number; attempts?: Attempt[] },
  more: Partial<BookingDetail['booking']> = {},
): BookingDetail {
  const paid = 1540 - money.debt;
  return {
    booking: {
      name: 'Classic Inca Trail 4D/3N',
      code,
      tourCode: '100401',
      tripDate: '2030-06-15',
      buyDate: '2029-06-01',
      type: 'Group',
      idcategory: 'c1',
      category: 'Standard',
      debt: money.debt,
      observation: '',
      corporate: false,
      paymentMode: 'T',
      expired: false,
      status: money.debt === 0 ? 'paid' : 'partly_paid',
      pickupPlace: null,
      voucherCode: null,
      ...more,
    },
    passanger: [{ type: 'Adult', quantity: 2, total: 1290 }],
    includeServices: [],
    hotels: [],
    additionalServices: [],
    otherTours: [],
    buy: [
      {
        buyDate: '2029-06-01',
        paymentMethod: '',
        commission: 0,
        total: 1290,
        description: 'Tour reservation',
      },
      {
        buyDate: '2029-06-03',
        paymentMethod: '',
        commission: 0,
        total: 230,
        description: 'Additional services',
      },
    ],
    payments: [
      {
        buyDate: '2029-06-02',
        paymentMethod: 'Card (sandbox)',
        commission: 0,
        total: 500,
        description: 'Card payment',
      },
      {
        buyDate: '2029-06-20',
        paymentMethod: 'Cash',
        commission: 0,
        total: paid - 500,
        description: 'Payment at the office',
      },
    ],
    paymentExtra: {
      add: [{ buyDate: '2029-06-05', name: 'Permit bought again', total: 115 }],
      substract: [{ buyDate: '2029-06-04', name: 'Loyal customer', total: 95 }],
    },
    balance: { purchases: 1520, payments: paid, discounts: 95, additions: 115, debt: money.debt },
    passangerRegistry: [1, 2].map((number) => ({
      number,
      id: `2c9d8e7f-6a5b-4c3d-9e1f-0a1b2c3d4e5${number}`,
      type: 'Adult',
      typeId: 'adult',
      clientId: null,
      name: '',
      percentage: 0,
      hasDocument: false,
    })),
    paymentAttempts: money.attempts ?? [],
    resume: [],
  };
}

async function openDetail(detail: BookingDetail) {
  fakeApi({
    [`GET tour/booking/${code}`]: { body: detail },
    'GET tour/credit': { body: { balance: 0, movements: [] } },
  });
  const router = createMemoryRouter(
    [{ path: '/main/booking/detail/:reservationcode', element: <BookingDetailPage /> }],
    { initialEntries: [`/main/booking/detail/${code}`] },
  );
  renderInApp(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1, name: 'Classic Inca Trail 4D/3N' });
}

/** An amount as the Spanish pages write it (the runtime's ICU: "US$ 740.00" or "USD 740.00"). */
const spanishDollars = (dollars: number) =>
  new Intl.NumberFormat('es-PE', { style: 'currency', currency: 'USD' }).format(dollars);

/** The rows of a table named `name`, each as its cells' texts (headers first). */
function rowsOf(name: string) {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
}

afterEach(resetApp);

describe('the booking detail lists every line of the account (spec "Booking detail")', () => {
  it('in English: purchases, payments with their method, discounts and additions, each dated', async () => {
    await speak('en');
    await openDetail(detailOf({ debt: 300 }));
    expect(rowsOf('Purchases')).toEqual([
      ['Date', 'Description', 'Amount'],
      ['Fri, 1 Jun 2029', 'Tour reservation', '$1,290.00'],
      ['Sun, 3 Jun 2029', 'Additional services', '$230.00'],
    ]);
    expect(rowsOf('Payments')).toEqual([
      ['Date', 'Description', 'Method', 'Amount'],
      ['Sat, 2 Jun 2029', 'Card payment', 'Card (sandbox)', '$500.00'],
      ['Wed, 20 Jun 2029', 'Payment at the office', 'Cash', '$740.00'],
    ]);
    expect(rowsOf('Discounts')).toEqual([
      ['Date', 'Description', 'Amount'],
      ['Mon, 4 Jun 2029', 'Loyal customer', '$95.00'],
    ]);
    expect(rowsOf('Additions')).toEqual([
      ['Date', 'Description', 'Amount'],
      ['Tue, 5 Jun 2029', 'Permit bought again', '$115.00'],
    ]);
    // The totals stay, closed by the outstanding balance.
    const totals = rowsOf('Final balance');
    expect(totals[1]).toEqual(['Purchases', '$1,520.00']);
    expect(totals.at(-1)).toEqual(['Outstanding balance', '$300.00']);
  });

  it('in Spanish, and without a table for a kind of line the booking has none of', async () => {
    await speak('es');
    const detail = detailOf({ debt: 300 });
    await openDetail({
      ...detail,
      paymentExtra: { add: [], substract: detail.paymentExtra.substract },
    });
    expect(rowsOf('Pagos')[0]).toEqual(['Fecha', 'Concepto', 'Medio de pago', 'Importe']);
    expect(rowsOf('Pagos')[2]).toEqual([
      'mié., 20 jun 2029',
      'Payment at the office',
      'Cash',
      spanishDollars(740),
    ]);
    expect(rowsOf('Descuentos')).toHaveLength(2);
    expect(screen.queryByRole('table', { name: 'Adicionales' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Adicionales' })).toBeNull();
  });
});

const attempt = (status: Attempt['status'], stage: Attempt['stage'] = null): Attempt => ({
  transactionId: `T-${status}-${stage ?? 'none'}`,
  amount: 300,
  status,
  createdAt: '2029-06-19T15:00:00.000Z',
  stage,
});

describe('a payment alert shows only while it applies to the booking as it is now', () => {
  const invitations = [
    ['declined', attempt('declined')],
    ['left unfinished', attempt('pending', 'notCompleted')],
    ['not confirmed', attempt('pending', 'unconfirmed')],
    ['being confirmed', attempt('pending', 'processing')],
  ] as const;

  it.each(invitations)('a payment %s, while a balance is due', async (_, shown) => {
    await speak('en');
    await openDetail(detailOf({ debt: 300, attempts: [shown] }));
    expect(screen.getAllByTestId('payment-attempt')).toHaveLength(1);
    expect(screen.getByTestId('payment-attempt').textContent).toContain('$300.00');
  });

  it.each(invitations)(
    'none for a payment %s once a desk payment settled the balance',
    async (_, stale) => {
      await speak('en');
      await openDetail(detailOf({ debt: 0, attempts: [stale] }));
      expect(screen.getByTestId('outstanding-balance').textContent).toBe('$0.00');
      expect(screen.queryByTestId('payment-attempt')).toBeNull();
    },
  );

  it('none on a cancelled booking, even with a balance left', async () => {
    await speak('en');
    await openDetail(
      detailOf({ debt: 300, attempts: [attempt('declined')] }, { status: 'cancelled_by_agency' }),
    );
    expect(screen.queryByTestId('payment-attempt')).toBeNull();
  });

  it('still says a payment will be refunded once nothing is owed', async () => {
    await speak('es');
    await openDetail(detailOf({ debt: 0, attempts: [attempt('refund_required')] }));
    expect(screen.getByTestId('payment-attempt').textContent).toContain(spanishDollars(300));
  });
});
