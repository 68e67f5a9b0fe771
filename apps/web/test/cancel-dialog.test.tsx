// @vitest-environment happy-dom
import type { BookingDetail, ChangeQuoteAnswer } from '@cusco/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CancelDialog } from '../src/features/reservations/components/cancel/cancel-dialog.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { type ApiCall, apiError, fakeApi, type Reply } from './support/fake-api.ts';

const code = 'CT-ABC123';
const quotePath = `POST tour/booking/${code}/changes/quote`;
const changePath = `POST tour/booking/${code}/changes`;

const booking: BookingDetail['booking'] = {
  name: 'Classic Inca Trail 4D/3N',
  code,
  tourCode: '100401',
  tripDate: '2030-06-15',
  buyDate: '2029-06-01',
  type: 'Group',
  idcategory: 'c1',
  category: 'Standard',
  debt: 0,
  observation: '',
  corporate: false,
  paymentMode: 'T',
  expired: false,
  status: 'paid',
  pickupPlace: null,
  voucherCode: null,
};

/**
 * The server's quote of cancelling a paid booking of $1,290.00 a year ahead: the deposit is
 * kept, the rest refunded where the customer asked.
 */
function quoteFor(refundTo: 'card' | 'credit' | null, status = 'paid'): ChangeQuoteAnswer {
  return {
    kind: 'cancel',
    paid: 1290,
    refund: 645,
    fee: 0,
    total: 645,
    balance: 0,
    daysBefore: 365,
    keepPercent: 0,
    lines: [
      {
        kind: 'kept',
        amount: 645,
        reason: 'Kept under the terms: the deposit, which is not refundable',
      },
      {
        kind: 'refund',
        amount: 645,
        reason:
          refundTo === 'credit'
            ? 'Added to your credit with the agency, for any later booking'
            : 'Refunded to your card',
      },
    ],
    status: status as ChangeQuoteAnswer['status'],
    refundTo,
  };
}

/** The quote route: answers for the destination the body asks (the card by default). */
const quoting = (call: ApiCall): Reply => {
  const body = call.body as { kind: string; refundTo?: 'card' | 'credit' };
  return { body: quoteFor(body.refundTo ?? 'card') };
};

/** The change route: the cancellation done, as the server answers it. */
const cancelled = (call: ApiCall): Reply => {
  const body = call.body as { refundTo?: 'card' | 'credit' };
  return { status: 201, body: quoteFor(body.refundTo ?? 'card', 'cancelled_by_customer') };
};

function renderDialog(of: BookingDetail['booking'] = booking) {
  const onClose = vi.fn();
  const onCancelled = vi.fn();
  const app = renderInApp(
    <CancelDialog booking={of} onClose={onClose} onCancelled={onCancelled} />,
  );
  return { ...app, onClose, onCancelled };
}

/** The dialog once its quote is shown. */
async function preview(title = `Cancel reservation ${code}`) {
  const dialog = screen.getByRole('dialog', { name: title });
  await within(dialog).findByTestId('cancel-refund');
  return dialog;
}

/** A promise the test settles itself: an answer held until the test lets it go. */
function held() {
  let release: (reply: Reply) => void = () => undefined;
  const promise = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { promise, release: (reply: Reply) => release(reply) };
}

afterEach(resetApp);

