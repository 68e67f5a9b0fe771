// @vitest-environment happy-dom
import {
  type ClientRecord,
  CustomerTypeId,
  type DeparturePurchases,
  type PassengerRegistryItem,
  todayInLima,
} from '@cusco/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../src/features/admin/i18n.ts';
import { MarkBoughtModal } from '../src/features/admin/components/purchases/mark-bought-modal.tsx';
import { PassengerModal } from '../src/features/reservations/components/passenger-modal.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { apiError, fakeApi } from './support/fake-api.ts';

afterEach(resetApp);

/** The message a field shows under it (its error, which the field points to). */
const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent)
    .join('');

describe("the passenger form of a locked passenger (issue 29), on the customer's side in Spanish", () => {
  const clientId = '7a1d2e3f-4b5c-4d6e-8f70-8192a3b4c5d6';
  const slot: PassengerRegistryItem = {
    number: 1,
    id: '2c9d8e7f-6a5b-4c3d-9e1f-0a1b2c3d4e5f',
    type: 'Adulto',
    typeId: CustomerTypeId.adult,
    clientId,
    name: 'Ana Quispe',
    percentage: 100,
    hasDocument: false,
    locked: ['names', 'nationality', 'birthDate', 'documentNumber'],
    lockedReason: 'permit',
    lockedSince: '2027-03-03',
  };
  const record: ClientRecord = {
    id: clientId,
    firstname: 'Ana',
    lastname: 'Quispe',
    countryid: 'PE',
    birthdateStr: '1990-05-20',
    documenttypeid: 'passport',
    documentnumber: 'AB123456',
    expirationDate: null,
    email: 'ana@example.com',
    mobilenumber: '+51 984 123 456',
    jobid: 'eng',
    sexid: 'f',
    maritalstatusid: 'single',
    foodpreferencesid: 'veg',
    foodobservation: null,
    travelpurposeid: 'holiday',
    travelpurposeobservation: null,
    trekkingexperienceid: 'some',
    trekkingexperienceobservation: null,
    allergyobservation: null,
    medicalrequirement: null,
    dateExpirationCard: null,
    urlFile: null,
  };
  const named = (items: [string, string][]) => ({
    body: items.map(([id, name]) => ({ id, name })),
  });

  it('shows why and since when, keeps the locked fields read-only, and a 409 beside its field', async () => {
    await speak('es');
    fakeApi({
      'GET common/countries': { body: [{ value: 'PE', label: 'Perú' }] },
      'GET job/list': named([['eng', 'Ingeniero']]),
      'GET optionlist/listbykey/sex': named([['f', 'Femenino']]),
      'GET optionlist/listbykey/MaritalStatus': named([['single', 'Soltero']]),
      'GET optionlist/listbykey/DocumentType': named([['passport', 'Pasaporte']]),
      'GET optionlist/listbykey/FoodPreference': named([['veg', 'Vegetariana']]),
      'GET optionlist/listbykey/TrekkingExperience': named([['some', 'Algo']]),
      'GET optionlist/listbykey/TravelPurpose': named([['holiday', 'Vacaciones']]),
      [`GET client/${clientId}`]: { body: record },
      [`PUT client/${clientId}/update`]: apiError(
        409,
        'Estos datos están bloqueados: nombres no pueden cambiar una vez comprado un permiso o boleto a este nombre. Solicita un cambio de documento.',
        { code: 'CONFLICT', field: 'firstName' },
      ),
    });
    const { user } = renderInApp(
      <PassengerModal
        slot={slot}
        bookingCode="CT-ABC123"
        travelDate="2027-06-15"
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    const form = await screen.findByRole('form', { name: 'Pasajero 1 · Adulto' });
    expect(within(form).getByTestId('passenger-lock').textContent).toBe(
      'Datos bloqueadosPermiso del Camino Inca comprado el 3 de marzo: nombres, nacionalidad, fecha de nacimiento y documento ya no pueden cambiar. Para cambiar pasaporte o apellido, solicita un cambio de documento.',
    );
    const field = (name: string) => within(form).getByRole('textbox', { name }) as HTMLInputElement;
    await waitFor(() => expect(field('Nombres').value).toBe('Ana'));
    for (const name of ['Nombres', 'Apellidos', 'Número de documento', 'Fecha de nacimiento']) {
      expect(field(name).readOnly, name).toBe(true);
    }
    expect(field('Teléfono').readOnly).toBe(false);
    // Each locked field says so, for whoever cannot see that it is read-only.
    expect(field('Nombres').getAttribute('aria-describedby')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(errorOf(field('Nombres'))).toContain('Estos datos están bloqueados'),
    );
  });
});

describe('the "Mark bought" dialog (issue 29)', () => {
  const tour = '100401';
  const date = '2027-05-10';
  const permit = '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e';
  const person = (
    slotId: string,
    name: string,
    missing: DeparturePurchases['people'][number]['missing'],
    state: 'needed' | 'complete' | 'bought',
  ): DeparturePurchases['people'][number] => ({
    passengerSlotId: slotId,
    crewMemberId: null,
    name,
    role: 'traveller',
    bookingCode: 'CT-ABC123',
    position: 1,
    missing,
    onDeparture: true,
    items: [
      {
        itemId: permit,
        state,
        purchaseId: null,
        reference: state === 'bought' ? 'CI-9' : null,
        boughtOn: null,
      },
    ],
  });
  const departure: DeparturePurchases = {
    tourCode: tour,
    tour: 'Classic Inca Trail 4D/3N',
    date,
    items: [
      {
        id: permit,
        kind: 'permit',
        details: {},
        buyDaysBefore: 60,
        buyBy: '2027-03-11',
        crewRoles: ['guide'],
      },
    ],
    people: [
      person('11111111-1111-4111-8111-111111111111', 'Julia Ccori', [], 'complete'),
      person('22222222-2222-4222-8222-222222222222', 'Ana Quispe', ['sex'], 'needed'),
      person('33333333-3333-4333-8333-333333333333', 'Rosa Mamani', [], 'bought'),
    ],
  };
  const path = `admin/departures/${tour}/${date}/purchases`;

  it('ticks only the ready, confirms what it records, and shows a refusal beside its field', async () => {
    await speak('en');
    let refuse = true;
    const api = fakeApi({
      [`GET ${path}`]: { body: departure },
      [`POST ${path}`]: () =>
        refuse
          ? apiError(422, 'Data incomplete, nothing was recorded: Julia Ccori (sex)', {
              code: 'BUSINESS_RULE',
              field: 'people',
            })
          : { status: 201, body: departure },
    });
    const { user } = renderInApp(
      <MarkBoughtModal
        target={{ tour, tourName: 'Classic Inca Trail 4D/3N', date, itemId: permit }}
        onClose={() => undefined}
      />,
    );
    const julia = await screen.findByRole('checkbox', { name: /^Julia Ccori/ });
    expect((julia as HTMLInputElement).disabled).toBe(false);
    const ana = screen.getByRole('checkbox', { name: /^Ana Quispe/ }) as HTMLInputElement;
    expect(ana.disabled).toBe(true);
    expect(screen.getByText('missing: sex')).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: /^Rosa Mamani/ }) as HTMLInputElement).disabled,
    ).toBe(true);

    // Nothing chosen, no reference: said beside each, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText('Choose at least one person.')).toBeTruthy();
    const reference = screen.getByRole('textbox', { name: /^Government reference/ });
    expect(errorOf(reference)).toBe("Give the government's reference of the purchase");
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Select everyone ready' }));
    await user.type(reference, 'CI-2027-77');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const summary = await screen.findByText(/^Mark the Inca Trail permit bought for 1 person/);
    expect(summary.textContent).toContain('reference CI-2027-77');
    await user.click(screen.getByRole('button', { name: 'Confirm purchase' }));

    // The server's refusal about the people goes back to the form, beside them.
    await screen.findByText('Data incomplete, nothing was recorded: Julia Ccori (sex)');
    expect(screen.getByRole('button', { name: 'Review' })).toBeTruthy();
    const [sent] = api.callsTo(`POST ${path}`);
    expect(sent?.body).toEqual({
      item: permit,
      people: [{ passengerSlotId: '11111111-1111-4111-8111-111111111111' }],
      reference: 'CI-2027-77',
      boughtOn: todayInLima(),
    });

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm purchase' }));
    await screen.findByText('Purchase recorded');
  });
});
