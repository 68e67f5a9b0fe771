// @vitest-environment happy-dom
import type { AdminTrail, CrewMember, StaffMember } from '@cusco/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TrailSection } from '../src/features/admin/components/trail/trail-section.tsx';
import { StaffPage } from '../src/features/admin/routes/staff-page.tsx';
import { clearSession, saveSession } from '../src/lib/session.ts';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { apiError, fakeApi } from './support/fake-api.ts';

/**
 * The back office's side of the trail (issue 32): a departure's "On the trail" panel (each
 * traveller's state with who and when, the notes, the conflicts, each phone's last sync; its
 * loading, empty and error states and its Refresh button), and a guide's account made on the
 * staff screen for a person of the crew roster.
 */
afterEach(() => {
  resetApp();
  clearSession();
});

const trailPath = 'GET admin/departures/100401/2027-11-26/trail';
const slot = (n: number) => `0b8e6a52-1c3f-4a8e-9c1d-00000000000${n}`;

const trail: AdminTrail = {
  tourCode: '100401',
  tour: 'Classic Inca Trail',
  date: '2027-11-26',
  travellers: [
    {
      slotId: slot(1),
      bookingCode: 'CT-AB12CD',
      name: 'Ana Pérez',
      attendance: {
        state: 'checked_in',
        method: 'qr',
        // 06:10 in Cusco, by the phone; the server had it at 18:40.
        at: '2027-11-26T11:10:00.000Z',
        receivedAt: '2027-11-26T23:40:00.000Z',
        by: 'Rosa Huamán Quispe',
      },
    },
    {
      slotId: slot(2),
      bookingCode: 'CT-AB12CD',
      name: 'Luis Pérez',
      attendance: {
        state: 'checked_in',
        method: 'name',
        at: '2027-11-26T11:12:00.000Z',
        receivedAt: '2027-11-26T23:40:00.000Z',
        by: 'Rosa Huamán Quispe',
      },
    },
    {
      slotId: slot(3),
      bookingCode: 'CT-ZZ99YY',
      name: 'Emma Smith',
      attendance: {
        state: 'no_show',
        method: null,
        at: '2027-11-26T11:30:00.000Z',
        receivedAt: '2027-11-26T23:40:00.000Z',
        by: 'Rosa Huamán Quispe',
      },
    },
    // Not registered yet: named by the booking's code and number, the code said once.
    { slotId: slot(4), bookingCode: 'CT-ZZ99YY', name: 'CT-ZZ99YY #2', attendance: null },
  ],
  notes: [
    {
      id: 'e3a1c7a0-0000-4000-8000-000000000001',
      slotId: slot(2),
      traveller: 'Luis Pérez',
      text: 'Altitude sickness at Warmiwañusca; went on slowly.',
      at: '2027-11-27T14:00:00.000Z',
      receivedAt: '2027-11-28T01:00:00.000Z',
      by: 'Rosa Huamán Quispe',
    },
    {
      id: 'e3a1c7a0-0000-4000-8000-000000000002',
      slotId: null,
      traveller: '',
      text: 'Landslide near Wayllabamba: one hour late.',
      at: '2027-11-26T15:00:00.000Z',
      receivedAt: '2027-11-26T23:40:00.000Z',
      by: 'Rosa Huamán Quispe',
    },
  ],
  conflicts: [
    {
      id: 'e3a1c7a0-0000-4000-8000-000000000003',
      slotId: slot(1),
      traveller: 'Ana Pérez',
      kind: 'check_in',
      at: '2027-11-26T11:11:00.000Z',
      receivedAt: '2027-11-27T00:10:00.000Z',
      by: 'Julio Pumacahua Ttito',
    },
  ],
  // One per guide and phone (its last sync), in no particular order.
  syncs: [
    {
      guide: 'Julio Pumacahua Ttito',
      deviceId: '1c2d3e4f-aaaa-4bbb-8ccc-123456789abc',
      kind: 'actions',
      syncedAt: '2027-11-27T00:10:00.000Z',
    },
    {
      guide: 'Rosa Huamán Quispe',
      deviceId: '9f0e4a1b-aaaa-4bbb-8ccc-123456789abc',
      kind: 'download',
      syncedAt: '2027-11-28T02:00:00.000Z',
    },
  ],
};

