// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MoneyDialog, MoneyModal } from '../src/features/admin/components/money-modal.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { apiError, fakeApi, type Reply } from './support/fake-api.ts';

const code = 'CT-ABC123';
const attemptId = '0b6f3c1e-2a4d-4f8e-9c1b-7d5e3a2f1c10';
const paymentPath = `POST admin/bookings/${code}/payments`;
const refundPath = `POST admin/payments/${attemptId}/refund`;

/** The server's answer to a money action that was recorded. */
const recorded = (debt: number): Reply => ({
  status: 201,
  body: { bookingCode: code, debt, entryId: '5d7c2b9e-1f3a-4c6d-8e2b-9a0f1e3d5c70' },
});

/** The booking screen's part: a dialog opened by a button, closed by the dialog itself. */
function Screen({ dialog }: { dialog: MoneyDialog }) {
  const [open, setOpen] = useState<MoneyDialog | null>(dialog);
  return (
    <>
      <button type="button" onClick={() => setOpen(dialog)}>
        Open again
      </button>
      <MoneyModal dialog={open} onClose={() => setOpen(null)} />
    </>
  );
}

const payment: MoneyDialog = { kind: 'payment', code, debt: 1290 };
const refund: MoneyDialog = { kind: 'refund', code, debt: 0, attemptId, refundable: 250 };

/** Types over a field's value, as a user who selects it and types. */
async function retype(
  user: ReturnType<typeof renderInApp>['user'],
  field: HTMLElement,
  text: string,
) {
  await user.clear(field);
  if (text) await user.type(field, text);
}

afterEach(resetApp);

