import { type AdminManifest, adminManifest, bookingDetail, clientRecord } from '@cusco/shared';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  type PDFRawStream,
  type PDFStream,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { crewAssignments, crewMembers, departures, tours } from '../src/db/schema.ts';
import { printable } from '../src/lib/pdf-text.ts';
import { manifestPdf } from '../src/modules/admin/manifest-pdf.ts';
import { demoAccountIds, demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, nextTestDate, postBooking } from './support/bookings.ts';
import {
  detailOf,
  loadPassengerOptions,
  type PassengerOptions,
  passengerBody,
} from './support/passengers.ts';

/**
 * The guide's manifest (issue 29): the departure's crew (staff-only data), the travellers by
 * booking with their ages, diets, allergies, medical notes and emergency contacts, the counts; as
 * JSON, CSV and an A4 PDF whose text is read back here from its content streams.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let agent: Session;
let corporate: Session;
let customer: Session;
let options: PassengerOptions;
const TOUR = '100401';
let tourId: string;
/** The departure with crew and 60 travellers; one with travellers only; one with crew only. */
let date: string;
let bare: string;
let crewOnly: string;
const codes: string[] = [];

const BOOKINGS = 15;
const PER_BOOKING = 4;
const TRAVELLERS = BOOKINGS * PER_BOOKING;

/** A long emergency contact (120 characters at most): printed whole, over several lines. */
const LONG_CONTACT =
  'María Fernanda de los Ángeles Quispe Huamán de la Torre y Villavicencio, her mother (speaks Spanish only)';
const ALLERGY = 'Peanuts and shellfish: anaphylaxis, has an EpiPen';
const MEDICAL = 'Asthma; inhaler in the day pack';

const crew = [
  {
    firstName: 'Rosa',
    lastName: 'Quispe Mamani',
    role: 'guide' as const,
    documentType: 'dni' as const,
    documentNumber: '45678912',
    phone: '+51 984 555 111',
    languages: ['es', 'en', 'qu'],
    licenceNumber: 'GL-2031-77',
  },
  {
    firstName: 'Juan',
    lastName: 'Huamán Ccori',
    role: 'cook' as const,
    documentType: 'dni' as const,
    documentNumber: '41234567',
    phone: '+51 984 555 222',
    languages: ['qu', 'es'],
    licenceNumber: null,
  },
];

/** The name each traveller is registered with: a Polish one, a Chinese one, then plain ones. */
function travellerName(index: number) {
  if (index === 0) return { firstName: 'Łucja', lastName: 'Wiśniewska' };
  if (index === 1) return { firstName: '小明', lastName: '王' };
  return { firstName: 'Ana', lastName: `Traveller${String(index).padStart(2, '0')}` };
}

const option = (list: keyof PassengerOptions, name: string) => {
  const found = options[list].find((item) => item.name === name);
  if (!found) throw new Error(`no ${name} in ${list}`);
  return found.id;
};

/** Which diet each traveller has: every fourth vegetarian, two gluten-free, the rest none. */
function dietOf(index: number) {
  if (index % 4 === 0) return 'Vegetarian';
  if (index === 3 || index === 7) return 'Gluten-free';
  return 'No restrictions';
}

async function insertCrew(day: string, members: typeof crew) {
  for (const member of members) {
    const [row] = await db
      .insert(crewMembers)
      .values({ ...member, countryId: 'PE', birthDate: '1985-04-12', sex: 'female' })
      .onConflictDoNothing()
      .returning({ id: crewMembers.id });
    const id =
      row?.id ??
      (
        await db
          .select({ id: crewMembers.id })
          .from(crewMembers)
          .where(eq(crewMembers.documentNumber, member.documentNumber))
      )[0]?.id;
    if (!id) throw new Error('crew member not stored');
    await db.insert(crewAssignments).values({
      tourId,
      date: day,
      crewMemberId: id,
      role: member.role,
      lastDay: dayjs(day).add(3, 'day').format('YYYY-MM-DD'),
      assignedBy: demoAccountIds.agent,
    });
  }
}

