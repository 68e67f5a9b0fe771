// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentModal } from '../src/features/reservations/components/payment-modal.tsx';
import { bookingDetailKey } from '../src/lib/queries/booking-detail.ts';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { apiError, fakeApi } from './support/fake-api.ts';

const code = 'CT-ABC123';

/** The answer to POST tour/payment/add: a hosted checkout for the amount asked. */
const opened = (amount: number) => ({
  body: {
    transactionId: 'T-1',
    amount,
    amountStr: String(amount * 100),
    expiresAt: '2030-01-01T00:00:00.000Z',
    checkout: { kind: 'hosted', url: 'https://gateway.example/pay/T-1' },
  },
});

function renderModal(debt: number) {
  const onFinished = vi.fn();
  const app = renderInApp(
    <PaymentModal
      code={code}
      debt={debt}
      opened
      onClose={() => undefined}
      onFinished={onFinished}
    />,
  );
  return { ...app, onFinished };
}

/** The payments modal's parts, found as the customer finds them. */
function dialogParts(title: string, amountLabel: string, pay: string) {
  const dialog = screen.getByRole('dialog', { name: title });
  return {
    dialog,
    amount: within(dialog).getByLabelText(amountLabel) as HTMLInputElement,
    pay: within(dialog).getByRole('button', { name: pay }),
  };
}

afterEach(resetApp);

describe('the payments modal (spec §5 payment amount)', () => {
  beforeEach(() => speak('en'));

  it('starts at the debt in whole dollars and says the balance it is checked against', () => {
    fakeApi({});
    renderModal(1234.5);
    const { dialog, amount } = dialogParts('Pay your reservation', 'Amount to pay (US$)', 'Pay');
    expect(amount.value).toBe('1,234');
    expect(
      within(dialog).getByText('A whole number, up to the outstanding balance of $1,234.50.'),
    ).toBeTruthy();
  });

  it.each([
    ['0', '0'],
    ['above the debt by one dollar', '791'],
    ['empty', ''],
  ])(
    'refuses an amount %s with "The amount to pay is not valid", asking nothing',
    async (_, typed) => {
      const api = fakeApi({ 'POST tour/payment/add': opened(1) });
      const { user } = renderModal(790);
      const { dialog, amount, pay } = dialogParts(
        'Pay your reservation',
        'Amount to pay (US$)',
        'Pay',
      );
      await user.clear(amount);
      if (typed) await user.type(amount, typed);
      await user.click(pay);
      expect(within(dialog).getByRole('alert').textContent).toBe('The amount to pay is not valid');
      expect(api.calls).toEqual([]);
    },
  );

  it('keeps what is typed to whole dollars', async () => {
    fakeApi({});
    const { user } = renderModal(790);
    const { amount } = dialogParts('Pay your reservation', 'Amount to pay (US$)', 'Pay');
    await user.clear(amount);
    await user.type(amount, '12.5');
    expect(amount.value).toBe('125');
  });

  it.each([
    ['the whole debt', '790', 790],
    ['one dollar', '1', 1],
  ])(
    'asks the server for a checkout of %s: bookingId, amount and amountStr in cents',
    async (_, typed, dollars) => {
      const api = fakeApi({ 'POST tour/payment/add': opened(dollars) });
      const { user } = renderModal(790);
      const { amount, pay } = dialogParts('Pay your reservation', 'Amount to pay (US$)', 'Pay');
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(pay);
      // The checkout takes the modal's place.
      await screen.findByRole('dialog', { name: 'Secure card payment' });
      expect(screen.queryByRole('dialog', { name: 'Pay your reservation' })).toBeNull();
      const [call] = api.callsTo('POST tour/payment/add');
      expect(api.calls).toHaveLength(1);
      expect(call?.body).toEqual({
        bookingId: code,
        amount: dollars,
        amountStr: String(dollars * 100),
      });
      expect(call?.headers.get('accept-language')).toBe('en');
    },
  );

  it("reports the checkout's outcome with the payment's transaction", async () => {
    fakeApi({ 'POST tour/payment/add': opened(790) });
    const { user, onFinished } = renderModal(790);
    const { pay } = dialogParts('Pay your reservation', 'Amount to pay (US$)', 'Pay');
    await user.click(pay);
    const checkout = await screen.findByRole('dialog', { name: 'Secure card payment' });
    const frame = checkout.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://gateway.example/pay/T-1?lang=en');
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'cusco-checkout', transactionId: 'T-1', status: 'S' },
        origin: window.location.origin,
        source: frame?.contentWindow ?? null,
      }),
    );
    await waitFor(() => expect(onFinished).toHaveBeenCalledWith({ status: 'S' }, 'T-1'));
    // It closes after telling: wait for it rather than expect it in the same tick.
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Secure card payment' })).toBeNull(),
    );
  });

  it("shows the server's refusal in the modal, which stays open to try again", async () => {
    fakeApi({
      'POST tour/payment/add': apiError(422, 'The payment is more than the balance due ($790.00)'),
    });
    const { user } = renderModal(790);
    const { dialog, pay } = dialogParts('Pay your reservation', 'Amount to pay (US$)', 'Pay');
    await user.click(pay);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'The payment is more than the balance due ($790.00)',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Pay your reservation' })).toBe(dialog);
  });

  it('reads the reservation again when the server says a payment is already in progress', async () => {
    fakeApi({
      'POST tour/payment/add': apiError(409, 'A payment is in progress for this reservation.'),
    });
    const { user, queryClient } = renderModal(790);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { dialog, pay } = dialogParts('Pay your reservation', 'Amount to pay (US$)', 'Pay');
    await user.click(pay);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'A payment is in progress for this reservation.',
      ),
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: bookingDetailKey(code) });
  });
});