describe('the cancellation dialog', () => {
  beforeEach(() => speak('en'));

  it('says it is working out the cost while the quote comes, then shows every line and figure', async () => {
    const answer = held();
    const api = fakeApi({ [quotePath]: () => answer.promise });
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: `Cancel reservation ${code}` });
    expect(
      within(dialog).getByRole('status', { name: 'Working out what cancelling costs…' }),
    ).toBeTruthy();
    expect(
      within(dialog).queryByRole('button', { name: 'Yes, cancel the reservation' }),
    ).toBeNull();

    answer.release({ body: quoteFor('card') });
    await within(dialog).findByTestId('cancel-refund');
    expect(screen.queryByRole('status', { name: 'Working out what cancelling costs…' })).toBeNull();
    // The customer's first choice is the card; the quote asked for it.
    expect(api.callsTo(quotePath).map((call) => call.body)).toEqual([
      { kind: 'cancel', refundTo: 'card' },
    ]);
    expect(api.calls[0]?.headers.get('accept-language')).toBe('en');
    expect(within(dialog).getByText('Cancelling 365 days before the travel date.')).toBeTruthy();
    expect(within(dialog).getByTestId('cancel-policy').textContent).toBe(
      "At this date, the tour's terms keep no share of the price for the date itself.",
    );
    const lines = within(dialog).getByRole('table', { name: 'What cancelling does' });
    const rows = within(lines)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'LineAmount',
      'Kept under the terms: the deposit, which is not refundable$645.00',
      'Refunded to your card$645.00',
    ]);
    expect(within(dialog).getByTestId('cancel-paid').textContent).toBe('$1,290.00');
    expect(within(dialog).getByTestId('cancel-kept').textContent).toBe('$645.00');
    expect(within(dialog).getByTestId('cancel-refund').textContent).toBe('$645.00');
    expect(within(dialog).getByTestId('cancel-balance').textContent).toBe('$0.00');
    expect(
      within(dialog).getByText("This cannot be undone: the reservation's seats go back on sale."),
    ).toBeTruthy();
    // Nothing is cancelled by looking.
    expect(api.callsTo(changePath)).toEqual([]);
  });

  it("says the policy's share when the date is within a window", async () => {
    fakeApi({
      [quotePath]: {
        body: {
          ...quoteFor('card'),
          daysBefore: 1,
          keepPercent: 100,
          refund: 0,
          total: 1290,
          lines: [
            {
              kind: 'kept',
              amount: 1290,
              reason:
                'Kept under the terms: 100% of the price, cancelling this close to the travel date',
            },
          ],
          refundTo: null,
        },
      },
    });
    renderDialog();
    const dialog = await preview();
    expect(within(dialog).getByText('Cancelling 1 day before the travel date.')).toBeTruthy();
    expect(within(dialog).getByTestId('cancel-policy').textContent).toBe(
      "At this date, the tour's terms keep 100% of the price.",
    );
    // Nothing comes back: there is no destination to choose.
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    expect(within(dialog).getByTestId('cancel-refund').textContent).toBe('$0.00');
  });

  it('quotes again when the customer takes the refund as a credit, and shows the new lines', async () => {
    const api = fakeApi({ [quotePath]: quoting });
    const { user } = renderDialog();
    const dialog = await preview();
    const destination = within(dialog).getByRole('radiogroup', {
      name: 'Where should the refund go?',
    });
    const card = within(destination).getByRole('radio', { name: /^Back to my card/ });
    expect((card as HTMLInputElement).checked).toBe(true);

    await user.click(
      within(destination).getByRole('radio', { name: /^As a credit with the agency/ }),
    );
    await within(dialog).findByText('Added to your credit with the agency, for any later booking');
    expect(within(dialog).queryByText('Refunded to your card')).toBeNull();
    expect(api.callsTo(quotePath).map((call) => call.body)).toEqual([
      { kind: 'cancel', refundTo: 'card' },
      { kind: 'cancel', refundTo: 'credit' },
    ]);

    // And back: the card's quote again.
    await user.click(within(destination).getByRole('radio', { name: /^Back to my card/ }));
    await within(dialog).findByText('Refunded to your card');
    expect(api.callsTo(quotePath).at(-1)?.body).toEqual({ kind: 'cancel', refundTo: 'card' });
  });

  it('does not cancel on figures being quoted again: Confirm waits for the new quote', async () => {
    const second = held();
    let quotes = 0;
    const api = fakeApi({
      [quotePath]: (call) => {
        quotes += 1;
        return quotes === 1 ? quoting(call) : second.promise;
      },
      [changePath]: cancelled,
    });
    const { user } = renderDialog();
    const dialog = await preview();
    await user.click(within(dialog).getByRole('radio', { name: /^As a credit with the agency/ }));
    const confirm = within(dialog).getByRole('button', { name: 'Yes, cancel the reservation' });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(true));
    expect(within(dialog).getByText('Updating the figures…')).toBeTruthy();
    await user.click(confirm);
    expect(api.callsTo(changePath)).toEqual([]);

    second.release({ body: quoteFor('credit') });
    await within(dialog).findByText('Added to your credit with the agency, for any later booking');
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
  });

  it('keeps the choice when the other destination cannot be quoted, and confirms nothing on old figures', async () => {
    const api = fakeApi({
      [quotePath]: (call) =>
        (call.body as { refundTo?: string }).refundTo === 'credit'
          ? apiError(503, 'The service is briefly unavailable: nothing was saved. Try again.')
          : quoting(call),
      [changePath]: cancelled,
    });
    const { user } = renderDialog();
    const dialog = await preview();
    await user.click(within(dialog).getByRole('radio', { name: /^As a credit with the agency/ }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain(
        'The service is briefly unavailable',
      ),
    );
    const confirm = within(dialog).getByRole('button', { name: 'Yes, cancel the reservation' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();

    // Back to the card: quoted again, and Confirm works.
    await user.click(within(dialog).getByRole('radio', { name: /^Back to my card/ }));
    await within(dialog).findByText('Refunded to your card');
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(confirm);
    await waitFor(() => expect(api.callsTo(changePath)).toHaveLength(1));
    expect(api.callsTo(changePath)[0]?.body).toEqual({ kind: 'cancel', refundTo: 'card' });
  });

  it('cancels once, with one Idempotency-Key, however many times Confirm is clicked', async () => {
    const answer = held();
    const api = fakeApi({ [quotePath]: quoting, [changePath]: () => answer.promise });
    const { user, onCancelled } = renderDialog();
    const dialog = await preview();
    await user.click(within(dialog).getByRole('radio', { name: /^As a credit with the agency/ }));
    await within(dialog).findByText('Added to your credit with the agency, for any later booking');
    const confirm = within(dialog).getByRole('button', { name: 'Yes, cancel the reservation' });
    await user.dblClick(confirm);
    await user.click(confirm);

    answer.release({ status: 201, body: quoteFor('credit', 'cancelled_by_customer') });
    await waitFor(() => expect(onCancelled).toHaveBeenCalledTimes(1));
    expect(onCancelled.mock.calls[0]?.[0]).toMatchObject({
      status: 'cancelled_by_customer',
      refund: 645,
      refundTo: 'credit',
    });
    const changes = api.callsTo(changePath);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.body).toEqual({ kind: 'cancel', refundTo: 'credit' });
    expect(changes[0]?.headers.get('idempotency-key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it("shows a 422's message in the dialog, which stays open; a retry sends the same key", async () => {
    const refused =
      'The card payment could not be refunded: nothing was changed. Try again later, or take the refund as a credit with the agency';
    let changes = 0;
    const api = fakeApi({
      [quotePath]: quoting,
      [changePath]: (call) => {
        changes += 1;
        return changes === 1 ? apiError(422, refused) : cancelled(call);
      },
    });
    const { user, onCancelled, onClose } = renderDialog();
    const dialog = await preview();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the reservation' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(refused));
    // In the dialog, not an error modal over it; nothing closed, nothing reported done.
    expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull();
    expect(screen.getByRole('dialog', { name: `Cancel reservation ${code}` })).toBe(dialog);
    expect(onCancelled).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();

    // The customer takes the credit instead, as the message suggests: the alert goes, and the
    // second attempt carries the dialog's key again (the refused one changed nothing).
    await user.click(within(dialog).getByRole('radio', { name: /^As a credit with the agency/ }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    await within(dialog).findByText('Added to your credit with the agency, for any later booking');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the reservation' }));
    await waitFor(() => expect(onCancelled).toHaveBeenCalledTimes(1));
    const [first, second] = api.callsTo(changePath);
    expect(first?.body).toEqual({ kind: 'cancel', refundTo: 'card' });
    expect(second?.body).toEqual({ kind: 'cancel', refundTo: 'credit' });
    expect(second?.headers.get('idempotency-key')).toBe(first?.headers.get('idempotency-key'));
  });

  it('says to look again after a 409, and quotes again', async () => {
    const raced =
      'This reservation was changed at the same moment: look at it again before you confirm';
    const api = fakeApi({ [quotePath]: quoting, [changePath]: apiError(409, raced) });
    const { user, onCancelled } = renderDialog();
    const dialog = await preview();
    expect(api.callsTo(quotePath)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the reservation' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(raced));
    await waitFor(() => expect(api.callsTo(quotePath)).toHaveLength(2));
    expect(onCancelled).not.toHaveBeenCalled();
  });

  it('shows a quote the server refuses, with Try again', async () => {
    let quotes = 0;
    const api = fakeApi({
      [quotePath]: (call) => {
        quotes += 1;
        return quotes === 1
          ? apiError(422, 'This reservation is cancelled: it can no longer be changed')
          : quoting(call);
      },
    });
    const { user } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: `Cancel reservation ${code}` });
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain(
        'This reservation is cancelled: it can no longer be changed',
      ),
    );
    expect(
      within(dialog).queryByRole('button', { name: 'Yes, cancel the reservation' }),
    ).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByTestId('cancel-refund');
    expect(api.callsTo(quotePath)).toHaveLength(2);
  });

  it("asks a corporate booking nothing: its refund is the company's credit", async () => {
    const api = fakeApi({
      [quotePath]: { body: quoteFor('credit') },
      [changePath]: { status: 201, body: quoteFor('credit', 'cancelled_by_customer') },
    });
    const { user, onCancelled } = renderDialog({ ...booking, corporate: true });
    const dialog = await preview();
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the reservation' }));
    await waitFor(() => expect(onCancelled).toHaveBeenCalledTimes(1));
    expect(api.callsTo(quotePath)[0]?.body).toEqual({ kind: 'cancel' });
    expect(api.callsTo(changePath)[0]?.body).toEqual({ kind: 'cancel' });
  });

  it('"Keep my reservation" closes it without cancelling', async () => {
    const api = fakeApi({ [quotePath]: quoting });
    const { user, onClose } = renderDialog();
    const dialog = await preview();
    await user.click(within(dialog).getByRole('button', { name: 'Keep my reservation' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.callsTo(changePath)).toEqual([]);
  });
});

describe('the cancellation dialog in Spanish', () => {
  beforeEach(() => speak('es'));

  it('speaks Spanish, and asks the quote in Spanish', async () => {
    const api = fakeApi({ [quotePath]: quoting });
    renderDialog();
    const dialog = await preview(`Cancelar la reserva ${code}`);
    expect(api.calls[0]?.headers.get('accept-language')).toBe('es');
    expect(
      within(dialog).getByText('Cancelación 365 días antes de la fecha de viaje.'),
    ).toBeTruthy();
    expect(
      within(dialog).getByRole('radiogroup', { name: '¿A dónde va el reembolso?' }),
    ).toBeTruthy();
    expect(within(dialog).getByTestId('cancel-refund').textContent).toMatch(/^USD\s645\.00$/);
    expect(within(dialog).getByRole('button', { name: 'Sí, cancelar la reserva' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Conservar mi reserva' })).toBeTruthy();
  });
});
