// @vitest-environment happy-dom
import { type BookingDetail, type BookingStatus, bookingStatuses } from '@cusco/shared';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BookingStatusBadge,
  statusColors,
} from '../src/features/reservations/components/status-badge.tsx';
import { BookingDetailPage } from '../src/features/reservations/routes/booking-detail-page.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { fakeApi } from './support/fake-api.ts';

const words: Record<'en' | 'es', Record<BookingStatus, string>> = {
  en: {
    on_hold: 'On hold',
    pending_payment: 'Awaiting payment',
    confirmed: 'Confirmed',
    partly_paid: 'Partly paid',
    paid: 'Paid',
    travelled: 'Travelled',
    cancelled_by_customer: 'Cancelled by you',
    cancelled_by_agency: 'Cancelled by the agency',
    expired: 'Expired',
  },
  es: {
    on_hold: 'En reserva temporal',
    pending_payment: 'Pendiente de pago',
    confirmed: 'Confirmada',
    partly_paid: 'Pagada en parte',
    paid: 'Pagada',
    travelled: 'Viaje realizado',
    cancelled_by_customer: 'Cancelada por usted',
    cancelled_by_agency: 'Cancelada por la agencia',
    expired: 'Vencida',
  },
};

/** Waiting in warm tones, settled in the agency's green, cancelled in red, over in grey or violet. */
const colors: Record<BookingStatus, string> = {
  on_hold: 'orange',
  pending_payment: 'yellow',
  confirmed: 'blue',
  partly_paid: 'terracotta',
  paid: 'andes',
  travelled: 'grape',
  cancelled_by_customer: 'red',
  cancelled_by_agency: 'red',
  expired: 'gray',
};

afterEach(resetApp);

describe.each(['en', 'es'] as const)('the status badge in %s', (language) => {
  beforeEach(() => speak(language));

  it.each(bookingStatuses)('says %s in words, after "Status:" for a screen reader', (status) => {
    renderInApp(<BookingStatusBadge status={status} />);
    const badge = screen.getByTestId('booking-status');
    const label = language === 'en' ? 'Status:' : 'Estado:';
    expect(badge.textContent).toBe(`${label} ${words[language][status]}`);
    // The prefix is for a screen reader only; the status is what shows.
    const hidden = within(badge).getByText(label, { exact: false });
    expect(hidden.className).toContain('VisuallyHidden');
    // Its colour: a tint of the status's own, behind dark text that reads on every tint.
    expect(badge.getAttribute('style')).toContain(`--mantine-color-${colors[status]}-light)`);
    expect(badge.getAttribute('style')).toContain('color: var(--mantine-color-dark-7)');
  });
});

describe('the status colours', () => {
  it('are the ones the badge uses, and only the two cancellations share one', () => {
    expect(statusColors).toEqual(colors);
    const { cancelled_by_agency: _, ...others } = statusColors;
    expect(new Set(Object.values(others)).size).toBe(Object.keys(others).length);
  });
});

const code = 'CT-ABC123';

/** A booking's detail as the API answers it: two adults, $1,290.00, in the status given. */
function detailOf(
  status: BookingStatus,
  money: { payments: number; debt: number },
  more: Partial<BookingDetail['booking']> = {},
): BookingDetail {
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
      expired: status === 'expired',
      status,
      pickupPlace: null,
      voucherCode: null,
      ...more,
    },
    passanger: [{ type: 'Adult', quantity: 2, total: 1290 }],
    includeServices: [],
    hotels: [],
    additionalServices: [],
    otherTours: [],
    buy: [],
    payments: [],
    paymentExtra: { add: [], substract: [] },
    balance: {
      purchases: 1290,
      payments: money.payments,
      discounts: 1290 - money.payments - money.debt,
      additions: 0,
      debt: money.debt,
    },
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
    paymentAttempts: [],
    resume: [],
  };
}

/** The booking detail page at #/main/booking/detail/CT-ABC123, the API answering `detail`. */
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
  return screen.getByTestId('booking-header');
}

/** The button of exactly this name, or null. */
const button = (name: string) => screen.queryByRole('button', { name: (text) => text === name });