describe('the payments modal in Spanish', () => {
  beforeEach(() => speak('es'));

  it('speaks Spanish: the balance in its money format, and the refusal', async () => {
    const api = fakeApi({});
    const { user } = renderModal(1234.5);
    const { dialog, amount, pay } = dialogParts('Pagar su reserva', 'Monto a pagar (US$)', 'Pagar');
    expect(amount.value).toBe('1,234');
    expect(
      within(dialog).getByText(/^Un número entero, hasta el saldo pendiente de USD\s1,234\.50\.$/),
    ).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '1235');
    await user.click(pay);
    expect(within(dialog).getByRole('alert').textContent).toBe('El monto a pagar no es válido');
    expect(api.calls).toEqual([]);
  });
});

/** The answer to POST tour/payment/credit: the amount paid, the debt and the credit left. */
const paidWithCredit = (amount: number, debt: number, balance: number) => ({
  status: 201,
  body: { bookingCode: code, paid: amount, debt, balance },
});

function renderWithCredit(debt: number, credit: number) {
  const onCreditPaid = vi.fn();
  const onClose = vi.fn();
  const app = renderInApp(
    <PaymentModal
      code={code}
      debt={debt}
      credit={credit}
      opened
      onClose={onClose}
      onFinished={() => undefined}
      onCreditPaid={onCreditPaid}
    />,
  );
  return { ...app, onCreditPaid, onClose };
}

/** Chooses the credit in the payments modal; answers the dialog and the credit's amount field. */
async function chooseCredit(user: ReturnType<typeof renderInApp>['user'], available: string) {
  const dialog = screen.getByRole('dialog', { name: 'Pay your reservation' });
  const methods = within(dialog).getByRole('radiogroup', { name: 'How do you want to pay?' });
  await user.click(
    within(methods).getByRole('radio', {
      name: `With my credit with the agency (${available} available)`,
    }),
  );
  const amount = within(dialog).getByLabelText(
    'Amount to pay from your credit (US$)',
  ) as HTMLInputElement;
  return {
    dialog,
    amount,
    pay: within(dialog).getByRole('button', { name: 'Pay with my credit' }),
  };
}

