import { randomInt } from 'node:crypto';
import { addYears, type CrewMemberRequest, todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './accounts.ts';

/** The crew's test helpers (issue 29): roster entries, departures' dates, calls. */

/** A roster entry with a DNI of its own (random, 8 digits). */
export function newCrewMember(overrides: Partial<CrewMemberRequest> = {}): CrewMemberRequest {
  return {
    firstName: 'Wilber',
    lastName: 'Quispe Mamani',
    role: 'porter',
    documentType: 'dni',
    documentNumber: String(randomInt(10_000_000, 99_999_999)),
    countryId: 'PE',
    birthDate: '1990-07-21',
    sex: 'male',
    phone: '+51 984 555 010',
    languages: ['qu', 'es'],
    licenceNumber: null,
    licenceExpiry: null,
    active: true,
    ...overrides,
  };
}

/** A licensed guide's entry: licence valid for years. */
export const licensedGuide = (overrides: Partial<CrewMemberRequest> = {}) =>
  newCrewMember({
    firstName: 'Rosa',
    lastName: 'Huamán Ccori',
    role: 'guide',
    sex: 'female',
    languages: ['es', 'en', 'qu'],
    licenceNumber: `GOT-${randomInt(1000, 9999)}`,
    licenceExpiry: addYears(todayInLima(), 8),
    ...overrides,
  });

/** Adds a member to the roster as an administrator; answers the member. */
export async function addCrewMember(
  app: FastifyInstance,
  adminToken: string,
  member: CrewMemberRequest,
): Promise<{ id: string } & Record<string, unknown>> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/crew',
    headers: bearer(adminToken),
    payload: member,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

let step = 0;

/**
 * A departure date two years or so ahead, `spacing` days after the last one given (so that
 * tests' departures never overlap), with no day of February from 4 days before it to `span` days
 * after it (the Inca Trail is closed then).
 */
export function crewTestDate(span = 12, spacing = 20): string {
  for (;;) {
    const day = dayjs(addYears(todayInLima(), 2)).add(step, 'day');
    step += spacing;
    const window = Array.from({ length: span + 5 }, (_, index) => day.add(index - 4, 'day'));
    if (window.every((other) => other.month() !== 1)) return day.format('YYYY-MM-DD');
  }
}

export const plusDays = (date: string, days: number) =>
  dayjs(date).add(days, 'day').format('YYYY-MM-DD');

/** POST admin/departures/{tour}/{date}/crew. */
export function assign(
  app: FastifyInstance,
  token: string,
  tourCode: string,
  date: string,
  body: { crewMemberId: string; role?: string },
) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/departures/${tourCode}/${date}/crew`,
    headers: bearer(token),
    payload: body,
  });
}

/** DELETE admin/departures/{tour}/{date}/crew/{id}. */
export function unassign(
  app: FastifyInstance,
  token: string,
  tourCode: string,
  date: string,
  crewMemberId: string,
) {
  return app.inject({
    method: 'DELETE',
    url: `/api/admin/departures/${tourCode}/${date}/crew/${crewMemberId}`,
    headers: bearer(token),
  });
}

/** PUT admin/departures/{tour}/{date} (administrators): the departure's permits and status. */
export async function setDeparture(
  app: FastifyInstance,
  adminToken: string,
  tourCode: string,
  date: string,
  body: object,
) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/admin/departures/${tourCode}/${date}`,
    headers: bearer(adminToken),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}
