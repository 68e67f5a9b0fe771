import { randomInt } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { addYears, type DepartureCrew, todayInLima } from '@cusco/shared';
import { expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  nextTravelDate,
  signInApi,
  signInThroughApi,
} from '../support/api.ts';
import {
  baseUrl,
  describeInBrowser,
  downloadedBytes,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  visit,
} from '../support/browser.ts';
import { adminText } from '../support/catalog.ts';

/**
 * The guide's manifest (issue 29): staff open a departure's manifest, see its crew and the
 * travellers' emergency contacts, and download the PDF the guide takes on the trail, which holds
 * the crew's and the travellers' names, allergies and emergency contacts. The crew is put on the
 * roster and assigned through the crew's API (POST admin/crew, admin/departures/{tour}/{date}/crew).
 */

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
/** A DNI of 8 digits no other run of the suite's product has used. */
const dni = () => String(randomInt(10_000_000, 100_000_000));
const crew = [
  {
    first: 'Wilber',
    last: 'Condori Huamán',
    role: 'guide',
    document: dni(),
    phone: '+51 984 222 000',
  },
  {
    first: 'Justina',
    last: 'Mamani Apaza',
    role: 'cook',
    document: dni(),
    phone: '+51 984 444 000',
  },
];

describeInBrowser("the guide's manifest (issue 29)", () => {
  useBrowser();

  it('shows the crew and emergency contacts, and the PDF holds them with the allergies', async () => {
    const api = async (path: string, token: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}/api/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(response.ok, `${path}: ${response.status}`).toBe(true);
      return response.json();
    };
    // A customer's booking of two, a year on, with both travellers registered.
    const day = nextTravelDate();
    const customer = await createCustomer('Ruth', 'Condori');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, TOUR, { adults: 2 }, day);
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
    // The crew: put on the roster by an administrator (the guide with a valid licence), then
    // assigned to the departure (its row exists: the booking took its seats).
    const admin = await signInApi(demo.admin.email, demo.admin.password);
    for (const member of crew) {
      const created = (await api('admin/crew', admin.token, {
        firstName: member.first,
        lastName: member.last,
        role: member.role,
        documentType: 'dni',
        documentNumber: member.document,
        countryId: 'PE',
        birthDate: '1984-02-11',
        phone: member.phone,
        languages: ['es', 'qu'],
        ...(member.role === 'guide'
          ? { licenceNumber: 'GOT-4471', licenceExpiry: addYears(todayInLima(), 3) }
          : {}),
      })) as { id: string };
      await api(`admin/departures/${TOUR}/${day}/crew`, admin.token, { crewMemberId: created.id });
    }
    const assigned = (await api(
      `admin/departures/${TOUR}/${day}/crew`,
      admin.token,
    )) as DepartureCrew;
    expect(assigned.crew.map((member) => member.role).sort()).toEqual(['cook', 'guide']);

    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, demo.agent.email, demo.agent.password);
    await visit(page, `/admin/departures/${TOUR}/${day}`);
    // The crew, in the departure's crew section: name and phone, role.
    const crewSection = page.getByRole('region', { name: adminText('en', 'crew.section.title') });
    const crewRow = (member: (typeof crew)[number]) =>
      crewSection.getByRole('row').filter({ hasText: `${member.first} ${member.last}` });
    for (const member of crew) {
      await expect.poll(() => crewRow(member).textContent()).toContain(member.phone);
      expect(await crewRow(member).textContent()).toContain(
        adminText('en', `crew.roles.${member.role}`),
      );
    }
    expect(await crewSection.getByRole('row').count()).toBe(3); // the header and the two
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
    const pdf = await downloadedBytes(download);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Crew (2)',
      'Condori Huamán, Wilber',
      'Guide',
      `DNI ${crew[0]?.document}`,
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
