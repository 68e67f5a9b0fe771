import { randomUUID } from 'node:crypto';
import {
  type BookingDetail,
  type CrewRole,
  type DeparturePurchases,
  departurePurchases,
  type PurchaseKind,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Executor } from '../../src/db/client.ts';
import { crewAssignments, crewMembers, departures, tours } from '../../src/db/schema.ts';
import { demoAccountIds } from '../../src/seed/demo-accounts.ts';
import { bearer } from './accounts.ts';
import { type BookingOptions, bookingFor, loadTour, postBooking } from './bookings.ts';
import { detailOf, type PassengerOptions, passengerBody } from './passengers.ts';

/** The classic Inca Trail: the seed gives it a permit, an entry, a train and a bus (issue 29). */
export const TRAIL = '100401';

/**
 * A travel date `days` or more after today on which the trail runs (never in February), moved
 * on by `spread` so that a file's departures do not share their days.
 */
export function trailDate(days: number, spread = 0): string {
  let day = dayjs(todayInLima()).add(days + spread, 'day');
  while (day.month() === 1) day = day.add(1, 'day');
  return day.format('YYYY-MM-DD');
}

/** Books the trail for the customer; answers its code and detail. */
export async function bookTrail(
  app: FastifyInstance,
  token: string,
  options: BookingOptions,
  tourCode = TRAIL,
): Promise<{ code: string; detail: BookingDetail }> {
  const tour = await loadTour(app, tourCode);
  const response = await postBooking(app, token, bookingFor(tour, options));
  expect(response.statusCode, response.body).toBe(201);
  const code = response.json().code as string;
  return { code, detail: await detailOf(app, token, code) };
}

/** Fills a slot with a complete passenger (with `overrides`); answers the client's id. */
export async function fillSlot(
  app: FastifyInstance,
  token: string,
  options: PassengerOptions,
  code: string,
  slotId: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/client/${slotId}/create`,
    headers: bearer(token),
    payload: passengerBody(options, code, overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/**
 * A crew member assigned to a departure (written as the crew module would: the departure's row
 * first); answers their id. `sex: null` leaves their data incomplete.
 */
export async function assignCrew(
  db: Executor,
  at: { tourCode?: string; date: string },
  person: { role: CrewRole; first: string; last: string; sex?: 'female' | 'male' | null },
): Promise<string> {
  const [tour] = await db
    .select({ id: tours.id, days: tours.days })
    .from(tours)
    .where(eqCode(at.tourCode ?? TRAIL));
  if (!tour) throw new Error('no tour');
  const [member] = await db
    .insert(crewMembers)
    .values({
      firstName: person.first,
      lastName: person.last,
      role: person.role,
      documentType: 'dni',
      documentNumber: String(40_000_000 + Math.floor(Math.random() * 9_999_999)),
      countryId: 'PE',
      birthDate: '1985-04-12',
      sex: person.sex === undefined ? 'male' : person.sex,
    })
    .returning({ id: crewMembers.id });
  if (!member) throw new Error('no member');
  await db.insert(departures).values({ tourId: tour.id, date: at.date }).onConflictDoNothing();
  await db.insert(crewAssignments).values({
    tourId: tour.id,
    date: at.date,
    crewMemberId: member.id,
    role: person.role,
    lastDay: dayjs(at.date)
      .add(tour.days - 1, 'day')
      .format('YYYY-MM-DD'),
    assignedBy: demoAccountIds.agent,
  });
  return member.id;
}

const eqCode = (code: string) => eq(tours.code, code);

/** GET admin/departures/{tour}/{date}/purchases, read by staff. */
export async function departureOf(
  app: FastifyInstance,
  token: string,
  date: string,
  tourCode = TRAIL,
): Promise<DeparturePurchases> {
  const response = await app.inject({
    url: `/api/admin/departures/${tourCode}/${date}/purchases`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return departurePurchases.parse(response.json());
}

/** The id of the tour's item of a kind, as a departure's purchases list it. */
export async function itemOf(
  app: FastifyInstance,
  token: string,
  date: string,
  kind: PurchaseKind,
  tourCode = TRAIL,
): Promise<string> {
  const item = (await departureOf(app, token, date, tourCode)).items.find(
    (candidate) => candidate.kind === kind,
  );
  if (!item) throw new Error(`no ${kind}`);
  return item.id;
}

/** POST admin/departures/{tour}/{date}/purchases. */
export function mark(
  app: FastifyInstance,
  token: string,
  date: string,
  body: unknown,
  headers: Record<string, string> = {},
  tourCode = TRAIL,
) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/departures/${tourCode}/${date}/purchases`,
    headers: { ...bearer(token), ...headers },
    payload: body as object,
  });
}

/** Marks an item bought for slots and crew; the call must succeed. */
export async function markBought(
  app: FastifyInstance,
  token: string,
  date: string,
  item: string,
  people: ({ passengerSlotId: string } | { crewMemberId: string })[],
  reference = `SERNANP-${randomUUID().slice(0, 8)}`,
) {
  const response = await mark(app, token, date, { item, people, reference });
  expect(response.statusCode, response.body).toBe(201);
  return departurePurchases.parse(response.json());
}

/** POST admin/purchases/{id}/cancel. */
export function cancel(app: FastifyInstance, token: string, id: string, reason: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/purchases/${id}/cancel`,
    headers: bearer(token),
    payload: { reason },
  });
}
