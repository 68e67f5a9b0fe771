// @vitest-environment happy-dom
import type { AdminBookingDetail, ClientRecord, PassengerRegistryItem } from '@cusco/shared';
import { CustomerTypeId } from '@cusco/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PassengersSection } from '../src/features/admin/components/passengers/passengers-section.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { apiError, fakeApi, type Reply } from './support/fake-api.ts';

const code = 'CT-ABC123';
const clientId = '7a1d2e3f-4b5c-4d6e-8f70-8192a3b4c5d6';

const slot = (number: number, id: string, filled: string | null): PassengerRegistryItem => ({
  number,
  id,
  type: 'Adult',
  typeId: CustomerTypeId.adult,
  clientId: filled,
  name: filled ? 'Ana Quispe' : '',
  percentage: filled ? 80 : 0,
  hasDocument: false,
});
const registered = slot(1, '2c9d8e7f-6a5b-4c3d-9e1f-0a1b2c3d4e5f', clientId);
const empty = slot(2, '3d0e9f80-7b6c-4d4e-8f20-1b2c3d4e5f60', null);

/** The parts of the back office's booking that its passengers' section reads. */
const detail = (status = 'pending_payment') =>
  ({
    booking: {
      booking: { code, tripDate: '2030-06-15', status },
      passangerRegistry: [registered, empty],
    },
  }) as unknown as AdminBookingDetail;

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

const named = (items: [string, string][]) => ({ body: items.map(([id, name]) => ({ id, name })) });
const readPath = `GET admin/bookings/${code}/passengers/${clientId}`;
const updatePath = `PUT admin/clients/${clientId}`;
const createPath = `POST admin/slots/${empty.id}/client`;

function renderSection(status?: string, save: Reply = { body: { result: 1, id: clientId } }) {
  const api = fakeApi({
    'GET common/countries': { body: [{ value: 'PE', label: 'Peru' }] },
    'GET job/list': named([['eng', 'Engineer']]),
    'GET optionlist/listbykey/sex': named([['f', 'Female']]),
    'GET optionlist/listbykey/MaritalStatus': named([['single', 'Single']]),
    'GET optionlist/listbykey/DocumentType': named([['passport', 'Passport']]),
    'GET optionlist/listbykey/FoodPreference': named([['veg', 'Vegetarian']]),
    'GET optionlist/listbykey/TrekkingExperience': named([['some', 'Some']]),
    'GET optionlist/listbykey/TravelPurpose': named([['holiday', 'Holiday']]),
    [readPath]: { body: record },
    [updatePath]: save,
    [createPath]: { status: 201, body: { result: 1, id: clientId } },
  });
  return { ...renderInApp(<PassengersSection data={detail(status)} />), api };
}

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T15:00:00Z'));
});
afterAll(() => vi.useRealTimers());
afterEach(resetApp);

describe("staff edit a passenger's details at the desk (issue 28)", () => {
  beforeEach(() => speak('en'));

  it("opens the registered passenger's form prefilled and saves it through the staff's route", async () => {
    const { user, api, queryClient } = renderSection();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(screen.getByRole('button', { name: 'Edit details: passenger 1' }));
    const form = await screen.findByRole('form', { name: 'Passenger 1 · Adult' });
    const phone = within(form).getByRole('textbox', { name: 'Phone' }) as HTMLInputElement;
    expect(
      (within(form).getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value,
    ).toBe('Ana');
    expect(phone.value).toBe('+51 984 123 456');
    // The scan is the customer's to upload: said, not offered.
    expect(within(form).getByText(/passport scan is uploaded by the customer/)).toBeTruthy();
    expect(within(form).queryByLabelText(/scan/i, { selector: 'input[type=file]' })).toBeNull();

    await user.clear(phone);
    await user.paste('+51 900 000 000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await screen.findByText("The passenger's details were saved.");
    expect(api.callsTo(updatePath).map((call) => call.body)).toEqual([
      expect.objectContaining({
        firstName: 'Ana',
        mobileNumber: '+51 900 000 000',
        bookingcode: code,
        dateExpirationCard: null,
      }),
    ]);
    expect(api.callsTo(readPath).length).toBeGreaterThan(0);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin'] });
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
  });

  it("checks an empty slot's form with the customer's rules and sends nothing", async () => {
    const { user, api } = renderSection();
    await user.click(screen.getByRole('button', { name: 'Add details: passenger 2' }));
    const form = await screen.findByRole('form', { name: 'Passenger 2 · Adult' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('alert').textContent).toContain('Please Complete All Fields');
    expect(api.callsTo(createPath)).toEqual([]);
  });

  it('shows the server refusal above the form and keeps it open', async () => {
    const { user } = renderSection(undefined, apiError(422, 'The booking was cancelled'));
    await user.click(screen.getByRole('button', { name: 'Edit details: passenger 1' }));
    const form = await screen.findByRole('form', { name: 'Passenger 1 · Adult' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toContain('The booking was cancelled'),
    );
  });

  it("offers no action on a cancelled booking's passengers", () => {
    renderSection('cancelled_by_agency');
    expect(screen.queryByRole('button', { name: /details: passenger/ })).toBeNull();
  });

  it('speaks Spanish to Spanish-speaking staff', async () => {
    await speak('es');
    renderSection();
    expect(screen.getByRole('button', { name: 'Agregar datos: pasajero 2' })).toBeTruthy();
  });
});
