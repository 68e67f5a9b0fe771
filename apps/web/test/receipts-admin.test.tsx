// @vitest-environment happy-dom
import { type AdminReceiptItem, type BookingReceiptsAnswer, rucCheckDigit } from '@cusco/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VoidReceiptModal } from '../src/features/admin/components/receipts/void-modal.tsx';
import { ReceiptsSection } from '../src/features/reservations/components/detail/receipts-section.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { fakeApi } from './support/fake-api.ts';

/**
 * Receipts on screen (issue 30): the back office's void-and-reissue dialog (a reason, who the
 * sale is issued to again, and a confirmation before anything is sent), and the portal's
 * receipts section (the list, what waits, the factura's details for the next payments).
 */
const id = '7a1c1d7e-3b1f-4c55-9d6e-0d2b8c6b1a01';
const base = '2050000000';
const ruc = `${base}${rucCheckDigit(base)}`;

const receipt: AdminReceiptItem = {
  id,
  type: 'boleta',
  code: 'B001-00000007',
  issueDate: '2026-11-20',
  currency: 'USD',
  total: 645,
  igv: 98.39,
  tax: 'taxed',
  status: 'accepted',
  customerDocument: 'DNI 45678912',
  customerName: 'Rosa Quispe',
  xmlUrl: `/api/admin/receipts/${id}/xml`,
  pdfUrl: `/api/admin/receipts/${id}/pdf`,
  bookingCode: 'CT-VOID01',
  createdAt: '2026-11-20T15:00:00.000Z',
  provider: 'local',
  sendAttempts: 1,
};

afterEach(resetApp);

describe('void and reissue', () => {
  beforeEach(() => speak('en'));
  const path = `POST admin/receipts/${id}/void`;

  it('asks a reason, then confirms before voiding; reissued as a factura to the company given', async () => {
    const api = fakeApi({ [path]: { status: 201, body: {} } });
    let closed = 0;
    const { user } = renderInApp(<VoidReceiptModal receipt={receipt} onClose={() => closed++} />);
    const dialog = () => screen.getByRole('dialog', { name: 'Void B001-00000007' });
    await user.click(within(dialog()).getByRole('button', { name: 'Review the voiding' }));
    expect(await within(dialog()).findByText(/Say why/)).toBeTruthy();

    await user.type(within(dialog()).getByLabelText(/^Reason/), 'Wrong customer: a company');
    await user.click(within(dialog()).getByRole('radio', { name: /A company/ }));
    await user.type(within(dialog()).getByLabelText(/^RUC/), ruc);
    await user.type(within(dialog()).getByLabelText(/^Legal name/), 'Inka Viajes S.A.C.');
    await user.type(within(dialog()).getByLabelText(/^Fiscal address/), 'Jr. Cusco 45, Lima');
    await user.click(within(dialog()).getByRole('button', { name: 'Review the voiding' }));
    expect(within(dialog()).getByText('Void B001-00000007? This cannot be undone.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    await user.click(within(dialog()).getByRole('button', { name: 'Void B001-00000007' }));
    await waitFor(() => expect(closed).toBe(1));
    expect(api.callsTo(path).map((call) => call.body)).toEqual([
      {
        reason: 'Wrong customer: a company',
        reissue: true,
        invoice: { ruc, legalName: 'Inka Viajes S.A.C.', fiscalAddress: 'Jr. Cusco 45, Lima' },
      },
    ]);
  });

  it('voids without reissuing, and Back returns to the form without a call', async () => {
    const api = fakeApi({ [path]: { status: 201, body: {} } });
    const { user } = renderInApp(<VoidReceiptModal receipt={receipt} onClose={() => {}} />);
    const dialog = () => screen.getByRole('dialog', { name: 'Void B001-00000007' });
    await user.type(within(dialog()).getByLabelText(/^Reason/), 'Duplicate');
    await user.click(within(dialog()).getByRole('checkbox', { name: /Issue the same sale again/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Review the voiding' }));
    expect(within(dialog()).getByText('Nothing is issued in its place.')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Back' }));
    expect(within(dialog()).getByLabelText(/^Reason/)).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Review the voiding' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Void B001-00000007' }));
    await waitFor(() => expect(api.callsTo(path)).toHaveLength(1));
    expect(api.callsTo(path)[0]?.body).toEqual({ reason: 'Duplicate', reissue: false });
  });
});

describe("the portal's receipts", () => {
  beforeEach(() => speak('en'));
  const code = 'CT-PORT01';
  const answer: BookingReceiptsAnswer = {
    receipts: [
      {
        ...receipt,
        type: 'factura',
        code: 'F001-00000003',
        tax: 'export',
        igv: 0,
        status: 'accepted',
        customerDocument: `RUC ${ruc}`,
        customerName: 'Inka Viajes S.A.C.',
        xmlUrl: `/api/tour/booking/${code}/receipts/${id}/xml`,
        pdfUrl: `/api/tour/booking/${code}/receipts/${id}/pdf`,
      },
    ],
    waiting: [{ reason: 'passport_missing', amount: 645 }],
    invoice: { ruc, legalName: 'Inka Viajes S.A.C.', fiscalAddress: 'Jr. Cusco 45, Lima' },
  };

  it('lists the receipts, says what waits, and clears the factura for the next payments', async () => {
    const api = fakeApi({
      [`GET tour/booking/${code}/receipts`]: { body: answer },
      [`PUT tour/booking/${code}/invoice`]: { status: 204 },
    });
    const { user } = renderInApp(<ReceiptsSection code={code} paid={645} />);
    const card = await screen.findByLabelText('Factura F001-00000003');
    expect(within(card).getByText('Accepted by SUNAT')).toBeTruthy();
    expect(within(card).getByText(/Export of services: 0 % IGV/)).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: 'Download the PDF of F001-00000003' }),
    ).toBeTruthy();
    expect(
      screen.getByText(/The receipt of \$645\.00 will be issued once every traveller/),
    ).toBeTruthy();
    expect(screen.getByText(/Receipts already issued are not changed/)).toBeTruthy();
    expect(screen.getByText(`RUC ${ruc}`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back to boletas' }));
    await waitFor(() =>
      expect(api.callsTo(`PUT tour/booking/${code}/invoice`).map((call) => call.body)).toEqual([
        { invoice: null },
      ]),
    );
  });
});
