import { randomInt, randomUUID } from 'node:crypto';
import {
  type AdminTrail,
  addYears,
  type GuideManifest,
  type StaffMember,
  type TrailAction,
  type TrailActionsResponse,
  todayInLima,
  translate,
} from '@cusco/shared';
import dayjs from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  registerFirstPassenger,
  signInApi,
  signInThroughApi,
} from '../support/api.ts';
import {
  baseUrl,
  describeInBrowser,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  visit,
} from '../support/browser.ts';
import { adminText } from '../support/catalog.ts';

/**
 * The back office's side of the trail (issue 32): an administrator makes a guide's account for a
 * person of the crew roster on the staff screen; the person is assigned to a departure with a
 * booking; the guide, signed in, downloads the departure and sends what was done on the trail
 * (POST guide/actions, as the guide's phone does when it has a network); a second guide's
 * check-in of the same traveller comes second. The departure's manifest shows all of it in its
 * "On the trail" region, once, after its Refresh button; on a phone in Spanish too.
 */

useBrowser();

/** Machu Picchu full day by train (booked up to the day before). */
const TOUR = '400101';
const t = (key: string, values?: Record<string, string | number>) => adminText('en', key, values);

/**
 * Tomorrow: guides record actions from the day before a departure (the briefing) on, and the
 * Machu Picchu full day can be booked until the day before. The suite's other bookings are a
 * year on.
 */
const tomorrow = () => dayjs(todayInLima()).add(1, 'day').format('YYYY-MM-DD');

/** Calls the API with a token; fails the test on an unexpected status. */
async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  token: string,
  { body, headers = {}, status = 200 }: { body?: unknown; headers?: object; status?: number } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A guide of the roster with a valid licence and a DNI no other run has used. */
async function addGuideToRoster(adminToken: string, firstName: string, lastName: string) {
  const created = await call<{ id: string }>('POST', 'admin/crew', adminToken, {
    body: {
      firstName,
      lastName,
      role: 'guide',
      documentType: 'dni',
      documentNumber: String(randomInt(10_000_000, 100_000_000)),
      countryId: 'PE',
      birthDate: '1985-07-02',
      phone: '+51 984 300 400',
      languages: ['es', 'en', 'qu'],
      licenceNumber: `GOT-${randomInt(1000, 10_000)}`,
      licenceExpiry: addYears(todayInLima(), 3),
    },
    status: 201,
  });
  return { id: created.id, firstName, lastName, name: `${firstName} ${lastName}` };
}

/** Chooses an option of a select (typing `search` first in a searchable one). */
async function choose(page: Page, label: RegExp | string, option: string, search?: string) {
  const field = page.getByRole('combobox', { name: label });
  await expect.poll(() => field.isEnabled()).toBe(true);
  await expect
    .poll(async () => {
      if ((await field.inputValue()) !== option) {
        await field.click();
        if (search) await field.fill(search);
        await page.getByRole('option', { name: option, exact: true }).click();
      }
      return field.inputValue();
    })
    .toBe(option);
}