describe('the desk payment dialog', () => {
  beforeEach(() => speak('en'));

  it('shows the balance due, starts at it, and records the payment after a confirmation', async () => {
    const api = fakeApi({ [paymentPath]: recorded(790) });
    const { user } = renderInApp(<Screen dialog={payment} />);
    const dialog = screen.getByRole('dialog', { name: `Record a payment on ${code}` });
    expect(within(dialog).getByText('Balance due now: $1,290.00')).toBeTruthy();
    const amount = within(dialog).getByLabelText(/^Amount \(USD\)/) as HTMLInputElement;
    expect(amount.value).toBe('$1,290');

    await retype(user, amount, '500');
    await user.click(within(dialog).getByRole('combobox', { name: 'Method' }));
    await user.click(screen.getByRole('option', { name: 'Bank transfer' }));
    await user.type(within(dialog).getByLabelText('Reference'), 'Receipt 0042');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));

    // Nothing is recorded before the confirmation, which says the amount and the balance after.
    expect(api.calls).toEqual([]);
    expect(within(dialog).getByTestId('money-confirmation').textContent).toBe(
      `Record a payment of $500.00 on ${code}?`,
    );
    expect(within(dialog).getByTestId('money-debt-after').textContent).toBe(
      'Balance due: $1,290.00 → $790.00',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await screen.findByText('Recorded.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.routes()).toEqual([paymentPath]);
    expect(api.calls[0]?.body).toEqual({
      amount: 500,
      method: 'transfer',
      reference: 'Receipt 0042',
      note: '',
    });
    expect(api.calls[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an empty amount, under the field, and asks nothing', async () => {
    const api = fakeApi({ [paymentPath]: recorded(0) });
    const { user } = renderInApp(<Screen dialog={payment} />);
    const dialog = screen.getByRole('dialog', { name: `Record a payment on ${code}` });
    const amount = within(dialog).getByLabelText(/^Amount \(USD\)/);
    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('The amount to pay is not valid')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('refuses a payment above the balance under the field, before asking the server', async () => {
    const api = fakeApi({ [paymentPath]: recorded(0) });
    const { user } = renderInApp(<Screen dialog={payment} />);
    const dialog = screen.getByRole('dialog', { name: `Record a payment on ${code}` });
    const amount = within(dialog).getByLabelText(/^Amount \(USD\)/) as HTMLInputElement;
    await retype(user, amount, '1290.01');
    // Enter submits the form as Review does.
    await user.type(amount, '{Enter}');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(dialog).getByText('The payment is more than the balance due ($1,290.00)'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    // What was typed stays as typed.
    expect(amount.value).toBe('$1,290.01');
    expect(api.calls).toEqual([]);

    // The balance itself is accepted.
    await retype(user, amount, '1290');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByTestId('money-debt-after').textContent).toBe(
      'Balance due: $1,290.00 → $0.00',
    );
  });

  it('refuses 0 rather than turning it into a cent', async () => {
    const api = fakeApi({ [paymentPath]: recorded(0) });
    const { user } = renderInApp(<Screen dialog={payment} />);
    const dialog = screen.getByRole('dialog', { name: `Record a payment on ${code}` });
    const amount = within(dialog).getByLabelText(/^Amount \(USD\)/) as HTMLInputElement;
    await retype(user, amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('The amount to pay is not valid')).toBeTruthy();
    expect(amount.value).toBe('$0');
    expect(api.calls).toEqual([]);
  });

  it("shows the server's refusal when the balance moved meanwhile, once, and stays to go back", async () => {
    const api = fakeApi({
      [paymentPath]: apiError(422, 'The payment is more than the balance due ($1,000.00)', {
        code: 'BUSINESS_RULE',
        field: 'amount',
      }),
    });
    const { user } = renderInApp(<Screen dialog={payment} />);
    const dialog = screen.getByRole('dialog', { name: `Record a payment on ${code}` });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The payment is more than the balance due ($1,000.00)',
    );
    expect(api.calls[0]?.body).toMatchObject({ amount: 1290 });
    // Said once, in the dialog: no second "Error" dialog on top of it.
    expect(screen.getAllByRole('dialog')).toEqual([dialog]);
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('keeps what was typed when Back returns from the confirmation to the form', async () => {
    const api = fakeApi({ [paymentPath]: recorded(790) });
    const { user } = renderInApp(<Screen dialog={payment} />);
    const dialog = screen.getByRole('dialog', { name: `Record a payment on ${code}` });
    await retype(user, within(dialog).getByLabelText(/^Amount \(USD\)/), '500');
    await user.click(within(dialog).getByRole('combobox', { name: 'Method' }));
    await user.click(screen.getByRole('option', { name: 'Card terminal' }));
    await user.type(within(dialog).getByLabelText('Reference'), 'Receipt 0042');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));

    expect((within(dialog).getByLabelText(/^Amount \(USD\)/) as HTMLInputElement).value).toBe(
      '$500',
    );
    expect((within(dialog).getByLabelText('Reference') as HTMLInputElement).value).toBe(
      'Receipt 0042',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Recorded.');
    expect(api.calls[0]?.body).toEqual({
      amount: 500,
      method: 'card-terminal',
      reference: 'Receipt 0042',
      note: '',
    });
  });

  it('opens a new dialog with its own starting values, not the last one typed', async () => {
    fakeApi({ [paymentPath]: recorded(790) });
    const { user } = renderInApp(<Screen dialog={payment} />);
    let dialog = screen.getByRole('dialog', { name: `Record a payment on ${code}` });
    await retype(user, within(dialog).getByLabelText(/^Amount \(USD\)/), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Open again' }));
    dialog = screen.getByRole('dialog', { name: `Record a payment on ${code}` });
    expect((within(dialog).getByLabelText(/^Amount \(USD\)/) as HTMLInputElement).value).toBe(
      '$1,290',
    );
  });

  it('sends a retry with the same Idempotency-Key, and a new dialog with a new one', async () => {
    const answers: Reply[] = [apiError(503, 'The service is briefly unavailable.'), recorded(790)];
    const api = fakeApi({ [paymentPath]: () => answers.shift() ?? recorded(290) });
    const { user } = renderInApp(<Screen dialog={payment} />);
    let dialog = screen.getByRole('dialog', { name: `Record a payment on ${code}` });
    await retype(user, within(dialog).getByLabelText(/^Amount \(USD\)/), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The service is briefly unavailable.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Recorded.');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open again' }));
    dialog = screen.getByRole('dialog', { name: `Record a payment on ${code}` });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.calls).toHaveLength(3));

    const keys = api.calls.map((call) => call.headers.get('idempotency-key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBeTruthy();
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('records once however often Confirm is clicked while the call is under way', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const api = fakeApi({
      [paymentPath]: () =>
        new Promise<Reply>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderInApp(<Screen dialog={payment} />);
    const dialog = screen.getByRole('dialog', { name: `Record a payment on ${code}` });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    await user.click(confirm);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await user.click(confirm);
    await user.click(confirm);
    answer(recorded(0));
    await screen.findByText('Recorded.');
    expect(api.calls).toHaveLength(1);
  });
});

describe('the refund dialog', () => {
  beforeEach(() => speak('en'));

  it('starts at the refundable amount and refuses a cent more, also on Enter', async () => {
    const api = fakeApi({ [refundPath]: recorded(250) });
    const { user } = renderInApp(<Screen dialog={refund} />);
    const dialog = screen.getByRole('dialog', { name: `Refund a payment of ${code}` });
    const amount = within(dialog).getByLabelText(/^Amount \(USD\)/) as HTMLInputElement;
    expect(amount.value).toBe('$250');
    await user.click(within(dialog).getByRole('radio', { name: /The price stands/ }));
    await retype(user, amount, '250.01');
    await user.type(amount, '{Enter}');
    expect(
      within(dialog).getByText('At most $250.00 of this payment can be refunded'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(api.calls).toEqual([]);

    await retype(user, amount, '250');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByTestId('money-confirmation').textContent).toBe(
      `Refund $250.00 to the customer's card for ${code}? This cannot be undone.`,
    );
    expect(api.calls).toEqual([]);
  });

  it('asks for a confirmation that says it cannot be undone, then refunds that amount', async () => {
    const api = fakeApi({ [refundPath]: recorded(100) });
    const { user } = renderInApp(<Screen dialog={refund} />);
    const dialog = screen.getByRole('dialog', { name: `Refund a payment of ${code}` });
    await retype(user, within(dialog).getByLabelText(/^Amount \(USD\)/), '100');
    // No reason is chosen for the staff member: Review asks for one.
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('Choose why the money goes back')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: /The price stands/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByTestId('money-confirmation').textContent).toBe(
      `Refund $100.00 to the customer's card for ${code}? This cannot be undone.`,
    );
    expect(within(dialog).getByTestId('money-debt-after').textContent).toBe(
      'Balance due: $0.00 → $100.00',
    );
    expect(api.calls).toEqual([]);

    // Back returns to the form without refunding.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: 'Review' })).toBeTruthy();
    expect(api.calls).toEqual([]);

    await retype(user, within(dialog).getByLabelText(/^Amount \(USD\)/), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Recorded.');
    expect(api.routes()).toEqual([refundPath]);
    expect(api.calls[0]?.body).toEqual({ amount: 100, reason: 'price_stands' });
  });

  it('refunds where the price drops without moving the balance', async () => {
    const api = fakeApi({ [refundPath]: recorded(0) });
    const { user } = renderInApp(<Screen dialog={refund} />);
    const dialog = screen.getByRole('dialog', { name: `Refund a payment of ${code}` });
    await retype(user, within(dialog).getByLabelText(/^Amount \(USD\)/), '40');
    await user.click(within(dialog).getByRole('radio', { name: /The price drops/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByTestId('money-debt-after').textContent).toBe(
      'Balance due: $0.00 → $0.00',
    );
    expect(
      within(dialog).getByText(/The price drops by \$40\.00: the balance does not change/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Recorded.');
    expect(api.calls[0]?.body).toEqual({ amount: 40, reason: 'price_drops' });
  });

  it("shows the server's refusal of more than can be refunded", async () => {
    fakeApi({
      [refundPath]: apiError(422, 'At most $249.99 of this payment can be refunded', {
        code: 'BUSINESS_RULE',
        field: 'amount',
      }),
    });
    const { user } = renderInApp(<Screen dialog={refund} />);
    const dialog = screen.getByRole('dialog', { name: `Refund a payment of ${code}` });
    await user.click(within(dialog).getByRole('radio', { name: /The price stands/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'At most $249.99 of this payment can be refunded',
    );
    expect(screen.getAllByRole('dialog')).toEqual([dialog]);
  });
});

describe('the discount and addition dialogs', () => {
  beforeEach(() => speak('en'));

  it.each([
    ['discount', 'Give a discount on', 'Give a discount of $90.00 on', '$1,200.00', 'discounts'],
    ['addition', 'Add a charge to', 'Add a charge of $90.00 to', '$1,380.00', 'additions'],
  ] as const)(
    'a %s needs an amount and a reason, and moves the balance its way',
    async (kind, title, confirmation, after, plural) => {
      const path = `POST admin/bookings/${code}/${plural}`;
      const api = fakeApi({ [path]: recorded(0) });
      const { user } = renderInApp(<Screen dialog={{ kind, code, debt: 1290 }} />);
      const dialog = screen.getByRole('dialog', { name: `${title} ${code}` });
      const amount = within(dialog).getByLabelText(/^Amount \(USD\)/) as HTMLInputElement;
      const reason = within(dialog).getByLabelText(/^Reason/);
      expect(amount.value).toBe('');

      // Both are required; a reason of spaces is no reason.
      await user.type(reason, '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Review' }));
      expect(amount.getAttribute('aria-invalid')).toBe('true');
      expect(reason.getAttribute('aria-invalid')).toBe('true');
      expect(within(dialog).getByText('The amount to pay is not valid')).toBeTruthy();
      expect(within(dialog).getByText('This field is required')).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();

      await user.type(amount, '90');
      await retype(user, reason, 'Loyal customer');
      await user.click(within(dialog).getByRole('button', { name: 'Review' }));
      expect(within(dialog).getByTestId('money-confirmation').textContent).toBe(
        `${confirmation} ${code}?`,
      );
      expect(within(dialog).getByTestId('money-debt-after').textContent).toBe(
        `Balance due: $1,290.00 → ${after}`,
      );
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      await screen.findByText('Recorded.');
      expect(api.routes()).toEqual([path]);
      expect(api.calls[0]?.body).toEqual({ amount: 90, reason: 'Loyal customer' });
    },
  );
});

describe('the limits of a discount and an addition', () => {
  beforeEach(() => speak('en'));

  it('refuses a discount above the balance', async () => {
    fakeApi({});
    const { user } = renderInApp(<Screen dialog={{ kind: 'discount', code, debt: 1290 }} />);
    const dialog = screen.getByRole('dialog', { name: `Give a discount on ${code}` });
    await user.type(within(dialog).getByLabelText(/^Amount \(USD\)/), '1290.01');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(
      within(dialog).getByText('The discount is more than the balance due ($1,290.00)'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('takes an addition above the balance', async () => {
    fakeApi({});
    const { user } = renderInApp(<Screen dialog={{ kind: 'addition', code, debt: 1290 }} />);
    const dialog = screen.getByRole('dialog', { name: `Add a charge to ${code}` });
    await user.type(within(dialog).getByLabelText(/^Amount \(USD\)/), '5000');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Private guide');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByTestId('money-debt-after').textContent).toBe(
      'Balance due: $1,290.00 → $6,290.00',
    );
  });
});

describe('the money dialogs in Spanish', () => {
  beforeEach(() => speak('es'));

  it('speak Spanish, with its money format, and send the language with the call', async () => {
    const api = fakeApi({ [paymentPath]: recorded(790) });
    const { user } = renderInApp(<Screen dialog={payment} />);
    const dialog = screen.getByRole('dialog', { name: `Registrar un pago en ${code}` });
    expect(within(dialog).getByText(/^Saldo pendiente ahora: USD\s1,290\.00$/)).toBeTruthy();
    await retype(user, within(dialog).getByLabelText(/^Monto \(USD\)/), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Revisar' }));
    expect(within(dialog).getByTestId('money-confirmation').textContent).toMatch(
      /^¿Registrar un pago de USD\s500\.00 en CT-ABC123\?$/,
    );
    expect(within(dialog).getByTestId('money-debt-after').textContent).toMatch(
      /^Saldo pendiente: USD\s1,290\.00 → USD\s790\.00$/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await screen.findByText('Registrado.');
    expect(api.calls[0]?.headers.get('accept-language')).toBe('es');
  });

  it('say a missing reason in Spanish', async () => {
    fakeApi({});
    const { user } = renderInApp(<Screen dialog={{ kind: 'discount', code, debt: 1290 }} />);
    const dialog = screen.getByRole('dialog', { name: `Dar un descuento en ${code}` });
    await user.type(within(dialog).getByLabelText(/^Monto \(USD\)/), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Revisar' }));
    expect(within(dialog).getByText('Este campo es obligatorio')).toBeTruthy();
  });
});