describe('the booking detail by status', () => {
  beforeEach(() => speak('en'));

  it('says a booking the customer cancelled is cancelled, and offers nothing more to do', async () => {
    const header = await openDetail(detailOf('cancelled_by_customer', { payments: 1290, debt: 0 }));
    expect(within(header).getByTestId('booking-status').textContent).toBe(
      'Status: Cancelled by you',
    );
    const notice = screen.getByTestId('booking-cancelled');
    expect(notice.textContent).toContain('This reservation is cancelled');
    expect(notice.textContent).toContain('You cancelled it');
    for (const name of [
      'Pay',
      'Cancel this reservation',
      'Add services',
      'Ask to remove passengers',
      'Ask to remove additional services',
      'Edit passenger 1',
      'Download the voucher (PDF)',
    ]) {
      expect(button(name), name).toBeNull();
    }
    // What it held is still shown.
    expect(screen.getByRole('heading', { name: "Passengers' data" })).toBeTruthy();
    expect(screen.getByTestId('outstanding-balance').textContent).toBe('$0.00');
  });

  it('says who cancelled: the agency', async () => {
    // A debt left on it (the agency settles it): still no Pay.
    const header = await openDetail(detailOf('cancelled_by_agency', { payments: 0, debt: 100 }));
    expect(within(header).getByTestId('booking-status').textContent).toBe(
      'Status: Cancelled by the agency',
    );
    expect(screen.getByTestId('booking-cancelled').textContent).toContain(
      'The agency cancelled it',
    );
    expect(button('Pay')).toBeNull();
  });

  it('keeps what an expired booking shows, and offers to cancel it', async () => {
    const header = await openDetail(detailOf('expired', { payments: 0, debt: 1290 }));
    expect(within(header).getByTestId('booking-status').textContent).toBe('Status: Expired');
    expect(screen.getByTestId('hold-expired')).toBeTruthy();
    expect(screen.queryByTestId('booking-cancelled')).toBeNull();
    for (const name of ['Pay', 'Add services', 'Edit passenger 1', 'Cancel this reservation']) {
      expect(button(name), name).toBeTruthy();
    }
  });

  it.each([
    ['pending_payment', { payments: 0, debt: 1290 }],
    ['partly_paid', { payments: 645, debt: 645 }],
    ['paid', { payments: 1290, debt: 0 }],
  ] as const)('offers to cancel a %s booking', async (status, money) => {
    const header = await openDetail(detailOf(status, money));
    expect(within(header).getByTestId('booking-status').textContent).toBe(
      `Status: ${words.en[status]}`,
    );
    expect(button('Cancel this reservation')).toBeTruthy();
    expect(button('Add services')).toBeTruthy();
    // Paid in full, its voucher is ready (what a cancelled one no longer offers).
    expect(Boolean(button('Download the voucher (PDF)'))).toBe(money.debt === 0);
  });

  it('does not offer to cancel a booking that travelled', async () => {
    await openDetail(detailOf('travelled', { payments: 1290, debt: 0 }));
    expect(button('Cancel this reservation')).toBeNull();
    expect(screen.queryByTestId('booking-cancelled')).toBeNull();
  });
});

describe('cancelling from the booking detail', () => {
  beforeEach(() => speak('en'));

  /** The API of a booking that is cancelled once POST …/changes was called. */
  function cancellableApi(before: BookingDetail, refundTo: 'card' | 'credit') {
    let done = false;
    const answer = {
      kind: 'cancel',
      paid: 1290,
      refund: 645,
      fee: 0,
      total: 645,
      balance: 0,
      daysBefore: 200,
      keepPercent: 0,
      lines: [],
      status: 'cancelled_by_customer',
      refundTo,
    };
    const after = {
      ...before,
      booking: { ...before.booking, status: 'cancelled_by_customer' as const },
    };
    return fakeApi({
      [`GET tour/booking/${code}`]: () => ({ body: done ? after : before }),
      'GET tour/credit': { body: { balance: 0, movements: [] } },
      [`POST tour/booking/${code}/changes/quote`]: { body: answer },
      [`POST tour/booking/${code}/changes`]: () => {
        done = true;
        return { status: 201, body: answer };
      },
    });
  }

  async function cancelFromDetail() {
    const router = createMemoryRouter(
      [{ path: '/main/booking/detail/:reservationcode', element: <BookingDetailPage /> }],
      { initialEntries: [`/main/booking/detail/${code}`] },
    );
    const { user } = renderInApp(<RouterProvider router={router} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel this reservation' }));
    // The dialog's code loads when it is first opened (a loader in its place meanwhile).
    await screen.findByTestId('cancel-refund');
    const dialog = screen.getByRole('dialog', { name: `Cancel reservation ${code}` });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the reservation' }));
    return dialog;
  }

  it('closes the dialog, says so in a toast, and shows the booking read again, cancelled', async () => {
    const api = cancellableApi(detailOf('paid', { payments: 1290, debt: 0 }), 'card');
    await cancelFromDetail();
    const toast = (
      await screen.findByText(`Reservation ${code} is cancelled: $645.00 is refunded to your card.`)
    ).closest('[role="status"]');
    expect(toast?.textContent).toContain('Reservation cancelled');
    expect(screen.queryByRole('dialog', { name: `Cancel reservation ${code}` })).toBeNull();
    await screen.findByTestId('booking-cancelled');
    expect(
      within(screen.getByTestId('booking-header')).getByTestId('booking-status').textContent,
    ).toBe('Status: Cancelled by you');
    expect(button('Cancel this reservation')).toBeNull();
    // Read again after the change; the credit too.
    const reads = api.routes();
    const changed = reads.indexOf(`POST tour/booking/${code}/changes`);
    expect(reads.slice(changed)).toContain(`GET tour/booking/${code}`);
    expect(reads.slice(changed)).toContain('GET tour/credit');
  });

  it("says a company's refund went to its credit", async () => {
    cancellableApi(
      detailOf('confirmed', { payments: 1290, debt: 0 }, { corporate: true }),
      'credit',
    );
    await cancelFromDetail();
    await screen.findByText(
      `Reservation ${code} is cancelled: $645.00 was added to the company's credit with the agency.`,
    );
  });
});
