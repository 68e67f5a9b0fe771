// @vitest-environment happy-dom
import { type ClientRecord, CustomerTypeId, type PassengerRegistryItem } from '@cusco/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PassengerModal } from '../src/features/reservations/components/passenger-modal.tsx';
import { renderInApp, resetApp, speak } from './support/app.tsx';
import { apiError, fakeApi, type Reply } from './support/fake-api.ts';

const bookingCode = 'CT-ABC123';
/** The booking's travel date: ages are counted on it (an adult is 17 on 15/06/2030). */
const travelDate = '2030-06-15';
const clientId = '7a1d2e3f-4b5c-4d6e-8f70-8192a3b4c5d6';

const slot = (
  typeId: string,
  type: string,
  filled: string | null = null,
): PassengerRegistryItem => ({
  number: 1,
  id: '2c9d8e7f-6a5b-4c3d-9e1f-0a1b2c3d4e5f',
  type,
  typeId,
  clientId: filled,
  name: '',
  percentage: 0,
  hasDocument: false,
});
const emptyAdult = slot(CustomerTypeId.adult, 'Adult');
const registeredAdult = slot(CustomerTypeId.adult, 'Adult', clientId);
const registeredStudent = slot(CustomerTypeId.student, 'Student', clientId);

/** A passenger registered with every field filled (GET client/{id}). */
const record: ClientRecord = {
  id: clientId,
  firstname: 'Ana',
  lastname: 'Quispe',
  countryid: 'PE',
  birthdateStr: '1990-05-20',
  documenttypeid: 'passport',
  documentnumber: 'AB123456',
  expirationDate: '2031-01-01',
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
  emergencyContactName: 'Pedro Quispe',
  emergencyContactPhone: '+51 984 000 999',
  urlFile: null,
};

/** What that record's form sends unchanged (PUT client/{id}/update). */
const recordPayload = {
  firstName: 'Ana',
  lastName: 'Quispe',
  eMail: 'ana@example.com',
  birthDate: '1990-05-20',
  expirationDate: '2031-01-01',
  sexId: 'f',
  documentTypeId: 'passport',
  documentNumber: 'AB123456',
  maritalStatusId: 'single',
  jobId: 'eng',
  countryId: 'PE',
  mobileNumber: '+51 984 123 456',
  foodPreferencesId: 'veg',
  foodObservation: '',
  allergyObservation: '',
  medicalRequirement: '',
  travelPurposeId: 'holiday',
  travelPurposeObservation: '',
  trekkingExperienceId: 'some',
  trekkingExperienceObservation: '',
  dateExpirationCard: null,
  emergencyContactName: 'Pedro Quispe',
  emergencyContactPhone: '+51 984 000 999',
  bookingcode: bookingCode,
};

const named = (items: [string, string][]) => ({
  body: items.map(([id, name]) => ({ id, name })),
});

const createPath = `POST client/${emptyAdult.id}/create`;
const updatePath = `PUT client/${clientId}/update`;
const saved: Reply = { body: { result: 1, id: clientId } };

/** The option lists and the passenger's record, as the API gives them; saves answer `save`. */
function renderPassenger(
  target: PassengerRegistryItem,
  { stored = record, save = saved }: { stored?: ClientRecord; save?: Reply } = {},
) {
  const api = fakeApi({
    'GET common/countries': {
      body: [
        { value: 'PE', label: 'Peru' },
        { value: 'GB', label: 'United Kingdom' },
      ],
    },
    'GET job/list': named([['eng', 'Engineer']]),
    'GET optionlist/listbykey/sex': named([
      ['f', 'Female'],
      ['m', 'Male'],
    ]),
    'GET optionlist/listbykey/MaritalStatus': named([['single', 'Single']]),
    'GET optionlist/listbykey/DocumentType': named([
      ['passport', 'Passport'],
      ['dni', 'National ID'],
    ]),
    'GET optionlist/listbykey/FoodPreference': named([['veg', 'Vegetarian']]),
    'GET optionlist/listbykey/TrekkingExperience': named([['some', 'Some']]),
    'GET optionlist/listbykey/TravelPurpose': named([['holiday', 'Holiday']]),
    [`GET client/${clientId}`]: { body: stored },
    [createPath]: save,
    [updatePath]: save,
  });
  const onSaved = vi.fn();
  const app = renderInApp(
    <PassengerModal
      slot={target}
      bookingCode={bookingCode}
      travelDate={travelDate}
      onClose={() => undefined}
      onSaved={onSaved}
    />,
  );
  return { ...app, api, onSaved };
}