const region = (name = 'On the trail') => screen.findByRole('region', { name });

describe('the "On the trail" panel', () => {
  beforeEach(() => speak('en'));

  it("shows each traveller's state with who and when, the notes, the conflicts and each phone's last sync", async () => {
    fakeApi({ [trailPath]: { body: trail } });
    renderInApp(<TrailSection tour="100401" date="2027-11-26" />);
    const panel = await region();
    expect((await within(panel).findByTestId('trail-summary')).textContent).toBe(
      '2 of 4 checked in, 1 no-show',
    );
    const travellers = within(panel).getAllByTestId('trail-traveller');
    expect(travellers.map((row) => row.textContent)).toEqual([
      "Ana PérezCT-AB12CDChecked in · QRBy Rosa Huamán Quispe, 26 Nov 2027, 06:10 (phone's time); received 26 Nov 2027, 18:40",
      "Luis PérezCT-AB12CDChecked in · by nameBy Rosa Huamán Quispe, 26 Nov 2027, 06:12 (phone's time); received 26 Nov 2027, 18:40",
      "Emma SmithCT-ZZ99YYNo-showBy Rosa Huamán Quispe, 26 Nov 2027, 06:30 (phone's time); received 26 Nov 2027, 18:40",
      'CT-ZZ99YY #2Not yet',
    ]);
    const notes = within(panel).getAllByTestId('trail-note');
    expect(notes[0]?.textContent).toContain('Luis Pérez');
    expect(notes[0]?.textContent).toContain('Altitude sickness at Warmiwañusca');
    expect(notes[1]?.textContent).toMatch(/^About the departureLandslide near Wayllabamba/);
    const conflicts = within(panel).getAllByTestId('trail-conflict');
    expect(conflicts.map((row) => row.textContent)).toEqual([
      "Check-in of Ana Pérez, not appliedBy Julio Pumacahua Ttito, 26 Nov 2027, 06:11 (phone's time); received 26 Nov 2027, 19:10",
    ]);
    // One card per phone, the latest first: what its last sync was, and when.
    const syncs = within(panel).getAllByTestId('trail-sync');
    expect(syncs.map((row) => row.textContent)).toEqual([
      'Rosa Huamán QuispePhone 9f0e4a1bDownloaded: 27 Nov 2027, 21:00',
      'Julio Pumacahua TtitoPhone 1c2d3e4fSent actions: 26 Nov 2027, 19:10',
    ]);
    expect(within(panel).getByRole('list', { name: 'Last sync' })).toBeTruthy();
  });

  it('says so when nobody is checked in yet, and reads again with Refresh', async () => {
    let calls = 0;
    const waiting: AdminTrail = {
      ...trail,
      travellers: trail.travellers.map((row) => ({ ...row, attendance: null })),
      notes: [],
      conflicts: [],
      syncs: [],
    };
    fakeApi({
      [trailPath]: () => {
        calls += 1;
        return { body: calls === 1 ? waiting : trail };
      },
    });
    const { user } = renderInApp(<TrailSection tour="100401" date="2027-11-26" />);
    const panel = await region();
    expect((await within(panel).findByTestId('trail-empty')).textContent).toBe('No check-ins yet.');
    expect(within(panel).getByTestId('trail-summary').textContent).toBe('0 of 4 checked in');
    expect(within(panel).getByText("No guide's phone has synced this departure yet.")).toBeTruthy();
    expect(within(panel).queryAllByTestId('trail-traveller')).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(panel).getAllByTestId('trail-traveller')).toHaveLength(4));
    expect(calls).toBe(2);
    expect(within(panel).queryByTestId('trail-empty')).toBeNull();
  });

  it('shows a loader while it loads, then the error with Retry, in Spanish', async () => {
    await speak('es');
    let fail = true;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fakeApi({
      [trailPath]: async () => {
        await gate;
        return fail ? apiError(403, 'No tiene permiso.') : { body: trail };
      },
    });
    const { user } = renderInApp(<TrailSection tour="100401" date="2027-11-26" />);
    const panel = await region('En el camino');
    expect(within(panel).getByRole('status', { name: 'Cargando…' })).toBeTruthy();
    release();
    expect(await within(panel).findByText('No tiene permiso.')).toBeTruthy();
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Reintentar' }));
    expect((await within(panel).findByTestId('trail-summary')).textContent).toBe(
      '2 de 4 presentes, 1 no se presentó',
    );
    expect(within(panel).getByText('Presente · QR')).toBeTruthy();
    expect(within(panel).getByText('Aún no')).toBeTruthy();
  });
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

