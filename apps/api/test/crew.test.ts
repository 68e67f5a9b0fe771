import {
  availabilityList,
  crewList,
  crewMember,
  departureCalendar,
  departureCrew,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { auditEntries, personPurchases, tourPurchaseItems, tours } from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import {
  addCrewMember,
  assign,
  crewTestDate,
  licensedGuide,
  newCrewMember,
  plusDays,
  setDeparture,
  unassign,
} from './support/crew.ts';

/**
 * The crew (issue 29): the roster (administrators edit it, agents read it, customers never see
 * it), and a departure's crew (agents assign it): one person on one departure at a time, guides
 * licensed to the last day, nobody inactive, and on permit-bound dates the crew take permits from
 * the travellers' pool, so that seats left drop once they are more than the tour's ratio kept.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let admin: Session;
let agent: Session;
let customer: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  customer = await signUpAndIn(app, { name: 'Rocío', lastname: 'Pari' });
});
afterAll(async () => ctx?.close());

const roster = (token: string, query = '') =>
  app.inject({ url: `/api/admin/crew${query}`, headers: bearer(token) });

const saveMember = (token: string, body: object, id?: string) =>
  app.inject({
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/admin/crew/${id}` : '/api/admin/crew',
    headers: bearer(token),
    payload: body,
  });

async function crewOf(tourCode: string, date: string, token = agent.token) {
  const response = await app.inject({
    url: `/api/admin/departures/${tourCode}/${date}/crew`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return departureCrew.parse(response.json());
}

async function book(tourCode: string, date: string, adults: number) {
  const tour = await loadTour(app, tourCode);
  return postBooking(app, customer.token, bookingFor(tour, { adults, date }));
}

async function seatsLeft(tourCode: string, date: string) {
  const response = await app.inject({
    url: `/api/tour/${tourCode}/availability?from=${date}&to=${date}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return availabilityList.parse(response.json())[0]?.seatsLeft;
}

describe('the roster', () => {
  it("comes with the demo: licensed guides (one expiring, one expired), cooks, porters, a horseman and a driver, with DNIs; the Inca Trail's crew rule", async () => {
    const demo = crewList.parse((await roster(agent.token, '?pageSize=100')).json());
    const today = todayInLima();
    const count = (role: string, active = true) =>
      demo.filter((member) => member.role === role && member.active === active).length;
    expect([
      count('guide'),
      count('cook'),
      count('porter'),
      count('horseman'),
      count('driver'),
    ]).toEqual([4, 2, 6, 1, 1]);
    expect(count('porter', false)).toBe(1);
    expect(
      demo.every(
        (member) => member.documentType === 'dni' && /^\d{8}$/.test(member.documentNumber),
      ),
    ).toBe(true);
    const licences = demo
      .filter((member) => member.role === 'guide')
      .map((member) => member.licenceExpiry ?? '');
    expect(licences.filter((expiry) => expiry < today)).toHaveLength(1);
    expect(
      licences.filter((expiry) => expiry >= today && expiry < plusDays(today, 30)),
    ).toHaveLength(1);
    // Active first, guides first among them.
    expect(demo[0]?.role).toBe('guide');
    expect(demo.at(-1)?.active).toBe(false);
    const editor = await app.inject({
      url: '/api/admin/tours/100401',
      headers: bearer(admin.token),
    });
    expect(editor.json().rules).toMatchObject({
      guideEvery: 8,
      cooks: 1,
      portersPerTraveller: 1.5,
    });
  });

  it('is added to and edited by administrators, read by agents, audited', async () => {
    const body = licensedGuide({ documentNumber: '41234567', languages: ['es', 'EN'] });
    const created = await saveMember(admin.token, body);
    expect(created.statusCode, created.body).toBe(201);
    const member = crewMember.parse(created.json());
    expect(member).toMatchObject({
      firstName: 'Rosa',
      role: 'guide',
      documentNumber: '41234567',
      countryId: 'PE',
      country: 'Peru',
      languages: ['es', 'en'],
      active: true,
      locked: [],
      lockedReason: null,
    });

    // Agents read it, with its filters; they cannot add to it or edit it.
    const found = await roster(agent.token, '?role=guide&active=true&search=huam');
    expect(found.statusCode, found.body).toBe(200);
    expect(crewList.parse(found.json()).map((row) => row.id)).toContain(member.id);
    expect(Number(found.headers['x-total-count'])).toBeGreaterThan(0);
    const byDocument = crewList.parse((await roster(agent.token, '?search=4123 4567')).json());
    expect(byDocument.map((row) => row.id)).toEqual([member.id]);
    const cooks = crewList.parse((await roster(agent.token, '?role=cook')).json());
    expect(cooks.map((row) => row.id)).not.toContain(member.id);
    expect(
      (await saveMember(agent.token, newCrewMember({ documentNumber: '41234568' }))).statusCode,
    ).toBe(403);
    expect((await saveMember(agent.token, body, member.id)).statusCode).toBe(403);

    const edited = await saveMember(
      admin.token,
      { ...body, phone: '984 000 111', active: false },
      member.id,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(crewMember.parse(edited.json())).toMatchObject({ phone: '984 000 111', active: false });
    const inactive = crewList.parse((await roster(agent.token, '?active=false')).json());
    expect(inactive.map((row) => row.id)).toContain(member.id);

    const audit = await db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.subjectId, member.id))
      .orderBy(desc(auditEntries.createdAt));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['crew.create', 'crew.update']);
    expect(audit.find((entry) => entry.action === 'crew.update')).toMatchObject({
      staffUserId: admin.user.id,
      before: { active: true, phone: '+51 984 555 010' },
      after: { active: false, phone: '984 000 111' },
    });
    // The audit trail names the member, in words.
    const trail = await app.inject({ url: '/api/admin/audit', headers: bearer(admin.token) });
    expect(trail.body).toContain('Rosa Huamán Ccori');
  });

  it('is never shown to a customer: every crew route is a 404 for them', async () => {
    const member = await addCrewMember(app, admin.token, newCrewMember());
    const date = crewTestDate();
    for (const response of [
      await roster(customer.token),
      await saveMember(customer.token, newCrewMember()),
      await saveMember(customer.token, newCrewMember(), member.id),
      await app.inject({
        url: `/api/admin/departures/100401/${date}/crew`,
        headers: bearer(customer.token),
      }),
      await assign(app, customer.token, '100401', date, { crewMemberId: member.id }),
      await unassign(app, customer.token, '100401', date, member.id),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toContain('Quispe');
    }
    expect((await app.inject({ url: '/api/admin/crew' })).statusCode).toBe(401);
  });

  it('refuses what is wrong with a clear 400 naming the field, and a document twice with 409', async () => {
    const cases: [object, string][] = [
      [{ firstName: '' }, 'firstName'],
      [{ lastName: 'x'.repeat(51) }, 'lastName'],
      [{ role: 'chef' }, 'role'],
      [{ documentType: 'licence' }, 'documentType'],
      [{ documentNumber: '123' }, 'documentNumber'],
      [{ documentType: 'passport', documentNumber: 'X1' }, 'documentNumber'],
      [{ countryId: 'Peru' }, 'countryId'],
      [{ birthDate: '1990-02-30' }, 'birthDate'],
      [{ birthDate: dayjs().subtract(10, 'year').format('YYYY-MM-DD') }, 'birthDate'],
      [{ phone: 'call me' }, 'phone'],
      [{ languages: ['xx'] }, 'languages'],
      [{ languages: 'es' }, 'languages'],
      [{ licenceNumber: 'GOT-1' }, 'licenceExpiry'],
      [{ licenceExpiry: '2030-01-01' }, 'licenceNumber'],
      [{ licenceNumber: 'GOT-1', licenceExpiry: '30/01/2030' }, 'licenceExpiry'],
      [{ active: 'yes' }, 'active'],
      [{ sex: 'x' }, 'sex'],
    ];
    for (const [change, field] of cases) {
      const response = await saveMember(admin.token, { ...newCrewMember(), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(response.json().issues), JSON.stringify(change)).toContain(field);
    }
    // A country code that is not one of the list.
    const unknown = await saveMember(admin.token, newCrewMember({ countryId: 'ZZ' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      field: 'countryId',
      message: 'Choose a country from the list',
    });

    const first = await addCrewMember(
      app,
      admin.token,
      newCrewMember({ documentNumber: '45550001' }),
    );
    const twice = await saveMember(admin.token, newCrewMember({ documentNumber: '4555 0001' }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'CONFLICT', field: 'documentNumber' });
    // The same number as another type of document is another document.
    expect(
      (
        await saveMember(
          admin.token,
          newCrewMember({ documentType: 'passport', documentNumber: '45550001' }),
        )
      ).statusCode,
    ).toBe(201);
    const other = await addCrewMember(
      app,
      admin.token,
      newCrewMember({ documentNumber: '45550002' }),
    );
    const taken = await saveMember(
      admin.token,
      newCrewMember({ documentNumber: '45550001' }),
      other.id,
    );
    expect(taken.statusCode).toBe(409);
    expect(first.id).not.toBe(other.id);
    const missing = await saveMember(
      admin.token,
      newCrewMember(),
      '00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
    expect((await saveMember(admin.token, newCrewMember(), 'not-an-id')).statusCode).toBe(400);
  });
});

describe("a departure's crew", () => {
  it("shows what the tour's crew rule asks and what is missing; an agent assigns and removes, audited", async () => {
    // The classic trail's crew rule, set in the catalogue editor: a guide per 8, a cook, 1.5 porters each.
    const editor = await app.inject({
      url: '/api/admin/tours/100401',
      headers: bearer(admin.token),
    });
    const { revision, rules } = editor.json();
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/admin/tours/100401/rules',
      headers: bearer(admin.token),
      payload: { revision, ...rules, guideEvery: 8, cooks: 1, portersPerTraveller: 1.5 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rules).toMatchObject({ guideEvery: 8, cooks: 1, portersPerTraveller: 1.5 });

    const date = crewTestDate();
    expect((await book('100401', date, 3)).statusCode).toBe(201);
    const empty = await crewOf('100401', date);
    expect(empty).toMatchObject({
      tourCode: '100401',
      date,
      lastDay: plusDays(date, 3),
      status: 'open',
      assignable: true,
      travellers: 3,
      rule: { guideEvery: 8, cooks: 1, portersPerTraveller: 1.5 },
      needed: [
        { role: 'guide', count: 1 },
        { role: 'cook', count: 1 },
        { role: 'porter', count: 5 },
      ],
      missing: [
        { role: 'guide', count: 1 },
        { role: 'cook', count: 1 },
        { role: 'porter', count: 5 },
      ],
      permits: { held: null, used: 3 + 7.5, left: null },
      crew: [],
    });

    const guide = await addCrewMember(app, admin.token, licensedGuide());
    const porter = await addCrewMember(app, admin.token, newCrewMember());
    const assigned = await assign(app, agent.token, '100401', date, { crewMemberId: guide.id });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const withPorter = await assign(app, agent.token, '100401', date, { crewMemberId: porter.id });
    expect(withPorter.statusCode, withPorter.body).toBe(201);
    const crew = departureCrew.parse(withPorter.json());
    expect(crew.missing).toEqual([
      { role: 'cook', count: 1 },
      { role: 'porter', count: 4 },
    ]);
    expect(crew.crew.map((member) => [member.crewMemberId, member.role, member.bought])).toEqual([
      [guide.id, 'guide', false],
      [porter.id, 'porter', false],
    ]);

    // The calendar and the departures list count the crew where they show the permits.
    const calendar = await app.inject({
      url: `/api/admin/tours/100401/departures?from=${date}&to=${date}`,
      headers: bearer(agent.token),
    });
    expect(departureCalendar.parse(calendar.json()).days[0]).toMatchObject({
      booked: 3,
      crew: 2,
      permitsUsed: 10.5,
    });
    const list = await app.inject({
      url: `/api/admin/departures?from=${date}&to=${date}&tour=100401`,
      headers: bearer(agent.token),
    });
    expect(list.json()).toMatchObject([{ tourCode: '100401', date, passengers: 3, crew: 2 }]);

    const removed = await unassign(app, agent.token, '100401', date, porter.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(departureCrew.parse(removed.json()).crew.map((member) => member.crewMemberId)).toEqual([
      guide.id,
    ]);
    expect((await unassign(app, agent.token, '100401', date, porter.id)).statusCode).toBe(404);
    const audit = await db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.subjectId, porter.id), eq(auditEntries.staffUserId, agent.user.id)),
      )
      .orderBy(auditEntries.createdAt);
    expect(audit.map((entry) => entry.action)).toEqual(['crew.assign', 'crew.unassign']);
    expect(audit[0]?.after).toMatchObject({ tourCode: '100401', date, role: 'porter' });
  });

  it('refuses a person on two departures whose days overlap, and takes them on the next one', async () => {
    const cook = await addCrewMember(app, admin.token, newCrewMember({ role: 'cook' }));
    const date = crewTestDate();
    const first = await assign(app, agent.token, '100401', date, { crewMemberId: cook.id });
    expect(first.statusCode, first.body).toBe(201);
    // The classic trail lasts 4 days: a departure 3 days on shares its last day.
    const again = await assign(app, agent.token, '100401', date, { crewMemberId: cook.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already on this departure');
    for (const [tourCode, day] of [
      ['100401', plusDays(date, 3)],
      ['100401', plusDays(date, -3)],
      ['100201', plusDays(date, 2)],
    ] as const) {
      const overlap = await assign(app, agent.token, tourCode, day, { crewMemberId: cook.id });
      expect(overlap.statusCode, `${tourCode} ${day}`).toBe(409);
      expect(overlap.json()).toMatchObject({
        code: 'CONFLICT',
        details: { tourCode: '100401', date, lastDay: plusDays(date, 3) },
      });
      expect(overlap.json().message).toContain(`from ${date} to ${plusDays(date, 3)}`);
    }
    // The day after its last day, and a short trail ending the day before it began: free.
    const next = await assign(app, agent.token, '100401', plusDays(date, 4), {
      crewMemberId: cook.id,
    });
    expect(next.statusCode, next.body).toBe(201);
    const before = await assign(app, agent.token, '100201', plusDays(date, -2), {
      crewMemberId: cook.id,
    });
    expect(before.statusCode, before.body).toBe(201);
    // A cancelled departure does not run: its crew are free on its days.
    const third = plusDays(date, 8);
    expect(
      (await assign(app, agent.token, '100401', third, { crewMemberId: cook.id })).statusCode,
    ).toBe(201);
    await setDeparture(app, admin.token, '100401', third, {
      status: 'cancelled',
      reason: 'Landslide',
    });
    const instead = await assign(app, agent.token, '100201', plusDays(third, 1), {
      crewMemberId: cook.id,
    });
    expect(instead.statusCode, instead.body).toBe(201);
  });

  it('refuses a guide whose licence is missing or ends before the last day, and an inactive person', async () => {
    const date = crewTestDate();
    const lastDay = plusDays(date, 3);
    const expiring = await addCrewMember(
      app,
      admin.token,
      licensedGuide({ licenceExpiry: plusDays(date, 2) }),
    );
    const refused = await assign(app, agent.token, '100401', date, { crewMemberId: expiring.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      field: 'crewMemberId',
      message: `Rosa Huamán Ccori's guide licence expires on ${plusDays(date, 2)}, before this departure ends on ${lastDay}`,
    });
    // In Spanish for a Spanish-speaking agent.
    const spanish = await app.inject({
      method: 'POST',
      url: `/api/admin/departures/100401/${date}/crew`,
      headers: { ...bearer(agent.token), 'accept-language': 'es' },
      payload: { crewMemberId: expiring.id },
    });
    expect(spanish.json().message).toContain('vence el');
    // As a porter, no licence is asked.
    expect(
      (
        await assign(app, agent.token, '100401', date, {
          crewMemberId: expiring.id,
          role: 'porter',
        })
      ).statusCode,
    ).toBe(201);

    const exactly = await addCrewMember(
      app,
      admin.token,
      licensedGuide({ licenceExpiry: lastDay }),
    );
    expect(
      (await assign(app, agent.token, '100401', date, { crewMemberId: exactly.id })).statusCode,
    ).toBe(201);

    const unlicensed = await addCrewMember(app, admin.token, newCrewMember({ role: 'guide' }));
    const missing = await assign(app, agent.token, '100401', date, { crewMemberId: unlicensed.id });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toContain('has no guide licence on file');
    const porter = await addCrewMember(app, admin.token, newCrewMember());
    const asAssistant = await assign(app, agent.token, '100401', date, {
      crewMemberId: porter.id,
      role: 'assistant_guide',
    });
    expect(asAssistant.statusCode).toBe(422);

    const retired = await addCrewMember(app, admin.token, newCrewMember({ active: false }));
    const inactive = await assign(app, agent.token, '100401', date, { crewMemberId: retired.id });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().message).toContain('is not active');
    expect((await crewOf('100401', date)).crew).toHaveLength(2);
  });

  it('refuses a closed or cancelled departure, one that has started, a date the tour does not run, and unknowns', async () => {
    const porter = await addCrewMember(app, admin.token, newCrewMember());
    const date = crewTestDate();
    await setDeparture(app, admin.token, '100401', date, { status: 'closed', reason: 'Full' });
    const closed = await assign(app, agent.token, '100401', date, { crewMemberId: porter.id });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toContain('closed or cancelled');
    expect((await crewOf('100401', date)).assignable).toBe(false);

    const yesterday = dayjs(todayInLima()).subtract(1, 'day').format('YYYY-MM-DD');
    const past = await assign(app, agent.token, '100401', yesterday, { crewMemberId: porter.id });
    expect(past.statusCode).toBe(422);
    expect(past.json().message).toContain('already started');

    // The Inca Trail is closed every February.
    const february = `${dayjs(date).year() + 1}-02-10`;
    const closedMonth = await assign(app, agent.token, '100401', february, {
      crewMemberId: porter.id,
    });
    expect(closedMonth.statusCode).toBe(422);

    const open = crewTestDate();
    for (const [body, status] of [
      [{ crewMemberId: '00000000-0000-4000-8000-000000000000' }, 404],
      [{ crewMemberId: 'someone' }, 400],
      [{ crewMemberId: porter.id, role: 'chef' }, 400],
      [{}, 400],
    ] as const) {
      const response = await assign(app, agent.token, '100401', open, body as never);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect(
      (await assign(app, agent.token, '999999', open, { crewMemberId: porter.id })).statusCode,
    ).toBe(404);
    expect(
      (await assign(app, agent.token, '100401', '2031-02-30', { crewMemberId: porter.id }))
        .statusCode,
    ).toBe(400);
  });

  it("takes permits from the travellers' pool: seats left drop only past the ratio, and the permits are never exceeded", async () => {
    // The short Inca Trail: 2 days, one staff per traveller. 4 permits, no one booked: the ratio
    // keeps 2 seats (2 travellers and their 2 staff).
    const date = crewTestDate();
    await setDeparture(app, admin.token, '100201', date, { permits: 4 });
    expect(await seatsLeft('100201', date)).toBe(2);
    const guide = await addCrewMember(app, admin.token, licensedGuide());
    const porter = await addCrewMember(app, admin.token, newCrewMember());
    const cook = await addCrewMember(app, admin.token, newCrewMember({ role: 'cook' }));
    const helper = await addCrewMember(app, admin.token, newCrewMember());

    // Two crew within what the ratio kept: the seats stay.
    expect(
      (await assign(app, agent.token, '100201', date, { crewMemberId: guide.id })).statusCode,
    ).toBe(201);
    expect(await seatsLeft('100201', date)).toBe(2);
    expect(
      (await assign(app, agent.token, '100201', date, { crewMemberId: porter.id })).statusCode,
    ).toBe(201);
    expect(await seatsLeft('100201', date)).toBe(2);
    // A third is past it: one seat fewer.
    expect(
      (await assign(app, agent.token, '100201', date, { crewMemberId: cook.id })).statusCode,
    ).toBe(201);
    expect(await seatsLeft('100201', date)).toBe(1);

    // Booking sees the crew under the same lock: 2 travellers no longer fit, 1 does.
    expect((await book('100201', date, 2)).statusCode).toBe(409);
    expect((await book('100201', date, 1)).statusCode).toBe(201);
    expect(await seatsLeft('100201', date)).toBe(0);
    const full = await crewOf('100201', date);
    expect(full.permits).toEqual({ held: 4, used: 4, left: 0, staffRatio: 1 });

    // A fourth crew member would need a fifth permit.
    const refused = await assign(app, agent.token, '100201', date, { crewMemberId: helper.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'No permit is left for Wilber Quispe Mamani: the travellers and crew of this date already use its 4 permits',
      details: { permits: 4, used: 4, travellers: 1, crew: 3 },
    });

    // Removing one gives its permit back to the pool.
    expect((await unassign(app, agent.token, '100201', date, cook.id)).statusCode).toBe(200);
    expect(await seatsLeft('100201', date)).toBe(1);
    expect((await crewOf('100201', date)).permits).toMatchObject({ used: 3, left: 1 });
  });

  it('locks the crew member once a permit is bought for them, and keeps them on the departure until it is cancelled', async () => {
    const date = crewTestDate();
    const body = licensedGuide({ lastName: 'Condori' });
    const guide = await addCrewMember(app, admin.token, body);
    expect(
      (await assign(app, agent.token, '100401', date, { crewMemberId: guide.id })).statusCode,
    ).toBe(201);
    const [tour] = await db.select({ id: tours.id }).from(tours).where(eq(tours.code, '100401'));
    const [item] = await db
      .insert(tourPurchaseItems)
      .values({ tourId: tour?.id ?? '', kind: 'permit', crewRoles: ['guide'], buyDaysBefore: 45 })
      .returning();
    const [purchase] = await db
      .insert(personPurchases)
      .values({
        tourId: tour?.id ?? '',
        date,
        itemId: item?.id ?? '',
        crewMemberId: guide.id,
        reference: 'SERNANP-2027-000123',
        boughtOn: todayInLima(),
        person: { firstName: body.firstName, lastName: 'Condori' },
        recordedBy: admin.user.id,
      })
      .returning();

    const locked = await saveMember(admin.token, { ...body, lastName: 'Condori Apaza' }, guide.id);
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      code: 'CONFLICT',
      field: 'firstName',
      details: { lockedReason: 'permit', changed: ['names'] },
    });
    expect(locked.json().message).toContain('names cannot change once a permit');
    const document = await saveMember(
      admin.token,
      { ...body, documentNumber: '40000001', birthDate: '1985-01-01' },
      guide.id,
    );
    expect(document.statusCode).toBe(409);
    expect(document.json().details.changed).toEqual(['birthDate', 'documentNumber']);
    // What the permit does not name may change.
    const phone = await saveMember(admin.token, { ...body, phone: '+51 999 000 222' }, guide.id);
    expect(phone.statusCode, phone.body).toBe(200);
    expect(crewMember.parse(phone.json())).toMatchObject({
      locked: ['names', 'nationality', 'birthDate', 'documentNumber'],
      lockedReason: 'permit',
    });

    const shown = await crewOf('100401', date);
    expect(shown.crew[0]).toMatchObject({ crewMemberId: guide.id, bought: true });
    const kept = await unassign(app, agent.token, '100401', date, guide.id);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toContain('cancel it before removing them');

    await db
      .update(personPurchases)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(personPurchases.id, purchase?.id ?? ''));
    expect((await unassign(app, agent.token, '100401', date, guide.id)).statusCode).toBe(200);
    expect(
      (await saveMember(admin.token, { ...body, lastName: 'Condori Apaza' }, guide.id)).statusCode,
    ).toBe(200);
  });
});
