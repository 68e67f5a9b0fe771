// @vitest-environment happy-dom
import type { CrewMember, DepartureCrew } from '@cusco/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CrewMemberModal } from '../src/features/admin/components/crew/crew-member-modal.tsx';
import { CrewSection } from '../src/features/admin/components/crew/crew-section.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { apiError, fakeApi } from './support/fake-api.ts';

/**
 * The crew's dialogs (issue 29): the roster's form, checked by the shared schema before anything
 * is sent, with what a bought permit locks shown locked; and a departure's crew section: what is
 * missing, the Assign dialog saying the server's refusal, and a removal confirmed first.
 */
afterEach(resetApp);

const guide: CrewMember = {
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

const countries = { 'GET common/countries': { body: [{ value: 'PE', label: 'Peru' }] } };

describe("the roster's form", () => {
  it('sends the whole member, edited, and says it was saved', async () => {
    await speak('en');
    const api = fakeApi({
      ...countries,
      [`PUT admin/crew/${guide.id}`]: { body: { ...guide, phone: '+51 999 000 111' } },
    });
    const { user } = renderInApp(<CrewMemberModal member={guide} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit Rosa Huamán Quispe' });
    const phone = within(dialog).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+51 999 000 111');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText("Rosa Huamán Quispe's data was saved.");
    expect(api.callsTo(`PUT admin/crew/${guide.id}`)[0]?.body).toEqual({
      firstName: 'Rosa',
      lastName: 'Huamán Quispe',
      role: 'guide',
      documentType: 'dni',
      documentNumber: '41235678',
      countryId: 'PE',
      birthDate: '1986-04-12',
      sex: 'female',
      phone: '+51 999 000 111',
      languages: ['es', 'en', 'qu'],
      licenceNumber: 'GOT-0412',
      licenceExpiry: '2029-05-14',
      active: true,
    });
  });

  it('refuses what the shared schema refuses, under each field, and sends nothing', async () => {
    await speak('en');
    const api = fakeApi(countries);
    const { user } = renderInApp(<CrewMemberModal member="new" onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Add a crew member' });
    await user.type(within(dialog).getByLabelText(/^First names/), 'Wilber');
    await user.type(within(dialog).getByLabelText(/^Document number/), '1234');
    await user.type(within(dialog).getByLabelText(/^Licence number/), 'GOT-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add a crew member' }));
    await within(dialog).findByText('A DNI number has 8 digits');
    expect(
      within(dialog).getByText('A licence needs both its number and its expiry date'),
    ).toBeTruthy();
    expect(within(dialog).getAllByText(/required/).length).toBeGreaterThan(0);
    expect(api.routes().filter((route) => route.includes('admin/crew'))).toEqual([]);
  });

  it('shows locked what a bought permit locks, and says why', async () => {
    await speak('es');
    fakeApi(countries);
    renderInApp(
      <CrewMemberModal
        member={{
          ...guide,
          locked: ['names', 'nationality', 'birthDate', 'documentNumber'],
          lockedReason: 'permit',
        }}
        onClose={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Editar a Rosa Huamán Quispe' });
    expect(within(dialog).getByText(/Hay un permiso o boleto comprado a este nombre/)).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Nombres/) as HTMLInputElement).disabled).toBe(true);
    expect(
      (within(dialog).getByLabelText(/^Número de documento/) as HTMLInputElement).disabled,
    ).toBe(true);
    expect((within(dialog).getByLabelText('Teléfono') as HTMLInputElement).disabled).toBe(false);
  });
});

const departure: DepartureCrew = {
  tourCode: '100401',
  tour: 'Classic Inca Trail',
  date: '2027-11-26',
  lastDay: '2027-11-29',
  status: 'open',
  assignable: true,
  travellers: 2,
  rule: { guideEvery: 8, cooks: 1, portersPerTraveller: 1.5 },
  needed: [
    { role: 'guide', count: 1 },
    { role: 'cook', count: 1 },
    { role: 'porter', count: 3 },
  ],
  missing: [
    { role: 'cook', count: 1 },
    { role: 'porter', count: 3 },
  ],
  permits: { held: 30, used: 7, left: 23, staffRatio: 2.5 },
  crew: [
    {
      crewMemberId: guide.id,
      firstName: 'Rosa',
      lastName: 'Huamán Quispe',
      role: 'guide',
      memberRole: 'guide',
      phone: guide.phone,
      languages: guide.languages,
      licenceExpiry: guide.licenceExpiry,
      bought: false,
      assignedAt: '2027-01-10T15:00:00.000Z',
    },
  ],
};
const crewPath = 'admin/departures/100401/2027-11-26/crew';

describe("a departure's crew section", () => {
  it('says what is missing and the permits; the Assign dialog says why the server refuses someone', async () => {
    await speak('en');
    const expired: CrewMember = {
      ...guide,
      id: '5d2b7d7e-6a0e-4c55-8d5e-3f2d8c9b1a02',
      firstName: 'Julio',
      lastName: 'Pumacahua Ttito',
      licenceExpiry: '2026-10-12',
    };
    const refusal =
      "Julio Pumacahua Ttito's guide licence expires on 2026-10-12, before this departure ends on 2027-11-29";
    const api = fakeApi({
      [`GET ${crewPath}`]: { body: departure },
      'GET admin/crew': { body: [guide, expired], headers: { 'x-total-count': '2' } },
      [`POST ${crewPath}`]: apiError(422, refusal, { code: 'BUSINESS_RULE' }),
    });
    const { user } = renderInApp(<CrewSection tour="100401" date="2027-11-26" />);
    expect((await screen.findByTestId('crew-missing')).textContent).toBe(
      'Missing: 1 cook, 3 porters',
    );
    expect(screen.getByTestId('crew-permits').textContent).toContain('30 held · 7 used · 23 left');

    await user.click(screen.getByRole('button', { name: 'Assign crew' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign crew to this departure' });
    // Nobody chosen: said under the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Assign crew' }));
    expect(within(dialog).getByText('Choose a person')).toBeTruthy();
    await user.click(within(dialog).getByPlaceholderText('Choose a person'));
    // Those already on the departure are not offered; an expired licence is said.
    expect(screen.queryByRole('option', { name: /^Rosa/ })).toBeNull();
    await user.click(
      await screen.findByRole('option', {
        name: /^Julio Pumacahua Ttito · Guide · licence expired on/,
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Assign crew' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(api.callsTo(`POST ${crewPath}`)[0]?.body).toEqual({ crewMemberId: expired.id });
  });

  it('removes a person only after confirming', async () => {
    await speak('en');
    const api = fakeApi({
      [`GET ${crewPath}`]: { body: departure },
      [`DELETE ${crewPath}/${guide.id}`]: { body: { ...departure, crew: [] } },
    });
    const { user } = renderInApp(<CrewSection tour="100401" date="2027-11-26" />);
    await user.click(
      await screen.findByRole('button', { name: 'Remove Rosa Huamán Quispe from this departure' }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Remove Rosa Huamán Quispe?' });
    expect(api.callsTo(`DELETE ${crewPath}/${guide.id}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Rosa Huamán Quispe was removed from this departure.');
    await waitFor(() => expect(api.callsTo(`DELETE ${crewPath}/${guide.id}`)).toHaveLength(1));
  });
});