type User = ReturnType<typeof renderInApp>['user'];

/** The passenger form, once the registered passenger (if any) is loaded. */
async function passengerForm(name: string) {
  const form = await screen.findByRole('form', { name });
  // The date fields' pickers load when first drawn (ADR 0053): until then each is a read-only
  // copy of the field, which a passenger cannot type in either.
  await waitFor(() =>
    expect(
      within(form)
        .queryAllByRole('textbox')
        .filter((field) => (field as HTMLInputElement).readOnly),
    ).toEqual([]),
  );
  return {
    form,
    text: (label: string) => within(form).getByRole('textbox', { name: label }) as HTMLInputElement,
    choice: (label: string) =>
      within(form).getByRole('combobox', { name: label }) as HTMLInputElement,
    save: () => within(form).getByRole('button', { name: /^(Save|Guardar)$/ }),
    /** The message shown above the form. */
    problem: () => within(form).getByRole('alert').textContent,
    /** The message shown under a field (its error, which the field points to). */
    errorOf: (field: HTMLElement) =>
      (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .filter((id) => id.endsWith('-error'))
        .map((id) => document.getElementById(id)?.textContent)
        .join(''),
  };
}

async function choose(user: User, field: HTMLElement, option: string) {
  await user.click(field);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Fills a text field (pasted: typing fifty fields key by key is slow in happy-dom). */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Types a date as the passenger would (DD/MM/YYYY), over what the field held, and leaves it. */
async function typeDate(user: User, field: HTMLElement, typed: string) {
  await user.clear(field);
  await user.type(field, typed);
  await user.tab();
}

beforeAll(() => {
  // Today, in Lima, is 1 March 2026: the birth date's and expiry's bounds depend on it.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T15:00:00Z'));
});
afterAll(() => vi.useRealTimers());
afterEach(resetApp);

const required = {
  text: ['First name', 'Last name', 'Birth date', 'Document number', 'E-mail', 'Phone'],
  choices: [
    'Nationality',
    'Sex',
    'Marital status',
    'Document type',
    'Occupation',
    'Food preference',
    'Trekking experience',
    'Travel purpose',
  ],
};
const optional = [
  'Document expiry date',
  'Food remarks',
  'Allergies',
  'Medical requirements',
  'Trekking remarks',
  'Travel purpose remarks',
];

describe('the passenger form (spec §5 passenger save)', () => {
  beforeEach(() => speak('en'));

  it("refuses an empty form with 'Please Complete All Fields', marks the required fields, sends nothing", async () => {
    const { user, api } = renderPassenger(emptyAdult);
    const form = await passengerForm('Passenger 1 · Adult');
    await user.click(form.save());
    expect(form.problem()).toBe('ErrorPlease Complete All Fields');
    for (const label of required.text) {
      expect(form.text(label).getAttribute('aria-invalid'), label).toBe('true');
    }
    for (const label of required.choices) {
      expect(form.choice(label).getAttribute('aria-invalid'), label).toBe('true');
    }
    for (const label of optional) {
      expect(form.text(label).getAttribute('aria-invalid'), label).toBeNull();
    }
    expect(api.callsTo(createPath)).toEqual([]);
  });

  it('creates the passenger of an empty slot with what was filled in, then says it is saved', async () => {
    const { user, api, onSaved } = renderPassenger(emptyAdult);
    const form = await passengerForm('Passenger 1 · Adult');
    // Only a student has a card expiry.
    expect(
      within(form.form).queryByRole('textbox', { name: 'Student card expiry date' }),
    ).toBeNull();

    await fill(user, form.text('First name'), 'Ana');
    await fill(user, form.text('Last name'), 'Quispe');
    await choose(user, form.choice('Nationality'), 'Peru');
    await typeDate(user, form.text('Birth date'), '20/05/1990');
    await choose(user, form.choice('Sex'), 'Female');
    await choose(user, form.choice('Marital status'), 'Single');
    await choose(user, form.choice('Document type'), 'Passport');
    await fill(user, form.text('Document number'), 'AB123456');
    await fill(user, form.text('E-mail'), 'ana@example.com');
    await fill(user, form.text('Phone'), '+51 984 123 456');
    await choose(user, form.choice('Occupation'), 'Engineer');
    await choose(user, form.choice('Food preference'), 'Vegetarian');
    await fill(user, form.text('Allergies'), 'Peanuts');
    await choose(user, form.choice('Trekking experience'), 'Some');
    await choose(user, form.choice('Travel purpose'), 'Holiday');
    // The emergency contact (issue 29): its own group, optional.
    const emergency = within(form.form).getByRole('group', { name: 'Emergency contact' });
    await fill(
      user,
      within(emergency).getByRole('textbox', { name: "Emergency contact's name" }),
      'Pedro Quispe',
    );
    await fill(
      user,
      within(emergency).getByRole('textbox', { name: "Emergency contact's number" }),
      '+51 984 000 999',
    );
    await user.click(form.save());

    await screen.findByText("The passenger's data was saved.");
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(api.callsTo(createPath).map((call) => call.body)).toEqual([
      {
        ...recordPayload,
        expirationDate: '',
        allergyObservation: 'Peanuts',
      },
    ]);
  });

  it('updates a registered passenger, and sends no card expiry for a non-student', async () => {
    const { user, api } = renderPassenger(registeredAdult, {
      stored: { ...record, dateExpirationCard: '2027-12-31' },
    });
    const form = await passengerForm('Passenger 1 · Adult');
    expect(form.text('First name').value).toBe('Ana');
    expect(form.text('Birth date').value).toBe('20/05/1990');
    await user.click(form.save());
    await waitFor(() => expect(api.callsTo(updatePath)).toHaveLength(1));
    expect(api.callsTo(updatePath)[0]?.body).toEqual(recordPayload);
    expect(api.callsTo(createPath)).toEqual([]);
  });

  it("asks a student for the card's expiry with 'Please Confirm All Fields', then sends it", async () => {
    const { user, api } = renderPassenger(registeredStudent, {
      stored: { ...record, birthdateStr: '2008-02-10' },
    });
    const form = await passengerForm('Passenger 1 · Student');
    const card = form.text('Student card expiry date');
    await user.click(form.save());
    expect(form.problem()).toBe('ErrorPlease Confirm All Fields');
    expect(card.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(updatePath)).toEqual([]);

    await typeDate(user, card, '31/12/2027');
    await user.click(form.save());
    await waitFor(() => expect(api.callsTo(updatePath)).toHaveLength(1));
    expect(api.callsTo(updatePath)[0]?.body).toEqual({
      ...recordPayload,
      birthDate: '2008-02-10',
      dateExpirationCard: '2027-12-31',
    });
  });

  it('holds an adult to at least 17 years old on the travel date', async () => {
    const { user, api } = renderPassenger(registeredAdult);
    const form = await passengerForm('Passenger 1 · Adult');
    const birth = form.text('Birth date');
    expect(
      within(form.form).getByText(
        'Adult: born between 01/01/1900 and 15/06/2013 (the age on the travel date counts).',
      ),
    ).toBeTruthy();

    // 16 on the travel date: refused as soon as the field is left, and on Save.
    await typeDate(user, birth, '16/06/2013');
    expect(form.errorOf(birth)).toBe(
      'This birth date does not match an adult passenger: adults must be at least 17 years old on the travel date.',
    );
    await user.click(form.save());
    expect(form.problem()).toBe('ErrorPlease correct the fields shown below');
    expect(api.callsTo(updatePath)).toEqual([]);

    // 17 that very day: accepted.
    await typeDate(user, birth, '15/06/2013');
    expect(form.errorOf(birth)).toBe('');
    await user.click(form.save());
    await waitFor(() => expect(api.callsTo(updatePath)).toHaveLength(1));
    expect(api.callsTo(updatePath)[0]?.body).toMatchObject({ birthDate: '2013-06-15' });
  });

  it("holds a student's birth date to 8 to 25 years old on the travel date", async () => {
    const { user } = renderPassenger(registeredStudent, {
      stored: { ...record, dateExpirationCard: '2027-12-31' },
    });
    const form = await passengerForm('Passenger 1 · Student');
    const birth = form.text('Birth date');
    expect(
      within(form.form).getByText(
        'Student: born between 16/06/2004 and 15/06/2022 (the age on the travel date counts).',
      ),
    ).toBeTruthy();
    const refused =
      'This birth date does not match a student passenger: students must be 8 to 25 years old on the travel date (18 to 25 with a student card).';
    for (const [typed, message] of [
      ['15/06/2004', refused],
      ['16/06/2004', ''],
      ['15/06/2022', ''],
      ['16/06/2022', refused],
    ] as const) {
      await typeDate(user, birth, typed);
      expect(form.errorOf(birth), typed).toBe(message);
    }
  });

  it("clears the document's expiry date when its type changes", async () => {
    const { user, api } = renderPassenger(registeredAdult);
    const form = await passengerForm('Passenger 1 · Adult');
    expect(form.text('Document expiry date').value).toBe('01/01/2031');
    await choose(user, form.choice('Document type'), 'National ID');
    expect(form.text('Document expiry date').value).toBe('');
    await user.click(form.save());
    await waitFor(() => expect(api.callsTo(updatePath)).toHaveLength(1));
    expect(api.callsTo(updatePath)[0]?.body).toMatchObject({
      documentTypeId: 'dni',
      expirationDate: '',
    });
  });

  it('takes at most 50 characters in each text field', async () => {
    const { user } = renderPassenger(emptyAdult);
    const form = await passengerForm('Passenger 1 · Adult');
    const long = 'x'.repeat(60);
    for (const label of [
      'First name',
      'Last name',
      'Document number',
      'E-mail',
      'Phone',
      'Food remarks',
      'Allergies',
      'Medical requirements',
      'Trekking remarks',
      'Travel purpose remarks',
    ]) {
      await user.click(form.text(label));
      await user.paste(long);
      expect(form.text(label).value, label).toBe('x'.repeat(50));
    }
  });

  it('refuses a stored name longer than 50 characters under its field', async () => {
    const { user, api } = renderPassenger(registeredAdult, {
      stored: { ...record, lastname: 'Q'.repeat(51) },
    });
    const form = await passengerForm('Passenger 1 · Adult');
    await user.click(form.save());
    expect(form.problem()).toBe('ErrorPlease correct the fields shown below');
    expect(form.errorOf(form.text('Last name'))).toBe('At most 50 characters');
    expect(api.callsTo(updatePath)).toEqual([]);
  });

  it("shows the server's refusal above the form and under the field it names", async () => {
    const { user, onSaved } = renderPassenger(registeredAdult, {
      save: apiError(422, 'This e-mail belongs to another passenger of the booking', {
        field: 'eMail',
      }),
    });
    const form = await passengerForm('Passenger 1 · Adult');
    await user.click(form.save());
    await waitFor(() =>
      expect(form.problem()).toBe('ErrorThis e-mail belongs to another passenger of the booking'),
    );
    expect(form.errorOf(form.text('E-mail'))).toBe(
      'This e-mail belongs to another passenger of the booking',
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('the passenger form in Spanish', () => {
  beforeEach(() => speak('es'));

  it('says the missing fields and the missing card expiry in Spanish', async () => {
    const { user } = renderPassenger(slot(CustomerTypeId.student, 'Estudiante'));
    const form = await passengerForm('Pasajero 1 · Estudiante');
    await user.click(form.save());
    expect(form.problem()).toBe('ErrorPor favor complete todos los campos');
    resetApp();

    const again = renderPassenger(slot(CustomerTypeId.student, 'Estudiante', clientId), {
      stored: { ...record, birthdateStr: '2008-02-10' },
    });
    const filled = await passengerForm('Pasajero 1 · Estudiante');
    await again.user.click(filled.save());
    expect(filled.problem()).toBe('ErrorPor favor confirme todos los campos');
    expect(filled.text('Vencimiento del carné de estudiante').getAttribute('aria-invalid')).toBe(
      'true',
    );
  });
});
