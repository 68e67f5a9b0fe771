// @vitest-environment happy-dom
import type { Reseller, ResellerKeyCreated } from '@cusco/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChannelBadge } from '../src/features/admin/components/channel-badge.tsx';
import { ResellersPage } from '../src/features/admin/routes/resellers-page.tsx';
import { OctoNote } from '../src/features/reservations/components/octo-note.tsx';
import { clearSession, saveSession } from '../src/lib/session.ts';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { apiError, fakeApi } from './support/fake-api.ts';

/**
 * The resellers' screen (issue 31): the companies, their net price and keys; a new key shown
 * once; revoking after a confirmation naming the key; the loading, empty and error states; and
 * where a booking was made, as the back office and the portal say it.
 */
const companyId = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const userId = '6f1c2c0e-8f3a-4d8e-9d59-5b1d1f1e0a01';
const keyId = '7a1c1d7e-3b1f-4c55-9d6e-0d2b8c6b1a01';
const secret = `cusco_${'A'.repeat(43)}`;

const key = {
  id: keyId,
  label: 'Booking engine',
  prefix: 'cusco_AAAAAA',
  userId,
  userName: 'Jorge Huamán',
  ratePerMinute: 120,
  createdAt: '2026-11-20T15:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

const company = (keys: Reseller['keys'] = []): Reseller => ({
  id: companyId,
  name: 'Andean Routes Travel S.A.C.',
  taxId: '20601234565',
  netDiscountBps: 1000,
  users: [{ id: userId, name: 'Jorge Huamán', email: 'reseller@example.com' }],
  keys,
  octoBookings: 2,
});

const admin = {
  id: '6f1c2c0e-8f3a-4d8e-9d59-5b1d1f1e0a09',
  name: 'Mario',
  lastName: 'Condori',
  email: 'admin@example.com',
  corporateClientId: null,
  corporateClientName: null,
  telephone: '',
  role: 'admin' as const,
};

beforeEach(async () => {
  await speak('en');
  saveSession('token-admin', admin);
});
afterEach(() => {
  resetApp();
  clearSession();
  localStorage.clear();
});

const section = () => screen.getByRole('region', { name: 'Andean Routes Travel S.A.C.' });

describe('#/admin/resellers', () => {
  it('lists a company with its users, net price as a percentage and OCTO bookings', async () => {
    fakeApi({ 'GET admin/resellers': { body: [company()] } });
    renderInApp(<ResellersPage />);
    await screen.findByRole('region', { name: 'Andean Routes Travel S.A.C.' });
    expect(within(section()).getByText('RUC 20601234565 · 2 bookings through OCTO')).toBeTruthy();
    expect(within(section()).getByText('Jorge Huamán')).toBeTruthy();
    expect((within(section()).getByLabelText('Net discount') as HTMLInputElement).value).toBe(
      '10 %',
    );
    expect(within(section()).getByText('No keys yet.')).toBeTruthy();
  });

  it('says when there is no company, and what failed with Try again', async () => {
    fakeApi({ 'GET admin/resellers': { body: [] } });
    renderInApp(<ResellersPage />);
    expect(await screen.findByText('There are no corporate clients yet.')).toBeTruthy();
    resetApp();
    fakeApi({ 'GET admin/resellers': apiError(403, 'Something broke') });
    renderInApp(<ResellersPage />);
    expect(await screen.findByText('Something broke')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('tells an agent the screen is for administrators, without calling', async () => {
    saveSession('token-agent', { ...admin, role: 'agent' });
    const api = fakeApi({});
    renderInApp(<ResellersPage />);
    expect(screen.getByText(/Only administrators/)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('makes a key with an Idempotency-Key and shows it once, with the OCTO base URL', async () => {
    let keys: Reseller['keys'] = [];
    const created: ResellerKeyCreated = { ...key, key: secret };
    const api = fakeApi({
      'GET admin/resellers': () => ({ body: [company(keys)] }),
      [`POST admin/resellers/${companyId}/keys`]: () => {
        keys = [key];
        return { status: 201, body: created };
      },
    });
    const { user } = renderInApp(<ResellersPage />);
    await screen.findByRole('region', { name: 'Andean Routes Travel S.A.C.' });
    await user.click(
      within(section()).getByRole('button', { name: 'New key for Andean Routes Travel S.A.C.' }),
    );
    const form = screen.getByRole('dialog', {
      name: 'New API key for Andean Routes Travel S.A.C.',
    });
    await user.type(within(form).getByLabelText(/^Label/), 'Booking engine');
    await user.click(within(form).getByRole('button', { name: 'Make key' }));

    const shown = await screen.findByRole('dialog', { name: 'Key “Booking engine” made' });
    expect((within(shown).getByLabelText('API key') as HTMLInputElement).value).toBe(secret);
    expect((within(shown).getByLabelText('OCTO base URL') as HTMLInputElement).value).toBe(
      `${window.location.origin}/octo`,
    );
    expect(within(shown).getByText('Copy it now: it will not be shown again')).toBeTruthy();
    const [post] = api.callsTo(`POST admin/resellers/${companyId}/keys`);
    expect(post?.body).toEqual({ label: 'Booking engine', userId, ratePerMinute: 120 });
    expect(post?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);

    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByText(secret)).toBeNull());
    await waitFor(() => expect(within(section()).getByText('cusco_AAAAAA…')).toBeTruthy());
    expect(document.body.innerHTML).not.toContain(secret);
  });

  it('revokes a key after a confirmation naming it', async () => {
    let keys: Reseller['keys'] = [key];
    const api = fakeApi({
      'GET admin/resellers': () => ({ body: [company(keys)] }),
      [`DELETE admin/resellers/${companyId}/keys/${keyId}`]: () => {
        keys = [{ ...key, revokedAt: '2026-11-21T10:00:00.000Z' }];
        return { body: keys[0] };
      },
    });
    const { user } = renderInApp(<ResellersPage />);
    await screen.findByRole('region', { name: 'Andean Routes Travel S.A.C.' });
    await user.click(within(section()).getByRole('button', { name: 'Revoke Booking engine' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke key “Booking engine”?' });
    expect(confirm.textContent).toContain('(cusco_AAAAAA…)');
    expect(api.callsTo(`DELETE admin/resellers/${companyId}/keys/${keyId}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() =>
      expect(api.callsTo(`DELETE admin/resellers/${companyId}/keys/${keyId}`)).toHaveLength(1),
    );
    await waitFor(() => expect(within(section()).getByText(/^Revoked /)).toBeTruthy());
    expect(within(section()).queryByRole('button', { name: 'Revoke Booking engine' })).toBeNull();
  });

  it('saves the net price in basis points after a confirmation', async () => {
    const api = fakeApi({
      'GET admin/resellers': { body: [company()] },
      [`PUT admin/resellers/${companyId}`]: (call) => ({
        body: {
          ...company(),
          netDiscountBps: (call.body as { netDiscountBps: number }).netDiscountBps,
        },
      }),
    });
    const { user } = renderInApp(<ResellersPage />);
    await screen.findByRole('region', { name: 'Andean Routes Travel S.A.C.' });
    const input = within(section()).getByLabelText('Net discount');
    await user.clear(input);
    await user.type(input, '12.5');
    await user.click(within(section()).getByRole('button', { name: 'Save net price' }));
    const confirm = screen.getByRole('dialog', {
      name: 'Change the net price of Andean Routes Travel S.A.C.?',
    });
    expect(confirm.textContent).toContain('from 10 % to 12.5 %');
    await user.click(within(confirm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PUT admin/resellers/${companyId}`)).toHaveLength(1));
    expect(api.callsTo(`PUT admin/resellers/${companyId}`)[0]?.body).toEqual({
      netDiscountBps: 1250,
    });
  });
});

describe('where a booking was made', () => {
  it('is a badge in the back office, with the reseller reference for OCTO', () => {
    renderInApp(
      <>
        <ChannelBadge channel="site" />
        <ChannelBadge channel="desk" reference={null} />
        <ChannelBadge channel="octo" reference="RES-42" />
      </>,
    );
    expect(screen.getAllByTestId('booking-channel').map((badge) => badge.textContent)).toEqual([
      'Website',
      'Front desk',
      'OCTO · RES-42',
    ]);
  });

  it('is said in the portal for OCTO bookings only', () => {
    renderInApp(
      <>
        <OctoNote channel="site" reference={null} />
        <OctoNote channel="octo" reference="RES-42" />
        <OctoNote channel="octo" reference={null} />
      </>,
    );
    expect(screen.getAllByTestId('booking-octo').map((note) => note.textContent)).toEqual([
      'Booked through your system, reference RES-42',
      'Booked through your system',
    ]);
  });

  it('is said in Spanish too', async () => {
    await speak('es');
    renderInApp(
      <>
        <OctoNote channel="octo" reference="RES-42" />
        <ChannelBadge channel="desk" />
      </>,
    );
    expect(screen.getByTestId('booking-octo').textContent).toBe(
      'Reservada desde su sistema, referencia RES-42',
    );
    expect(screen.getByTestId('booking-channel').textContent).toBe('Mostrador');
  });
});
