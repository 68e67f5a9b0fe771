// @vitest-environment happy-dom
import type { ChangeQuoteAnswer } from '@cusco/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CancelBookingModal,
  type CancelTarget,
} from '../src/features/admin/components/cancel-modal.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { apiError, fakeApi, type Reply } from './support/fake-api.ts';

/**
 * Staff cancel a booking from the back office (issue 27): the form (on the customer's behalf or
 * for the agency, where the refund goes, an optional refund, the reason), the server's preview,
 * then the cancellation itself with the preview's Idempotency-Key; refusals shown where they
 * happen.
 */
const code = 'CT-ABC123';
const quotePath = `POST admin/bookings/${code}/changes/quote`;
const changePath = `POST admin/bookings/${code}/changes`;
const target: CancelTarget = { code, paid: 1290, corporate: false };

/** The server's quote of a cancellation of a booking that paid $1,290.00. */
function answer(by: 'customer' | 'agency', changes: Partial<ChangeQuoteAnswer> = {}) {
  const agency = by === 'agency';
  return {
    kind: 'cancel',
    paid: 1290,
    refund: agency ? 1290 : 645,
    fee: 0,
    total: agency ? 0 : 645,
    balance: 0,
    daysBefore: 40,
    keepPercent: 0,
    lines: agency
      ? [{ kind: 'refund', amount: 1290, reason: 'Refunded to your card' }]
      : [
          {
            kind: 'kept',
            amount: 645,
            reason: 'Kept under the terms: the deposit, which is not refundable',
          },
          { kind: 'refund', amount: 645, reason: 'Refunded to your card' },
        ],
    status: agency ? 'cancelled_by_agency' : 'cancelled_by_customer',
    refundTo: 'card',
    ...changes,
  } satisfies ChangeQuoteAnswer;
}

/** The booking screen's part: the dialog opened by its button, closed by the dialog itself. */
function Screen({ initial = target }: { initial?: CancelTarget }) {
  const [open, setOpen] = useState<CancelTarget | null>(initial);
  return (
    <>
      <button type="button" onClick={() => setOpen(initial)}>
        Open again
      </button>
      <CancelBookingModal target={open} onClose={() => setOpen(null)} />
    </>
  );
}

const dialog = () => screen.getByRole('dialog', { name: `Cancel booking ${code}` });

afterEach(resetApp);