describeInBrowser('the back office on the trail (issue 32)', () => {
  it("an administrator makes a guide's account; what the guides did on the trail shows on the departure's manifest", async () => {
    const admin = await signInApi(demo.admin.email, demo.admin.password);
    const stamp = randomUUID().slice(0, 6);
    const first = await addGuideToRoster(admin.token, 'Nilda', `Quispe Ttito ${stamp}`);
    const second = await addGuideToRoster(admin.token, 'Hilario', `Mamani Cusi ${stamp}`);

    // A departure with a booking of three; the first traveller registered, the others not yet.
    const day = tomorrow();
    const customer = await createCustomer('Valeria', 'Chávez');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, TOUR, { adults: 3 }, day);
    await registerFirstPassenger(session.token, booking.code);

    // The staff screen: a guide's account for the first guide of the roster.
    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, demo.admin.email, demo.admin.password);
    await visit(page, '/admin/staff');
    await page.getByRole('button', { name: t('staff.add') }).click();
    const dialog = page.getByRole('dialog', { name: t('staff.addTitle') });
    const guideEmail = `nilda.${stamp}@example.com`;
    const guidePassword = 'Wayllabamba-Trail-2027';
    await dialog.getByLabel(new RegExp(`^${t('staff.email')}`)).fill(guideEmail);
    await dialog.getByLabel(new RegExp(`^${t('staff.password')}`)).fill(guidePassword);
    await choose(page, t('staff.role'), t('staff.roles.guide'));
    await choose(
      page,
      new RegExp(`^${t('staff.crewMember')}`),
      t('staff.crewOption', { name: first.name, role: t('crew.roles.guide') }),
      first.lastName,
    );
    // The crew member's names fill the empty name fields.
    expect(await dialog.getByLabel(new RegExp(`^${t('staff.name')}`)).inputValue()).toBe(
      first.firstName,
    );
    expect(await dialog.getByLabel(new RegExp(`^${t('staff.lastName')}`)).inputValue()).toBe(
      first.lastName,
    );
    await expectAccessible(page);
    await screenshot(page, 'admin-staff-guide-account-desktop-en');
    await dialog.getByRole('button', { name: t('staff.add') }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const row = page.getByRole('row').filter({ hasText: guideEmail });
    await expect.poll(() => row.textContent()).toContain(first.name);
    expect(await row.textContent()).toContain(t('staff.roles.guide'));

    // Two administrators at once: one chooses the second guide in the dialog while another makes
    // that person's account (through the API); the dialog then says the API's refusal (409).
    await page.getByRole('button', { name: t('staff.add') }).click();
    await dialog.getByLabel(new RegExp(`^${t('staff.email')}`)).fill(`again.${stamp}@example.com`);
    await dialog.getByLabel(new RegExp(`^${t('staff.password')}`)).fill(guidePassword);
    await choose(page, t('staff.role'), t('staff.roles.guide'));
    const secondOption = t('staff.crewOption', { name: second.name, role: t('crew.roles.guide') });
    await choose(page, new RegExp(`^${t('staff.crewMember')}`), secondOption, second.lastName);
    const secondEmail = `hilario.${stamp}@example.com`;
    const created = await call<StaffMember>('POST', 'admin/staff', admin.token, {
      body: {
        email: secondEmail,
        name: second.firstName,
        lastName: second.lastName,
        role: 'guide',
        password: guidePassword,
        crewMemberId: second.id,
      },
      status: 201,
    });
    expect(created.crewMemberId).toBe(second.id);
    await dialog.getByRole('button', { name: t('staff.add') }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe(translate('staffCrewMemberTaken', 'en'));
    await dialog.getByRole('button', { name: t('cancel') }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Read again, the list has both guides, each with their crew member.
    await page.reload();
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: secondEmail }).textContent())
      .toContain(second.name);
    await expectAccessible(page);
    await screenshot(page, 'admin-staff-guides-desktop-en');

    // Both on the departure's crew.
    for (const guide of [first, second]) {
      await call('POST', `admin/departures/${TOUR}/${day}/crew`, admin.token, {
        body: { crewMemberId: guide.id },
        status: 201,
      });
    }

    // The departure (400101 tomorrow, the one tour booked a day ahead) may carry other tests'
    // bookings and guides' actions too: the summary is the API's count of the whole departure,
    // the cards checked are this booking's.
    const summaryNow = async (language: 'en' | 'es' = 'en') => {
      const now = await call<AdminTrail>(
        'GET',
        `admin/departures/${TOUR}/${day}/trail`,
        admin.token,
      );
      const of = (state: string) =>
        now.travellers.filter((traveller) => traveller.attendance?.state === state).length;
      const say = (key: string, values: Record<string, number>) => adminText(language, key, values);
      const line = say('trail.summary', {
        checkedIn: of('checked_in'),
        count: now.travellers.length,
      });
      return {
        line: of('no_show') ? `${line}, ${say('trail.noShows', { count: of('no_show') })}` : line,
        empty: now.notes.length === 0 && of('checked_in') + of('no_show') === 0,
      };
    };
    const ours = (locator: Locator) => locator.filter({ hasText: booking.code });

    // The manifest before anyone did anything with this booking: nothing of it yet.
    await visit(page, `/admin/departures/${TOUR}/${day}`);
    const trail = page.getByRole('region', { name: t('trail.title') });
    const before = await summaryNow();
    await expect.poll(() => trail.getByTestId('trail-summary').textContent()).toBe(before.line);
    if (before.empty) {
      // Nothing recorded on the departure: the region says so instead of listing anyone.
      expect(await trail.getByTestId('trail-empty').textContent()).toBe(t('trail.empty'));
    } else {
      expect(
        (await ours(trail.getByTestId('trail-traveller')).allTextContents()).filter((text) =>
          text.includes(t('trail.state.notYet')),
        ),
      ).toHaveLength(3);
    }

    // The first guide's phone downloads the departure and, back in signal, sends what it did.
    const guide = await signInApi(guideEmail, guidePassword);
    const phoneId = randomUUID();
    const manifest = await call<GuideManifest>(
      'GET',
      `guide/departures/${TOUR}/${day}`,
      guide.token,
      {
        headers: { 'x-device-id': phoneId },
      },
    );
    // The departure may carry other tests' travellers (above): this booking's three.
    const booked = manifest.travellers.filter((one) => one.bookingCode === booking.code);
    expect(booked).toHaveLength(3);
    const [julia, other, third] = booked;
    if (!julia || !other || !third) throw new Error('three travellers expected');
    const at = (minutes: number) => new Date(Date.now() - (60 - minutes) * 60_000).toISOString();
    const action = (fields: Partial<TrailAction> & Pick<TrailAction, 'kind'>): TrailAction => ({
      id: randomUUID(),
      tourCode: TOUR,
      date: day,
      at: at(0),
      ...fields,
    });
    const actions: TrailAction[] = [
      action({ kind: 'check_in', slotId: julia.slotId, method: 'qr', at: at(1) }),
      action({ kind: 'check_in', slotId: other.slotId, method: 'name', at: at(2) }),
      action({ kind: 'no_show', slotId: third.slotId, at: at(3) }),
      action({
        kind: 'note',
        slotId: julia.slotId,
        note: 'Headache at 4,200 m; coca tea.',
        at: at(4),
      }),
      action({ kind: 'note', note: 'Landslide before Wayllabamba: one hour late.', at: at(5) }),
    ];
    const sent = await call<TrailActionsResponse>('POST', 'guide/actions', guide.token, {
      body: { deviceId: phoneId, actions },
    });
    expect(sent.results.map((result) => result.outcome)).toEqual(Array(5).fill('applied'));
    // Sent again (a retry after a lost answer): nothing is recorded twice.
    const retried = await call<TrailActionsResponse>('POST', 'guide/actions', guide.token, {
      body: { deviceId: phoneId, actions },
    });
    expect(retried.results.map((result) => result.outcome)).toEqual(Array(5).fill('duplicate'));

    // The second guide checks in the first traveller too, later: the first check-in wins.
    const otherGuide = await signInApi(secondEmail, guidePassword);
    const otherPhone = randomUUID();
    const conflict = await call<TrailActionsResponse>('POST', 'guide/actions', otherGuide.token, {
      body: {
        deviceId: otherPhone,
        actions: [action({ kind: 'check_in', slotId: julia.slotId, method: 'name', at: at(6) })],
      },
    });
    expect(conflict.results[0]?.outcome).toBe('conflict');

    // Back in signal the first phone downloads the departure again (its last sync, a download).
    await call('GET', `guide/departures/${TOUR}/${day}`, guide.token, {
      headers: { 'x-device-id': phoneId },
    });

    // The back office: read again with Refresh, the actions shown exactly once.
    await trail.getByRole('button', { name: t('trail.refresh') }).click();
    const summary = trail.getByTestId('trail-summary');
    const after = await summaryNow();
    await expect.poll(() => summary.textContent()).toBe(after.line);
    const travellers = ours(trail.getByTestId('trail-traveller'));
    expect(await travellers.count()).toBe(3);
    const cardOf = (slotName: string) => travellers.filter({ hasText: slotName });
    const juliaCard = cardOf('Julia Ccori');
    expect(await juliaCard.textContent()).toContain(t('trail.state.byQr'));
    expect(await juliaCard.textContent()).toContain(`By ${first.name},`);
    const states = await travellers.allTextContents();
    expect(states.filter((text) => text.includes(t('trail.state.byQr')))).toHaveLength(1);
    expect(states.filter((text) => text.includes(t('trail.state.byName')))).toHaveLength(1);
    expect(states.filter((text) => text.includes(t('trail.state.noShow')))).toHaveLength(1);
    expect(states.filter((text) => text.includes(t('trail.state.notYet')))).toHaveLength(0);

    // Exactly once each (other tests' notes on the departure, if any, left aside).
    const notes = (await trail.getByTestId('trail-note').allTextContents()).filter(
      (text) =>
        text.includes('Headache at 4,200 m') || text.includes('Landslide before Wayllabamba'),
    );
    expect(notes).toHaveLength(2);
    expect(notes.find((text) => text.includes('Headache at 4,200 m'))).toContain('Julia Ccori');
    expect(notes.find((text) => text.includes('Landslide before Wayllabamba'))).toContain(
      t('trail.aboutDeparture'),
    );
    const conflicts = (await trail.getByTestId('trail-conflict').allTextContents()).filter((text) =>
      text.includes('Julia Ccori'),
    );
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toContain(t('trail.conflict.checkIn', { traveller: 'Julia Ccori' }));
    expect(conflicts[0]).toContain(`By ${second.name},`);

    const syncs = (await trail.getByTestId('trail-sync').allTextContents()).filter(
      (text) => text.includes(first.name) || text.includes(second.name),
    );
    expect(syncs).toHaveLength(2);
    const firstPhone = syncs.find((text) => text.includes(first.name)) ?? '';
    expect(firstPhone).toContain(t('trail.device', { device: phoneId.slice(0, 8) }));
    expect(firstPhone).toContain('Downloaded:');
    const secondPhone = syncs.find((text) => text.includes(second.name)) ?? '';
    expect(secondPhone).toContain(t('trail.device', { device: otherPhone.slice(0, 8) }));
    expect(secondPhone).toContain('Sent actions:');
    // The latest first: the first phone's download came after the second phone's actions.
    expect(syncs[0]).toBe(firstPhone);

    await expectAccessible(page);
    await screenshot(page, 'admin-on-the-trail-desktop-en');

    // On a phone, in Spanish: the same region, laid out for 390 px, nothing wider than the screen.
    const phone = await openPage('phone', 'es');
    await signInThroughApi(phone, demo.agent.email, demo.agent.password);
    await visit(phone, `/admin/departures/${TOUR}/${day}`);
    const region = phone.getByRole('region', { name: adminText('es', 'trail.title') });
    // The whole departure's count, as on the desktop (other tests' travellers included).
    const spanish = await summaryNow('es');
    await expect.poll(() => region.getByTestId('trail-summary').textContent()).toBe(spanish.line);
    const box = await region.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await expectAccessible(phone);
    await screenshot(phone, 'admin-on-the-trail-phone-es');
  });
});