describe('paying with the credit (issue 27)', () => {
  beforeEach(() => speak('en'));

  it('is not offered without a credit', () => {
    fakeApi({});
    renderModal(790);
    expect(screen.queryByRole('radiogroup', { name: 'How do you want to pay?' })).toBeNull();
  });

  it('starts at the credit when it is less than the debt, and pays it with an Idempotency-Key', async () => {
    const api = fakeApi({ 'POST tour/payment/credit': paidWithCredit(300, 490, 0) });
    const { user, onCreditPaid } = renderWithCredit(790, 300);
    const dialog = screen.getByRole('dialog', { name: 'Pay your reservation' });
    // The card comes first, as before.
    expect(
      (within(dialog).getByRole('radio', { name: 'With a card' }) as HTMLInputElement).checked,
    ).toBe(true);
    const { amount, pay } = await chooseCredit(user, '$300.00');
    expect(amount.value).toBe('300');
    expect(
      within(dialog).getByText('Up to $300.00: your credit, or the balance due if it is less.'),
    ).toBeTruthy();
    await user.dblClick(pay);
    // A toast (ADR 0026): announced, with its title.
    const toast = (
      await screen.findByText('$300.00 of your credit was paid on reservation CT-ABC123.')
    ).closest('[role="status"]');
    expect(toast?.textContent).toContain('Paid with your credit');
    await waitFor(() => expect(onCreditPaid).toHaveBeenCalledTimes(1));
    expect(api.routes()).toEqual(['POST tour/payment/credit']);
    expect(api.calls[0]?.body).toEqual({ bookingId: code, amount: 300 });
    expect(api.calls[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('starts at the debt when the credit is more, and takes cents', async () => {
    const api = fakeApi({ 'POST tour/payment/credit': paidWithCredit(12.34, 777.66, 987.66) });
    const { user, onCreditPaid } = renderWithCredit(790, 1000);
    const { amount, pay } = await chooseCredit(user, '$1,000.00');
    expect(amount.value).toBe('790');
    await user.clear(amount);
    await user.type(amount, '12.34');
    await user.click(pay);
    await waitFor(() => expect(onCreditPaid).toHaveBeenCalledTimes(1));
    expect(api.calls[0]?.body).toEqual({ bookingId: code, amount: 12.34 });
  });

  it.each([
    ['over the debt', 1000, '790.01', 'The payment is more than the balance due ($790.00)'],
    [
      'over the credit',
      300,
      '300.01',
      'Your credit with the agency is $300.00: you cannot pay more with it',
    ],
    ['of 0', 300, '0', 'The amount to pay is not valid'],
    ['empty', 300, '', 'The amount to pay is not valid'],
  ])(
    "refuses an amount %s in the server's words, asking nothing",
    async (_, credit, typed, message) => {
      const api = fakeApi({});
      const { user, onCreditPaid } = renderWithCredit(790, credit);
      const { dialog, amount, pay } = await chooseCredit(
        user,
        credit === 1000 ? '$1,000.00' : '$300.00',
      );
      await user.clear(amount);
      if (typed) await user.type(amount, typed);
      await user.click(pay);
      expect(within(dialog).getByRole('alert').textContent).toBe(message);
      expect(amount.getAttribute('aria-invalid')).toBe('true');
      expect(api.calls).toEqual([]);
      expect(onCreditPaid).not.toHaveBeenCalled();
    },
  );

  it("shows the server's refusal in the dialog, which stays open", async () => {
    const refusal = 'Your credit with the agency is $250.00: you cannot pay more with it';
    fakeApi({ 'POST tour/payment/credit': apiError(422, refusal, { field: 'amount' }) });
    const { user, onCreditPaid } = renderWithCredit(790, 300);
    const { dialog, pay } = await chooseCredit(user, '$300.00');
    await user.click(pay);
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(refusal));
    expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Pay your reservation' })).toBe(dialog);
    expect(onCreditPaid).not.toHaveBeenCalled();
  });
});