const rosa: CrewMember = {
  id: '5d2b7d7e-6a0e-4c55-8d5e-3f2d8c9b1a01',
  firstName: 'Rosa',
  lastName: 'Huamán Quispe',
  role: 'guide',
  documentType: 'dni',
  documentNumber: '41235678',
  countryId: 'PE',
  country: 'Peru',
  birthDate: '1986-04-12',
  sex: 'female',
  phone: '+51 984 112 233',
  languages: ['es', 'en', 'qu'],
  licenceNumber: 'GOT-0412',
  licenceExpiry: '2029-05-14',
  active: true,
  locked: [],
  lockedReason: null,
  updatedAt: '2027-01-10T15:00:00.000Z',
};
const julio: CrewMember = {
  ...rosa,
  id: '5d2b7d7e-6a0e-4c55-8d5e-3f2d8c9b1a02',
  firstName: 'Julio',
  lastName: 'Pumacahua Ttito',
  role: 'assistant_guide',
};

const agent: StaffMember = {
  id: '1f1c2c0e-8f3a-4d8e-9d59-5b1d1f1e0a01',
  email: 'agent@example.com',
  name: 'Carla',
  lastName: 'Quispe',
  role: 'agent',
  crewMemberId: null,
  crewMemberName: null,
  createdAt: '2026-01-10T15:00:00.000Z',
};
const julioAccount: StaffMember = {
  id: '1f1c2c0e-8f3a-4d8e-9d59-5b1d1f1e0a02',
  email: 'julio@example.com',
  name: 'Julio',
  lastName: 'Pumacahua Ttito',
  role: 'guide',
  crewMemberId: julio.id,
  crewMemberName: 'Julio Pumacahua Ttito',
  createdAt: '2026-02-10T15:00:00.000Z',
};

/** A cook of the roster: never offered a guide's account (the app carries medical notes). */
const teofilo: CrewMember = {
  ...rosa,
  id: '5d2b7d7e-6a0e-4c55-8d5e-3f2d8c9b1a03',
  firstName: 'Teófilo',
  lastName: 'Mamani Condori',
  role: 'cook',
};
const crewRoute = {
  'GET admin/crew': { body: [rosa, julio, teofilo], headers: { 'x-total-count': '3' } },
};

async function openGuideForm() {
  const { user } = renderInApp(<StaffPage />);
  await screen.findByText('agent@example.com');
  await user.click(screen.getByRole('button', { name: 'Add a staff member' }));
  const dialog = screen.getByRole('dialog', { name: 'Add a staff member' });
  expect(within(dialog).queryByLabelText(/^Crew member/)).toBeNull();
  await user.type(within(dialog).getByLabelText(/^E-mail/), 'rosa@example.com');
  await user.type(within(dialog).getByLabelText(/^Password/), 'Inti-Raymi-2027');
  await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
  await user.click(await screen.findByRole('option', { name: 'Guide' }));
  // The crew member's field is there, enabled once the active crew is read.
  const crew = within(dialog).getByRole('combobox', { name: /^Crew member/ }) as HTMLInputElement;
  await waitFor(() => expect(crew.disabled).toBe(false));
  return { user, dialog };
}

