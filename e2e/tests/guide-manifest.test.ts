import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { addYears, todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  signInApi,
  signInThroughApi,
} from '../support/api.ts';
import {
  describeInBrowser,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  visit,
} from '../support/browser.ts';
import { type RunningProduct, startProduct } from '../support/product.ts';

/**
 * The guide's manifest (issue 29): staff open a departure's manifest, see its crew and the
 * travellers' emergency contacts, and download the PDF the guide takes on the trail, which holds
 * the crew's and the travellers' names, allergies and emergency contacts.
 *
 * The crew is written straight into the database (the roster's screens are another part of the
 * issue), so this file runs its own product on a fresh PostgreSQL database, which `psql` can
 * reach while the product runs (the suite's product keeps its embedded database to itself).
 */
const postgres = process.env.TEST_DATABASE_URL;
if (!postgres && process.env.CI === 'true') {
  throw new Error('CI=true but TEST_DATABASE_URL is not set: the guide manifest test needs it');
}

/** Runs SQL on a database with psql, stopping at the first error; answers what it prints. */
function psql(url: string, sql: string): string {
  return execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-t', '-A', '-c', sql], {
    encoding: 'utf8',
  }).trim();
}

/** The text a PDF draws: pdf-lib writes `<hex> Tj` of WinAnsi codes in deflated streams. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      texts.push(Buffer.from(text[1] ?? '', 'hex').toString('latin1'));
    }
  }
  return texts.join(' ');
}

const TOUR = '100401';
const crew = [
  { first: 'Wilber', last: 'Condori Huamán', role: 'guide', document: '40111222' },
  { first: 'Justina', last: 'Mamani Apaza', role: 'cook', document: '40333444' },
];

(postgres ? describeInBrowser : describe.skip)("the guide's manifest (issue 29)", () => {
  useBrowser();
  let product: RunningProduct;
  let databaseUrl = '';
  const database = `e2e_manifest_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    const url = new URL(postgres ?? '');
    psql(url.toString(), `create database ${database}`);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    product = await startProduct({ DATABASE_URL: databaseUrl, RATE_LIMIT_SCALE: '5' });
  });
  afterAll(async () => {
    await product?.stop();
    if (postgres) psql(postgres, `drop database if exists ${database} with (force)`);
  });

  it('shows the crew and emergency contacts, and the PDF holds them with the allergies', async () => {
    const server = product.baseUrl;
    const api = async (path: string, token: string, body?: unknown) => {
      const response = await fetch(`${server}/api/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(response.ok, `${path}: ${response.status}`).toBe(true);
      return response.json();
    };
    // A customer's booking of two, a year on, with both travellers registered.
    let date = dayjs(addYears(todayInLima(), 1)).add(3, 'day');
    while (date.month() === 1) date = date.add(1, 'day');
    const day = date.format('YYYY-MM-DD');
    const customer = await createCustomer('Ruth', 'Condori', server);
    const session = await signInApi(customer.email, customer.password, server);
    const booking = await createBooking(session.token, TOUR, { adults: 2 }, day, server);
    const first = async (list: string, name?: string) => {
      const items = (await api(list, session.token)) as { id: string; name: string }[];
      return (name ? items.find((item) => item.name === name) : items[0])?.id ?? '';
    };
    const options = {
      sexId: await first('optionlist/listbykey/sex'),
      documentTypeId: await first('optionlist/listbykey/DocumentType'),
      maritalStatusId: await first('optionlist/listbykey/MaritalStatus'),
      jobId: await first('job/list'),
      foodPreferencesId: await first('optionlist/listbykey/FoodPreference', 'Vegetarian'),
      travelPurposeId: await first('optionlist/listbykey/TravelPurpose'),
      trekkingExperienceId: await first('optionlist/listbykey/TrekkingExperience'),
    };
    const detail = (await api(`tour/booking/${booking.code}`, session.token)) as {
      passangerRegistry: { id: string }[];
    };
    const travellers = [
      {
        firstName: 'Julia',
        lastName: 'Ccori',
        documentNumber: 'PE4471902',
        allergyObservation: 'Peanuts and shellfish',
        medicalRequirement: null,
        emergencyContactName: 'Pedro Ccori',
        emergencyContactPhone: '+51 984 777 888',
      },
      {
        firstName: 'Łucja',
        lastName: 'Wiśniewska',
        documentNumber: 'EK1234567',
        allergyObservation: null,
        medicalRequirement: 'Asthma, inhaler',
        emergencyContactName: 'Anna Nowak',
        emergencyContactPhone: '+48 600 111 222',
      },
    ];
    for (const [index, traveller] of travellers.entries()) {
      await api(`client/${detail.passangerRegistry[index]?.id}/create`, session.token, {
        ...options,
        ...traveller,
        eMail: `traveller${index}@example.com`,
        birthDate: '1991-06-15',
        expirationDate: addYears(todayInLima(), 5),
        countryId: 'PE',
        mobileNumber: '+51 984 222 333',
        foodObservation: null,
        travelPurposeObservation: null,
        trekkingExperienceObservation: null,
        dateExpirationCard: null,
        bookingcode: booking.code,
      });
    }
    // The crew assigned to the departure (its row exists: the booking took its seats).
    for (const member of crew) {
      psql(
        databaseUrl,
        `with member as (
           insert into crew_members (first_name, last_name, role, document_type, document_number,
             country_id, birth_date, phone, languages)
           values ('${member.first}', '${member.last}', '${member.role}', 'dni', '${member.document}',
             'PE', '1984-02-11', '+51 984 ${member.document.slice(-3)} 000', '{es,qu}')
           returning id)
         insert into crew_assignments (tour_id, date, crew_member_id, role, last_day, assigned_by)
         select tours.id, '${day}', member.id, '${member.role}', '${date.add(3, 'day').format('YYYY-MM-DD')}', users.id
         from member, tours, users
         where tours.code = '${TOUR}' and users.email = '${demo.agent.email}'`,
      );
    }

    const page = await openPage('desktop', 'en', server);
    await visit(page, '/login');
    await signInThroughApi(page, demo.agent.email, demo.agent.password, server);
    await visit(page, `/admin/departures/${TOUR}/${day}`);
    const crewBlock = page.getByRole('region', { name: 'Crew (2)' });
    await expect.poll(() => crewBlock.isVisible()).toBe(true);
    const members = crewBlock.getByRole('listitem');
    await expect.poll(() => members.count()).toBe(2);
    expect(await members.nth(0).textContent()).toMatch(
      /Wilber Condori Huamán\s*Guide.*DNI 40111222 · Peru.*Spanish, Quechua/,
    );
    expect(await members.nth(1).textContent()).toMatch(/Justina Mamani Apaza\s*Cook/);
    // Each traveller's emergency contact, in the row of the traveller.
    for (const traveller of travellers) {
      const row = page
        .getByRole('row')
        .filter({ hasText: `${traveller.firstName} ${traveller.lastName}` });
      await expect.poll(() => row.textContent()).toContain(traveller.emergencyContactName);
      expect(await row.textContent()).toContain(traveller.emergencyContactPhone);
    }
    await expect
      .poll(() => page.getByTestId('manifest-diets').textContent())
      .toBe('Diets: 2 Vegetarian');
    await expectAccessible(page);
    await screenshot(page, 'admin-guide-manifest-desktop-en');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Print PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`manifest-${TOUR}-${day}.pdf`);
    const pdf = await readFile((await download.path()) as string);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Crew (2)',
      'Condori Huamán, Wilber',
      'Guide',
      'DNI 40111222',
      'Mamani Apaza, Justina',
      'Ccori, Julia',
      // Polish letters outside the standard font, as the passport's machine-readable zone has it.
      'Wisniewska, Lucja',
      'Peanuts and shellfish',
      'Asthma, inhaler',
      'Pedro Ccori',
      '+51 984 777 888',
      'Anna Nowak',
      '+48 600 111 222',
      '2 travellers · 2 crew members · 4 people in all',
    ]) {
      expect(text).toContain(expected);
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-guide-manifest-phone-en');
  });
});
