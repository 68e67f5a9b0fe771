// @vitest-environment happy-dom
import { rucCheckDigit } from '@cusco/shared';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkInvoiceForm,
  InvoiceFields,
  useInvoiceForm,
} from '../src/components/invoice/invoice-fields.tsx';
import { InvoiceRequest } from '../src/features/booking/components/invoice-request.tsx';
import { useInvoiceRequest } from '../src/features/booking/hooks/use-invoice-request.ts';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { apiError, fakeApi } from './support/fake-api.ts';

/**
 * The factura's details (issue 30): the RUC checked by its check digit with the shared schema and
 * its message from the shared catalog, the legal name and fiscal address required; on the
 * booking page, sent with PUT …/invoice after the save and before the checkout opens, and a
 * refusal said without opening the checkout.
 */
const base = '2060000000';
const goodRuc = `${base}${rucCheckDigit(base)}`;
const badRuc = `${base}${(rucCheckDigit(base) + 1) % 10}`;

function Form() {
  const form = useInvoiceForm();
  const [ok, setOk] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setOk(checkInvoiceForm(form, 'test'));
      }}
    >
      <InvoiceFields form={form} idPrefix="test" />
      <button type="submit">Check</button>
      {ok && <p>valid</p>}
    </form>
  );
}

afterEach(resetApp);

describe("the factura's details", () => {
  beforeEach(() => speak('en'));

  it('refuses a RUC whose check digit is wrong, with the shared message, and focuses it', async () => {
    const { user } = renderInApp(<Form />);
    await user.type(screen.getByLabelText(/^RUC/), badRuc);
    await user.type(screen.getByLabelText(/^Legal name/), 'Andes Travel S.A.C.');
    await user.type(screen.getByLabelText(/^Fiscal address/), 'Av. El Sol 123, Cusco');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText('Enter a valid RUC: 11 digits, its last one the check digit'),
    ).toBeTruthy();
    expect(screen.getByLabelText(/^RUC/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(/^RUC/));
    expect(screen.queryByText('valid')).toBeNull();

    await user.clear(screen.getByLabelText(/^RUC/));
    await user.type(screen.getByLabelText(/^RUC/), goodRuc);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('valid')).toBeTruthy();
  });

  it('asks for the legal name and the fiscal address, in Spanish too', async () => {
    await speak('es');
    const { user } = renderInApp(<Form />);
    await user.type(screen.getByLabelText(/^RUC/), goodRuc);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/Ingresa la razón social/)).toBeTruthy();
    expect(screen.getByText('Ingresa el domicilio fiscal de la empresa')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Razón social/));
  });
});

/** Step 3's factura option, and a Pay button as the booking page's: send, then the checkout. */
function Step({ onCheckout }: { onCheckout(): void }) {
  const invoice = useInvoiceRequest();
  return (
    <>
      <InvoiceRequest invoice={invoice} />
      <button type="button" onClick={() => invoice.send('CT-FAC001', onCheckout)}>
        Pay
      </button>
    </>
  );
}

describe('"I need a factura" on the booking page', () => {
  beforeEach(() => speak('en'));
  const put = 'PUT tour/booking/CT-FAC001/invoice';

  it('sends the details before the checkout opens, once', async () => {
    const api = fakeApi({ [put]: { status: 204 } });
    let checkouts = 0;
    const { user } = renderInApp(<Step onCheckout={() => checkouts++} />);
    await user.click(screen.getByRole('checkbox', { name: /I need a factura/ }));
    await user.type(screen.getByLabelText(/^RUC/), goodRuc);
    await user.type(screen.getByLabelText(/^Legal name/), '  Andes Travel S.A.C. ');
    await user.type(screen.getByLabelText(/^Fiscal address/), 'Av. El Sol 123, Cusco');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(checkouts).toBe(1));
    expect(api.callsTo(put).map((call) => call.body)).toEqual([
      {
        invoice: {
          ruc: goodRuc,
          legalName: 'Andes Travel S.A.C.',
          fiscalAddress: 'Av. El Sol 123, Cusco',
        },
      },
    ]);
    expect(screen.getByText("The factura's details are saved with your booking.")).toBeTruthy();
    // Paying again (a declined card) does not send them twice.
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(checkouts).toBe(2));
    expect(api.callsTo(put)).toHaveLength(1);
  });

  it('says a refusal and keeps the checkout closed; without a factura, pays at once', async () => {
    const api = fakeApi({ [put]: apiError(400, 'This RUC is not active in SUNAT.') });
    let checkouts = 0;
    const { user } = renderInApp(<Step onCheckout={() => checkouts++} />);
    await user.click(screen.getByRole('checkbox', { name: /I need a factura/ }));
    // Wrong details are refused here, without a call.
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(/Enter a valid RUC/)).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByLabelText(/^RUC/), goodRuc);
    await user.type(screen.getByLabelText(/^Legal name/), 'Andes Travel S.A.C.');
    await user.type(screen.getByLabelText(/^Fiscal address/), 'Av. El Sol 123, Cusco');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your booking is saved');
    expect(alert.textContent).toContain('This RUC is not active in SUNAT.');
    expect(checkouts).toBe(0);

    // Unticked: a boleta, the checkout opens with no call.
    await user.click(screen.getByRole('checkbox', { name: /I need a factura/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(checkouts).toBe(1));
    expect(api.callsTo(put)).toHaveLength(1);
  });
});