describe('cancelling a booking from the back office', () => {
  beforeEach(() => speak('en'));

  it('cancels for the agency with a reason: a preview of everything given back, then the change with an Idempotency-Key', async () => {
    const api = fakeApi({
      [quotePath]: { body: answer('agency') },
      [changePath]: { status: 201, body: answer('agency') },
    });
    const { user } = renderInApp(<Screen />);
    await user.click(within(dialog()).getByRole('radio', { name: /^For the agency/ }));
    await user.type(within(dialog()).getByLabelText(/^Reason/), 'Landslide on the trail');
    await user.click(within(dialog()).getByRole('button', { name: 'Preview the cancellation' }));

    // The preview is the server's, and nothing is cancelled yet.
    expect((await within(dialog()).findByTestId('cancel-summary')).textContent).toBe(
      `Cancelling ${code} for the agency, 40 days before travel:`,
    );
    expect(within(dialog()).getByTestId('cancel-refund').textContent).toBe('$1,290.00');
    expect(within(dialog()).getByText('Refunded to your card')).toBeTruthy();
    expect(within(dialog()).getByTestId('cancel-status-after').textContent).toBe(
      'The booking will be: Cancelled by the agency',
    );
    expect(api.routes()).toEqual([quotePath]);
    const body = {
      change: { kind: 'cancel', refundTo: 'card' },
      byAgency: true,
      reason: 'Landslide on the trail',
    };
    expect(api.calls[0]?.body).toEqual(body);

    await user.click(within(dialog()).getByRole('button', { name: 'Confirm the cancellation' }));
    await screen.findByText('Booking cancelled. Refunded: $1,290.00.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.routes()).toEqual([quotePath, changePath]);
    expect(api.calls[1]?.body).toEqual(body);
    expect(api.calls[1]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("cancels on the customer's behalf under the policy, to the customer's credit, with no reason needed", async () => {
    const api = fakeApi({
      [quotePath]: { body: answer('customer', { refundTo: 'credit' }) },
      [changePath]: { status: 201, body: answer('customer', { refundTo: 'credit' }) },
    });
    const { user } = renderInApp(<Screen />);
    expect(
      (
        within(dialog()).getByRole('radio', {
          name: /^On the customer's behalf/,
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    await user.click(
      within(dialog()).getByRole('radio', { name: "The customer's credit with the agency" }),
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Preview the cancellation' }));
    await within(dialog()).findByTestId('cancel-summary');
    expect(within(dialog()).getByText('Refunded as credit')).toBeTruthy();
    expect(
      within(dialog()).getByText('Kept under the terms: the deposit, which is not refundable'),
    ).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({
      change: { kind: 'cancel', refundTo: 'credit' },
      byAgency: false,
      reason: '',
    });
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm the cancellation' }));
    await screen.findByText('Booking cancelled. Refunded: $645.00.');
  });

  it('wants a reason for the agency or a refund of its own, and a refund no more than was paid, before asking', async () => {
    const api = fakeApi({ [quotePath]: { body: answer('customer', { refund: 1290 }) } });
    const { user } = renderInApp(<Screen />);
    const preview = () =>
      user.click(within(dialog()).getByRole('button', { name: 'Preview the cancellation' }));
    const reason = within(dialog()).getByLabelText(/^Reason/);

    await user.click(within(dialog()).getByRole('radio', { name: /^For the agency/ }));
    await preview();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(dialog()).getByText(
        'Say why: cancelling for the agency or choosing the refund needs a reason',
      ),
    ).toBeTruthy();

    await user.click(within(dialog()).getByRole('radio', { name: /^On the customer's behalf/ }));
    const override = within(dialog()).getByLabelText(/^Refund instead of the policy's/);
    await user.type(override, '1290.01');
    await user.type(reason, '   ');
    await preview();
    expect(override.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(dialog()).getByText('At most $1,290.00 of this payment can be refunded'),
    ).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);

    await user.clear(override);
    await user.type(override, '1290');
    await user.clear(reason);
    await user.type(reason, 'Medical certificate');
    await preview();
    await within(dialog()).findByTestId('cancel-summary');
    expect(api.calls[0]?.body).toEqual({
      change: { kind: 'cancel', refundTo: 'card' },
      byAgency: false,
      overrideRefund: 1290,
      reason: 'Medical certificate',
    });
  });

  it("says the server's refusal of the preview in the form, under its field when it names one", async () => {
    const answers: Reply[] = [
      apiError(422, 'At most $1,000.00 of this payment can be refunded', {
        code: 'BUSINESS_RULE',
        field: 'overrideRefund',
      }),
      apiError(422, 'This reservation is cancelled: it can no longer be changed', {
        code: 'BUSINESS_RULE',
      }),
    ];
    fakeApi({ [quotePath]: () => answers.shift() ?? { body: answer('customer') } });
    const { user } = renderInApp(<Screen />);
    const override = within(dialog()).getByLabelText(/^Refund instead of the policy's/);
    await user.type(override, '1200');
    await user.type(within(dialog()).getByLabelText(/^Reason/), 'Goodwill');
    await user.click(within(dialog()).getByRole('button', { name: 'Preview the cancellation' }));
    await waitFor(() => expect(override.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(dialog()).getByText('At most $1,000.00 of this payment can be refunded'),
    ).toBeTruthy();
    expect(within(dialog()).queryByRole('alert')).toBeNull();

    await user.click(within(dialog()).getByRole('button', { name: 'Preview the cancellation' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'This reservation is cancelled: it can no longer be changed',
    );
    expect(screen.getAllByRole('dialog')).toEqual([dialog()]);
  });

  it('shows a refused cancellation in the preview, retries with the same key, and Back keeps what was typed', async () => {
    const refusal = apiError(
      422,
      'The card payment could not be refunded: nothing was changed. Try again later, or take the refund as a credit with the agency',
      { code: 'BUSINESS_RULE' },
    );
    const answers: Reply[] = [refusal, refusal];
    const api = fakeApi({
      [quotePath]: { body: answer('agency') },
      [changePath]: () => answers.shift() ?? { status: 201, body: answer('agency') },
    });
    const { user } = renderInApp(<Screen />);
    await user.click(within(dialog()).getByRole('radio', { name: /^For the agency/ }));
    await user.type(within(dialog()).getByLabelText(/^Reason/), 'Closed trail');
    await user.click(within(dialog()).getByRole('button', { name: 'Preview the cancellation' }));
    const confirm = await within(dialog()).findByRole('button', {
      name: 'Confirm the cancellation',
    });
    await user.click(confirm);
    expect((await within(dialog()).findByRole('alert')).textContent).toContain(
      'The card payment could not be refunded',
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm the cancellation' }));
    await waitFor(() => expect(api.callsTo(changePath)).toHaveLength(2));
    const [first, second] = api.callsTo(changePath);
    expect(second?.headers.get('idempotency-key')).toBe(first?.headers.get('idempotency-key'));

    // Back: the form as it was; a new preview is a new call, with a new key.
    await user.click(within(dialog()).getByRole('button', { name: 'Back' }));
    expect((within(dialog()).getByLabelText(/^Reason/) as HTMLTextAreaElement).value).toBe(
      'Closed trail',
    );
    expect(
      (within(dialog()).getByRole('radio', { name: /^For the agency/ }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await user.click(
      within(dialog()).getByRole('radio', { name: "The customer's credit with the agency" }),
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Preview the cancellation' }));
    await user.click(
      await within(dialog()).findByRole('button', { name: 'Confirm the cancellation' }),
    );
    await screen.findByText('Booking cancelled. Refunded: $1,290.00.');
    const third = api.callsTo(changePath)[2];
    expect(third?.body).toMatchObject({ change: { refundTo: 'credit' } });
    expect(third?.headers.get('idempotency-key')).not.toBe(first?.headers.get('idempotency-key'));
  });

  it('does not ask a corporate booking where its refund goes', async () => {
    const api = fakeApi({ [quotePath]: { body: answer('customer', { refundTo: 'credit' }) } });
    const { user } = renderInApp(<Screen initial={{ ...target, corporate: true }} />);
    expect(within(dialog()).queryByRole('radio', { name: 'The card that paid' })).toBeNull();
    expect(
      within(dialog()).getByText(
        'A corporate booking on credit: what is refunded lowers what the company owes.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Preview the cancellation' }));
    await within(dialog()).findByTestId('cancel-summary');
    expect(api.calls).toHaveLength(1);
  });

  it('closes without asking anything when the booking is kept, and opens again from the start', async () => {
    const api = fakeApi({});
    const { user } = renderInApp(<Screen />);
    await user.type(within(dialog()).getByLabelText(/^Reason/), 'Typed, then dropped');
    await user.click(within(dialog()).getByRole('button', { name: 'Keep the booking' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open again' }));
    expect((within(dialog()).getByLabelText(/^Reason/) as HTMLTextAreaElement).value).toBe('');
    expect(api.calls).toEqual([]);
  });

  it('speaks Spanish', async () => {
    await speak('es');
    fakeApi({ [quotePath]: { body: answer('agency') } });
    const { user } = renderInApp(<Screen />);
    const modal = screen.getByRole('dialog', { name: `Anular la reserva ${code}` });
    await user.click(within(modal).getByRole('radio', { name: /^Por la agencia/ }));
    await user.click(within(modal).getByRole('button', { name: 'Ver la anulación' }));
    expect(
      within(modal).getByText(
        'Diga por qué: anular por la agencia o elegir el reembolso requiere un motivo',
      ),
    ).toBeTruthy();
    await user.type(within(modal).getByLabelText(/^Motivo/), 'Derrumbe');
    await user.click(within(modal).getByRole('button', { name: 'Ver la anulación' }));
    expect((await within(modal).findByTestId('cancel-status-after')).textContent).toBe(
      'La reserva quedará: Anulada por la agencia',
    );
  });
});