async function book(day: string, adults: number) {
  const tour = await loadTour(app, TOUR);
  const body = bookingFor(tour, { adults, date: day });
  const response = await postBooking(app, customer.token, body);
  expect(response.statusCode, response.body).toBe(201);
  return { code: response.json().code as string, amount: body.amount };
}

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  corporate = await signIn(app, demoAccounts.corporate.email, demoAccounts.corporate.password);
  customer = await signUpAndIn(app, { name: 'Yolanda', lastname: 'Choque' });
  options = await loadPassengerOptions(app, customer.token);
  const [tour] = await db.select({ id: tours.id }).from(tours).where(eq(tours.code, TOUR));
  tourId = tour?.id ?? '';
  date = nextTestDate();
  bare = nextTestDate();
  crewOnly = nextTestDate();
  // The departures' rows, with room for a large group (60 travellers and their crew).
  await db
    .insert(departures)
    .values([date, crewOnly].map((day) => ({ tourId, date: day, capacity: 99, permits: 500 })));
  await insertCrew(date, crew);
  await insertCrew(crewOnly, crew.slice(0, 1));

  for (let b = 0; b < BOOKINGS; b += 1) {
    const booking = await book(date, PER_BOOKING);
    codes.push(booking.code);
    // Every booking paid at the desk but the last: an unpaid hold, listed apart.
    if (b < BOOKINGS - 1) {
      const paid = await app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${booking.code}/payments`,
        headers: bearer(agent.token),
        payload: { amount: booking.amount, method: 'cash' },
      });
      expect(paid.statusCode, paid.body).toBe(201);
    }
    const detail = await detailOf(app, customer.token, booking.code);
    for (const slot of detail.passangerRegistry) {
      const index = b * PER_BOOKING + slot.number - 1;
      const saved = await app.inject({
        method: 'POST',
        url: `/api/client/${slot.id}/create`,
        headers: bearer(customer.token),
        payload: passengerBody(options, booking.code, {
          ...travellerName(index),
          // 29 on the travel date: 30 the day after.
          birthDate: dayjs(date).subtract(30, 'year').add(1, 'day').format('YYYY-MM-DD'),
          documentNumber: `P${String(7000000 + index)}`,
          foodPreferencesId: option('FoodPreference', dietOf(index)),
          foodObservation: index === 0 ? 'No mushrooms 🍄' : null,
          allergyObservation: index === 0 ? ALLERGY : null,
          medicalRequirement: index === 2 ? MEDICAL : '',
          emergencyContactName: index === 0 ? LONG_CONTACT : index % 2 ? `Pedro ${index}` : null,
          emergencyContactPhone: index % 2 || index === 0 ? `+48 600 111 ${100 + index}` : null,
        }),
      });
      expect(saved.statusCode, saved.body).toBe(201);
    }
  }
  const pickup = await app.inject({
    method: 'PUT',
    url: `/api/admin/bookings/${codes[0]}/pickup`,
    headers: bearer(agent.token),
    payload: { pickupPlace: 'Hotel Ruinas, Calle Ruinas 472' },
  });
  expect(pickup.statusCode, pickup.body).toBe(200);
  await book(bare, 1);
}, 120_000);
afterAll(async () => ctx?.close());

const get = (token: string, url: string, language = 'en') =>
  app.inject({
    url: `/api/admin/departures/${url}`,
    headers: { ...bearer(token), 'accept-language': language },
  });

async function manifestOf(day: string, language = 'en'): Promise<AdminManifest> {
  const response = await get(agent.token, `${TOUR}/${day}/manifest`, language);
  expect(response.statusCode, response.body).toBe(200);
  return adminManifest.parse(response.json());
}

/** WinAnsi's codes 0x80–0x9F (the rest is Latin-1). */
const WIN_ANSI: Record<number, string> = {
  128: '€',
  133: '…',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  149: '•',
  150: '–',
  151: '—',
};

/**
 * The text of each page of a PDF, in drawing order: pdf-lib writes each text as `<hex> Tj` of
 * its WinAnsi codes in the page's (deflated) content streams, read here with pdf-lib itself.
 */
async function pdfPages(bytes: Uint8Array): Promise<string[][]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams: PDFStream[] =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => pdf.context.lookup(ref) as PDFStream)
        : contents
          ? [contents]
          : [];
    const operators = streams
      .map((stream) =>
        Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1'),
      )
      .join('\n');
    return [...operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) =>
      [...Buffer.from(match[1] ?? '', 'hex')]
        .map((code) => WIN_ANSI[code] ?? String.fromCharCode(code))
        .join(''),
    );
  });
}

async function guidePdf(day: string, language = 'en') {
  const response = await get(agent.token, `${TOUR}/${day}/manifest.pdf`, language);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const pages = await pdfPages(response.rawPayload);
  return { pages, text: pages.map((lines) => lines.join(' ')).join(' ') };
}

describe('the manifest answer (issue 29)', () => {
  it('holds the crew, and each traveller’s age, sex, diet, allergies, notes and emergency contact', async () => {
    const manifest = await manifestOf(date);
    expect(manifest).toMatchObject({
      tourCode: TOUR,
      date,
      days: 4,
      endDate: dayjs(date).add(3, 'day').format('YYYY-MM-DD'),
      total: TRAVELLERS,
    });
    expect(manifest.meeting).toMatch(/hotel in Cusco/);
    // The guide first, then the cook (the roles' order), with what the checkpoint asks.
    expect(manifest.crew).toEqual([
      expect.objectContaining({
        firstName: 'Rosa',
        lastName: 'Quispe Mamani',
        role: 'guide',
        roleName: 'Guide',
        documentType: 'DNI',
        documentNumber: '45678912',
        nationality: 'Peru',
        phone: '+51 984 555 111',
        languages: ['es', 'en', 'qu'],
      }),
      expect.objectContaining({ lastName: 'Huamán Ccori', role: 'cook', roleName: 'Cook' }),
    ]);
    const polish = manifest.passengers.find((p) => p.lastName === 'Wiśniewska');
    expect(polish).toMatchObject({
      name: 'Łucja',
      age: 29,
      sex: options.sex[0]?.name,
      foodPreference: 'Vegetarian',
      diet: 'Vegetarian; No mushrooms 🍄',
      allergies: ALLERGY,
      emergencyContactName: LONG_CONTACT,
      emergencyContactPhone: '+48 600 111 100',
      pickupPlace: 'Hotel Ruinas, Calle Ruinas 472',
    });
    expect(manifest.passengers.find((p) => p.lastName === 'Traveller02')).toMatchObject({
      medicalNotes: MEDICAL,
      emergencyContactName: null,
      emergencyContactPhone: null,
    });
    expect(manifest.diets).toEqual([
      { name: 'No restrictions', count: 43 },
      { name: 'Vegetarian', count: 15 },
      { name: 'Gluten-free', count: 2 },
    ]);
    // In Spanish: the crew's roles and documents too.
    const spanish = await manifestOf(date, 'es');
    expect(spanish.crew[0]).toMatchObject({ roleName: 'Guía', nationality: 'Perú' });
    expect(spanish.diets[0]).toEqual({ name: 'Sin restricciones', count: 43 });
  });

  it('says no crew yet where none is assigned, has a manifest with crew alone, 404 with neither', async () => {
    const manifest = await manifestOf(bare);
    expect(manifest.crew).toEqual([]);
    expect(manifest.total).toBe(1);
    expect(manifest.diets).toEqual([{ name: 'not told', count: 1 }]);
    const { text } = await guidePdf(bare);
    expect(text).toContain('No crew assigned yet');

    const crewAlone = await manifestOf(crewOnly);
    expect(crewAlone.passengers).toEqual([]);
    expect(crewAlone.crew.map((member) => member.lastName)).toEqual(['Quispe Mamani']);
    expect((await guidePdf(crewOnly)).text).toContain('Quispe Mamani, Rosa');

    const nobody = dayjs(crewOnly).add(1, 'day').format('YYYY-MM-DD');
    for (const suffix of ['', '.csv', '.pdf']) {
      expect((await get(agent.token, `${TOUR}/${nobody}/manifest${suffix}`)).statusCode).toBe(404);
    }
    expect((await get(agent.token, `999999/${date}/manifest`)).statusCode).toBe(404);
  });

  it('is staff-only: 404 to a customer and a corporate user (crew documents never leak), 401 without a session', async () => {
    for (const suffix of ['', '.csv', '.pdf']) {
      const url = `${TOUR}/${date}/manifest${suffix}`;
      for (const token of [customer.token, corporate.token]) {
        const response = await get(token, url);
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('45678912');
      }
      const anonymous = await app.inject({ url: `/api/admin/departures/${url}` });
      expect(anonymous.statusCode, url).toBe(401);
    }
    // The customer's own booking detail has their travellers' emergency contacts, never the crew.
    const detail = await app.inject({
      url: `/api/tour/booking/${codes[0]}`,
      headers: bearer(customer.token),
    });
    const registry = bookingDetail.parse(detail.json()).passangerRegistry;
    expect(registry[0]).toMatchObject({
      emergencyContactName: LONG_CONTACT,
      emergencyContactPhone: '+48 600 111 100',
    });
    expect(detail.body).not.toContain('45678912');
  });
});

describe("the guide's PDF", () => {
  it('has the header, the crew, every traveller once by booking, and the counts', async () => {
    const { pages, text } = await guidePdf(date);
    const first = pages[0] ?? [];
    expect(first[0]).toBe(`Guide's manifest: ${(await manifestOf(date)).tour}`);
    expect(text).toContain(
      `${TOUR} · 4 days, ${date} to ${dayjs(date).add(3, 'day').format('YYYY-MM-DD')}`,
    );
    expect(text).toMatch(/Pickup: .*hotel in Cusco/);
    expect(text).toContain('Pickup places: ');
    expect(text).toContain('Hotel Ruinas, Calle Ruinas 472 (4)');
    // The crew, with their documents, phones and languages by name.
    expect(text).toContain('Crew (2)');
    for (const expected of [
      'Quispe Mamani, Rosa',
      'Guide',
      'DNI 45678912',
      '+51 984 555 111',
      'Spanish, English, Quechua',
      'Cook',
      'DNI 41234567',
    ]) {
      expect(text).toContain(expected);
    }
    // "Huamán" is in WinAnsi: printed as written.
    expect(text).toContain('Huamán Ccori, Juan');

    // Every traveller once, in a group under their booking's title.
    for (let index = 2; index < TRAVELLERS; index += 1) {
      const name = `Traveller${String(index).padStart(2, '0')}, Ana`;
      expect(text.split(name).length - 1, name).toBe(1);
    }
    for (const code of codes) {
      expect(text).toContain(`Booking ${code} · lead contact Yolanda Choque`);
    }
    expect(text).toContain('Unpaid holds');
    // Ages on the travel date, documents, allergies, medical notes and emergency contacts whole.
    // A row's cells in order: number, name, age, sex, nationality, document…
    const lines = pages.flat();
    const row = lines.indexOf('Traveller05, Ana');
    expect(lines.slice(row + 1, row + 5)).toEqual([
      '29',
      options.sex[0]?.name,
      'Peru',
      `${options.DocumentType[0]?.name} P7000005`,
    ]);
    expect(text).toContain(ALLERGY);
    expect(text).toContain(MEDICAL);
    expect(text).toContain(LONG_CONTACT);
    expect(text).toContain('+48 600 111 100');
    expect(text).toContain('Pedro 3 +48 600 111 103');
    // The counts: travellers, crew, everyone; the diets for the cook; allergies and notes.
    expect(text).toContain('60 travellers · 2 crew members · 62 people in all');
    expect(text).toContain('Diets: 43 No restrictions, 15 Vegetarian, 2 Gluten-free');
    expect(text).toContain('With allergies: 1 · with medical notes: 1');
  });

  it('goes on over pages, each with the table header again and its number', async () => {
    const { pages } = await guidePdf(date);
    expect(pages.length).toBeGreaterThan(2);
    const travellersOn = (lines: string[]) =>
      lines.filter((line) => /^Traveller\d\d, Ana$/.test(line));
    pages.forEach((lines, index) => {
      expect(lines.at(-1), `page ${index + 1}`).toContain(`Page ${index + 1} of ${pages.length}`);
      if (travellersOn(lines).length > 0) {
        // The traveller table's header, whole, before the first row of the page.
        const header = lines.indexOf('Emergency contact');
        expect(header, `page ${index + 1}`).toBeGreaterThanOrEqual(0);
        expect(header).toBeLessThan(lines.indexOf(travellersOn(lines)[0] ?? ''));
        for (const label of ['Passenger', 'Age', 'Sex', 'Nationality', 'Allergies', 'Checked']) {
          expect(lines, `page ${index + 1}`).toContain(label);
        }
      }
    });
    // Each page's rows start under their booking's title: a booking cut by the page break goes
    // on under its title again, "continued" (which booking is cut depends on the codes' order).
    const titles = new Set<string>();
    for (const lines of pages) {
      const rows = travellersOn(lines);
      if (rows.length === 0) continue;
      const title = lines[lines.indexOf('Checked') + 1] ?? '';
      expect(title).toMatch(/^Booking CT-\w+ · lead contact/);
      if (title.endsWith(' (continued)')) {
        expect(titles).toContain(title.replace(' (continued)', ''));
      }
      for (const line of lines) if (line.startsWith('Booking ')) titles.add(line);
    }
  });

  it('prints a Polish name as its passport’s machine-readable zone has it, and Chinese as ?, saying so', async () => {
    const { text } = await guidePdf(date);
    expect(text).toContain('Wisniewska, Lucja');
    expect(text).toContain('?, ??');
    expect(text).toContain('Vegetarian; No mushrooms ?');
    expect(text).toContain('? stands for a character this PDF cannot print');
    // The screen and the CSV keep the name as written.
    const csv = await get(agent.token, `${TOUR}/${date}/manifest.csv`);
    expect(csv.body).toContain('"Łucja","Wiśniewska"');
    expect(csv.body).toContain('"小明","王"');
  });

  it('is labelled in Spanish for a Spanish request', async () => {
    const { text } = await guidePdf(date, 'es');
    for (const expected of [
      'Manifiesto del guía: ',
      'Equipo (2)',
      'Guía',
      'Contacto de emergencia',
      'Alergias',
      '60 viajeros · 2 miembros del equipo · 62 personas en total',
      'Dietas: 43 Sin restricciones, 15 Vegetariano, 2 Sin gluten',
      'Página 1 de',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('the CSV', () => {
  it('ends each row with the age, sex, allergies and emergency contact', async () => {
    const manifest = await manifestOf(date);
    const csv = await get(agent.token, `${TOUR}/${date}/manifest.csv`);
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toMatch(/"Age","Sex","Allergies","Emergency contact","Emergency phone"$/);
    const polish = manifest.passengers.findIndex((p) => p.lastName === 'Wiśniewska');
    const fields = rows[polish]?.slice(1, -1).split('","') ?? [];
    expect(fields.slice(-5)).toEqual([
      '29',
      options.sex[0]?.name,
      ALLERGY,
      LONG_CONTACT,
      // A leading + is defused for spreadsheets, as every formula-like value.
      "'+48 600 111 100",
    ]);
  });
});

describe('the emergency contact on a passenger save', () => {
  async function slotAndClient() {
    const { code } = await book(bare, 1);
    const detail = await detailOf(app, customer.token, code);
    const slot = detail.passangerRegistry[0];
    if (!slot) throw new Error('no slot');
    const created = await app.inject({
      method: 'POST',
      url: `/api/client/${slot.id}/create`,
      headers: bearer(customer.token),
      payload: passengerBody(options, code, {
        emergencyContactName: '  Pedro Quispe  ',
        emergencyContactPhone: '+51 (84) 123-456',
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    return { code, id: created.json().id as string };
  }

  const record = async (id: string) => {
    const response = await app.inject({
      url: `/api/client/${id}`,
      headers: bearer(customer.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return clientRecord.parse(response.json());
  };

  it('is trimmed and stored, kept when a save leaves it out, cleared when emptied', async () => {
    const { code, id } = await slotAndClient();
    expect(await record(id)).toMatchObject({
      emergencyContactName: 'Pedro Quispe',
      emergencyContactPhone: '+51 (84) 123-456',
    });
    // A save that does not know the fields (an older form, an import) keeps them.
    const kept = await app.inject({
      method: 'PUT',
      url: `/api/client/${id}/update`,
      headers: bearer(customer.token),
      payload: passengerBody(options, code, { firstName: 'Lucía Rosa' }),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await record(id)).toMatchObject({
      firstname: 'Lucía Rosa',
      emergencyContactName: 'Pedro Quispe',
    });
    // Staff at the desk change it, through their own route, with the same rules.
    const byStaff = await app.inject({
      method: 'PUT',
      url: `/api/admin/clients/${id}`,
      headers: bearer(agent.token),
      payload: passengerBody(options, code, {
        emergencyContactName: 'Carmen Quispe',
        emergencyContactPhone: '',
      }),
    });
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    expect(await record(id)).toMatchObject({
      emergencyContactName: 'Carmen Quispe',
      emergencyContactPhone: null,
    });
    const cleared = await app.inject({
      method: 'PUT',
      url: `/api/client/${id}/update`,
      headers: bearer(customer.token),
      payload: passengerBody(options, code, {
        emergencyContactName: '',
        emergencyContactPhone: null,
      }),
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await record(id)).toMatchObject({
      emergencyContactName: null,
      emergencyContactPhone: null,
    });
  });

  it('refuses a name over 120 characters and a phone with letters, naming the field (400)', async () => {
    const { code, id } = await slotAndClient();
    const cases = [
      { field: 'emergencyContactName', value: 'x'.repeat(121), message: 'At most 120 characters' },
      {
        field: 'emergencyContactPhone',
        value: 'call Pedro',
        message: 'Use only digits, spaces, +, - and parentheses',
      },
      {
        field: 'emergencyContactPhone',
        value: `+${'1'.repeat(50)}`,
        message: 'At most 50 characters',
      },
      { field: 'emergencyContactName', value: 42, message: undefined },
    ];
    for (const { field, value, message } of cases) {
      for (const [url, token] of [
        [`/api/client/${id}/update`, customer.token],
        [`/api/admin/clients/${id}`, agent.token],
      ] as const) {
        const response = await app.inject({
          method: 'PUT',
          url,
          headers: bearer(token),
          payload: passengerBody(options, code, { [field]: value }),
        });
        expect(response.statusCode, `${url} ${field}: ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({ field, ...(message ? { message } : {}) });
      }
    }
    // A name of exactly 120 characters is taken.
    const longest = await app.inject({
      method: 'PUT',
      url: `/api/client/${id}/update`,
      headers: bearer(customer.token),
      payload: passengerBody(options, code, { emergencyContactName: 'y'.repeat(120) }),
    });
    expect(longest.statusCode, longest.body).toBe(200);
  });
});

describe('the PDF, built directly', () => {
  const traveller = (index: number): AdminManifest['passengers'][number] => ({
    bookingCode: 'CT-LONG01',
    position: index + 1,
    customerType: 'Adult',
    customerName: 'Yolanda Choque',
    name: 'Ana',
    lastName: `Row${String(index).padStart(2, '0')}`,
    documentType: 'Passport',
    documentNumber: `X${index}`,
    nationality: 'Peru',
    birthDate: '1990-01-01',
    completeness: 100,
    hasScan: true,
    customerPhone: '+51 1',
    diet: 'Vegetarian; no onions, no garlic, nothing fried',
    medical: '',
    pickupPlace: 'Hotel Ruinas',
    paid: true,
    age: 41,
    sex: 'Female',
    foodPreference: 'Vegetarian',
    allergies: 'Penicillin, latex and bee stings (serious)',
    // One word longer than its cell: broken over lines, never cut.
    medicalNotes: 'Type1diabetes-insulin-pen-in-the-cool-bag-always',
    emergencyContactName: 'Pedro',
    emergencyContactPhone: '+51 2',
  });

  it('cuts one long booking over pages under its title "continued", every text whole', async () => {
    const passengers = Array.from({ length: 70 }, (_, index) => traveller(index));
    const bytes = await manifestPdf(
      {
        tourCode: TOUR,
        tour: 'Classic Inca Trail',
        date: '2031-05-04',
        total: passengers.length,
        complete: passengers.length,
        passengers,
        days: 4,
        endDate: '2031-05-07',
        meeting: '',
        crew: [],
        diets: [{ name: 'Vegetarian', count: 70 }],
      },
      'en',
    );
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(3);
    pages.slice(1).forEach((lines, index) => {
      expect(lines, `page ${index + 2}`).toContain('Emergency contact');
      expect(lines[lines.indexOf('Checked') + 1]).toBe(
        'Booking CT-LONG01 · lead contact Yolanda Choque +51 1 · pickup: Hotel Ruinas (continued)',
      );
    });
    const text = pages.map((lines) => lines.join(' ')).join(' ');
    for (let index = 0; index < 70; index += 1) {
      expect(text).toContain(
        `Row${String(index).padStart(2, '0')}, Ana 41 Female Peru Passport X${index}`,
      );
    }
    expect(text.split('Penicillin, latex and bee stings (serious)').length - 1).toBe(70);
    // The long word, broken over lines: its pieces put back together give it whole.
    const word = 'Type1diabetes-insulin-pen-in-the-cool-bag-always';
    const lines = pages.flat();
    expect(lines).not.toContain(word);
    expect(lines.slice(lines.indexOf('Row00, Ana'), lines.indexOf('Pedro')).join('')).toContain(
      word,
    );
    expect(text).not.toContain('? stands for');
  });

  it('prints what the standard font can, transliterates letters, and marks the rest', () => {
    const helvetica = new Set(
      [...Array(256).keys()].filter(
        (code) => code >= 0x20 && code !== 0x7f && (code < 0x80 || code >= 0xa0),
      ),
    );
    for (const [input, text, replaced] of [
      ['Łucja Wiśniewska', 'Lucja Wisniewska', false],
      ['Nguyễn Thị Đào', 'Nguyen Thi Dào', false],
      ['Peña Ñuñez, São, Müller', 'Peña Ñuñez, São, Müller', false],
      ['王小明', '???', true],
      ['Иван', '????', true],
      ['Ana 👨‍👩‍👧 🌶️', 'Ana ? ?', true],
      ['ﬁne\tline\nbreak\u200b', 'fine line break', false],
    ] as const) {
      expect(printable(input, helvetica), input).toEqual({ text, replaced });
    }
  });
});
