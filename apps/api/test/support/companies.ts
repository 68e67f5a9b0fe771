import { randomUUID } from 'node:crypto';
import { CustomerTypeId, IncidentTypeId } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { corporateClients, users } from '../../src/db/schema.ts';
import { demoAccounts, demoCorporateClientId } from '../../src/seed/demo-accounts.ts';
import { bearer, newRegistration, signIn, signUpAndIn } from './accounts.ts';
import { bookingFor, loadTour, offersOf, postBooking } from './bookings.ts';
import { incidentClient } from './incidents.ts';
import {
  detailOf,
  loadPassengerOptions,
  passengerBody,
  pngBytes,
  uploadDocument,
} from './passengers.ts';

/**
 * Two companies and their people, for the tests of who sees what (company-isolation.test.ts):
 * company A is the seeded Andean Routes (its user reseller@example.com, as the seed makes it,
 * src/seed/demo-accounts.ts) with a colleague; company B is another corporate client with its own
 * users. Users sign up through the API; the agency attaches them to their company in the
 * database, as the seed does (no route does it). Bookings, passengers, documents and requests
 * are all made through the API's own routes.
 */

/** A signed-in user. */
export interface Member {
  userId: string;
  email: string;
  token: string;
}

export interface Company {
  id: string;
  name: string;
  members: Member[];
}

/** What a booking gives the routes that take an id: its code, an empty and a filled slot, a request. */
export interface BookingTarget {
  code: string;
  /** A slot still empty (POST client/{slotId}/create). */
  emptySlotId: string;
  /** The passenger filling another slot, with a document scan stored. */
  clientId: string;
  /** A free-subject request (incident) on the booking, still registered. */
  incidentId: string;
  /** An offer of the booking's tour (POST tour/add/service). */
  offerId: string;
}

/** A new customer who belongs to `companyId`: signed up through the API, attached, signed in. */
async function joinCompany(app: FastifyInstance, db: Database, companyId: string) {
  const registration = newRegistration({ name: 'Rita', lastname: 'Apaza' });
  const registered = await app.inject({
    method: 'POST',
    url: '/api/authentication/client/register',
    payload: registration,
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const [user] = await db
    .update(users)
    .set({ corporateClientId: companyId })
    .where(eq(users.email, registration.email))
    .returning({ id: users.id });
  if (!user) throw new Error('the new user was not found');
  // Signed in after joining: the session reads the user's company.
  const login = await signIn(app, registration.email, registration.password);
  expect(login.user).toMatchObject({ id: user.id, corporateClientId: companyId });
  return { userId: user.id, email: registration.email, token: login.token };
}

/** Company A: the seeded Andean Routes, its user reseller@example.com, and `colleagues` more. */
export async function seededCompany(
  app: FastifyInstance,
  db: Database,
  colleagues = 1,
): Promise<Company> {
  const { email, password } = demoAccounts.corporate;
  const reseller = await signIn(app, email, password);
  const [company] = await db
    .select({ name: corporateClients.name })
    .from(corporateClients)
    .where(eq(corporateClients.id, demoCorporateClientId));
  if (!company) throw new Error('the seeded company is missing');
  const members: Member[] = [{ userId: reseller.user.id, email, token: reseller.token }];
  for (let i = 0; i < colleagues; i++) {
    members.push(await joinCompany(app, db, demoCorporateClientId));
  }
  return { id: demoCorporateClientId, name: company.name, members };
}

/** Another corporate client, as the seed makes Andean Routes, with `size` users of its own. */
export async function newCompany(
  app: FastifyInstance,
  db: Database,
  size = 2,
  name = `Inca Expeditions ${randomUUID().slice(0, 8)} S.A.C.`,
): Promise<Company> {
  const [company] = await db
    .insert(corporateClients)
    .values({ name, taxId: '20609876543', email: 'operations@incaexpeditions.example.com' })
    .returning({ id: corporateClients.id });
  if (!company) throw new Error('the company was not created');
  const members: Member[] = [];
  for (let i = 0; i < size; i++) members.push(await joinCompany(app, db, company.id));
  return { id: company.id, name, members };
}

/** A plain customer (no company), signed up and in through the API. */
export async function newCustomer(app: FastifyInstance): Promise<Member> {
  const account = await signUpAndIn(app);
  return { userId: account.user.id, email: account.user.email, token: account.token };
}

const TOUR = '100401';

/**
 * A booking with something behind every id a route takes, all made through the API by `member`:
 * two adults, the first filled (with a document scan) and the second left empty, one service
 * bought at booking time, and a free-subject request. A corporate user's booking is the company's (on
 * credit); a customer's is their own.
 */
export async function furnishedBooking(
  app: FastifyInstance,
  member: Member,
  options: { corporate: boolean },
): Promise<BookingTarget> {
  const tour = await loadTour(app, TOUR);
  const saved = await postBooking(app, member.token, {
    ...bookingFor(tour, { adults: 2, services: [{ offer: 0, quantity: 1 }] }),
    ...(options.corporate ? { corporate: true } : {}),
  });
  expect(saved.statusCode, saved.body).toBe(201);
  const code = saved.json<{ code: string }>().code;
  const detail = await detailOf(app, member.token, code);
  expect(detail.booking.corporate).toBe(options.corporate);

  const [adult, empty] = detail.passangerRegistry;
  expect([adult?.typeId, empty?.typeId]).toEqual([CustomerTypeId.adult, CustomerTypeId.adult]);
  if (!adult || !empty) throw new Error('the booking has no two slots');
  const created = await app.inject({
    method: 'POST',
    url: `/api/client/${adult.id}/create`,
    headers: bearer(member.token),
    payload: passengerBody(await loadPassengerOptions(app, member.token), code),
  });
  expect(created.statusCode, created.body).toBe(201);
  const clientId = created.json<{ id: string }>().id;
  const scan = await uploadDocument(app, member.token, clientId, {
    file: { bytes: pngBytes(), name: 'passport.png', type: 'image/png' },
  });
  expect(scan.statusCode, scan.body).toBe(200);

  const incidentId = await incidentClient(app, member.token).create({
    typeId: IncidentTypeId.freeSubject,
    name: 'Meeting point',
    description: 'Where do we meet on the first day?',
    bookingId: code,
  });
  return {
    code,
    emptySlotId: empty.id,
    clientId,
    incidentId,
    offerId: offersOf(tour)[0]?.id ?? '',
  };
}