describe("a guide's account on the staff screen", () => {
  beforeEach(async () => {
    await speak('en');
    saveSession('token-admin', admin);
  });

  it("lists each guide's crew member and makes a guide's account for a crew member, whose names fill the form", async () => {
    const created: StaffMember = {
      ...julioAccount,
      id: '1f1c2c0e-8f3a-4d8e-9d59-5b1d1f1e0a03',
      email: 'rosa@example.com',
      name: 'Rosa',
      lastName: 'Huamán Quispe',
      crewMemberId: rosa.id,
      crewMemberName: 'Rosa Huamán Quispe',
    };
    const api = fakeApi({
      'GET admin/staff': { body: [agent, julioAccount] },
      ...crewRoute,
      'POST admin/staff': { status: 201, body: created },
    });
    const { user, dialog } = await openGuideForm();
    const rows = screen.getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toContain(
      'Julio Pumacahua Ttitojulio@example.comGuideJulio Pumacahua TtitoTue, 10 Feb 2026',
    );

    // The crew member is required: nothing is sent without one.
    await user.click(within(dialog).getByRole('button', { name: 'Add a staff member' }));
    expect(await within(dialog).findByText('Choose a crew member')).toBeTruthy();
    expect(api.callsTo('POST admin/staff')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /^Crew member/ }));
    // Julio already has an account: offered, but not chosen.
    const taken = await screen.findByRole('option', {
      name: 'Julio Pumacahua Ttito · Assistant guide · has an account',
    });
    expect(
      taken.getAttribute('aria-disabled') ?? taken.getAttribute('data-combobox-disabled'),
    ).toBe('true');
    expect(screen.queryByRole('option', { name: /Teófilo/ })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Rosa Huamán Quispe · Guide' }));
    expect((within(dialog).getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Rosa');
    expect((within(dialog).getByLabelText(/^Last name/) as HTMLInputElement).value).toBe(
      'Huamán Quispe',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add a staff member' }));
    await screen.findByText('Rosa can now sign in.');
    expect(api.callsTo('POST admin/staff')[0]?.body).toEqual({
      email: 'rosa@example.com',
      name: 'Rosa',
      lastName: 'Huamán Quispe',
      role: 'guide',
      password: 'Inti-Raymi-2027',
      crewMemberId: rosa.id,
    });
  });

  it("says the server's refusal (a crew member with an account already) in the dialog", async () => {
    const refusal = 'Rosa Huamán Quispe already has an account.';
    fakeApi({
      'GET admin/staff': { body: [agent] },
      ...crewRoute,
      'POST admin/staff': apiError(409, refusal, { code: 'CONFLICT' }),
    });
    const { user, dialog } = await openGuideForm();
    await user.click(within(dialog).getByRole('combobox', { name: /^Crew member/ }));
    await user.click(await screen.findByRole('option', { name: 'Rosa Huamán Quispe · Guide' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add a staff member' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getByRole('dialog', { name: 'Add a staff member' })).toBeTruthy();
  });

  it("sends no crew member with an agent's account, even after choosing one as a guide", async () => {
    const api = fakeApi({
      'GET admin/staff': { body: [agent] },
      ...crewRoute,
      'POST admin/staff': { status: 201, body: { ...agent, email: 'rosa@example.com' } },
    });
    const { user, dialog } = await openGuideForm();
    await user.click(within(dialog).getByRole('combobox', { name: /^Crew member/ }));
    await user.click(await screen.findByRole('option', { name: 'Rosa Huamán Quispe · Guide' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Agent' }));
    expect(within(dialog).queryByLabelText(/^Crew member/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add a staff member' }));
    await waitFor(() => expect(api.callsTo('POST admin/staff')).toHaveLength(1));
    expect(api.callsTo('POST admin/staff')[0]?.body).toEqual({
      email: 'rosa@example.com',
      name: 'Rosa',
      lastName: 'Huamán Quispe',
      role: 'agent',
      password: 'Inti-Raymi-2027',
    });
  });
});
