import { randomUUID } from 'node:crypto';
import type { AdminBookingDetail, AdminBookingRow, BookingListItem, Reseller } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { type Company, type Member, newCompany, newCustomer } from './support/companies.ts';
import { detailOf } from './support/passengers.ts';

/**
 * Where a booking was made (issue 31): the customer's reservations and the back office's bookings
 * say its channel and, for a reseller's OCTO booking, the reseller's reference; the detail's cache
 * follows a change of either; the back office filters by channel.
 */
let ctx: TestContext;
let admin: string;
let company: Company;
let customer: Member;
let octoCode: string;
let siteCode: string;

async function book(member: Member, corporate: boolean) {
  const tour = await loadTour(ctx.app, '100401');
  const saved = await postBooking(ctx.app, member.token, {
    ...bookingFor(tour, { adults: 2 }),
    ...(corporate ? { corporate: true } : {}),
  });
  expect(saved.statusCode, saved.body).toBe(201);
  return saved.json<{ code: string }>().code;
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx.app, demoAccounts.admin.email, demoAccounts.admin.password)).token;
  company = await newCompany(ctx.app, ctx.database.db, 1);
  customer = await newCustomer(ctx.app);
  octoCode = await book(company.members[0] as Member, true);
  siteCode = await book(customer, false);
});
afterAll(() => ctx?.close());

const member = () => company.members[0] as Member;

/** Makes the company's booking an OCTO one, as the OCTO routes would (the lead's). */
async function makeOcto(reference: string | null) {
  await ctx.database.db
    .update(bookings)
    .set({ channel: 'octo', octoUuid: randomUUID(), resellerReference: reference })
    .where(eq(bookings.code, octoCode));
}

async function listOf(token: string) {
  const answer = await ctx.app.inject({ url: '/api/tour/booking/list', headers: bearer(token) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<BookingListItem[]>();
}

async function adminRows(query = '') {
  const answer = await ctx.app.inject({
    url: `/api/admin/bookings?pageSize=100${query}`,
    headers: bearer(admin),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AdminBookingRow[]>();
}

describe("a booking's channel", () => {
  it('is the site, without a reference, for a booking made on the site', async () => {
    const [item] = (await listOf(customer.token)).filter((one) => one.id === siteCode);
    expect(item).toMatchObject({ channel: 'site', resellerReference: null });
    const detail = await detailOf(ctx.app, customer.token, siteCode);
    expect(detail.booking).toMatchObject({ channel: 'site', resellerReference: null });
  });

  it("is OCTO with the reseller's reference in the portal's list and detail, the cache following", async () => {
    // Read (and cached) before it changes.
    expect((await detailOf(ctx.app, member().token, octoCode)).booking.channel).toBe('site');
    await makeOcto('RES-2031-0042');
    const [item] = (await listOf(member().token)).filter((one) => one.id === octoCode);
    expect(item).toMatchObject({ channel: 'octo', resellerReference: 'RES-2031-0042' });
    const detail = await detailOf(ctx.app, member().token, octoCode);
    expect(detail.booking).toMatchObject({ channel: 'octo', resellerReference: 'RES-2031-0042' });

    // The reseller changes its reference: the next read says so.
    await ctx.database.db
      .update(bookings)
      .set({ resellerReference: 'RES-2031-0043' })
      .where(eq(bookings.code, octoCode));
    expect((await detailOf(ctx.app, member().token, octoCode)).booking.resellerReference).toBe(
      'RES-2031-0043',
    );
  });

  it("is in the back office's list and detail, filtered by channel", async () => {
    const octo = await adminRows('&channel=octo');
    expect(octo.map((row) => row.code)).toContain(octoCode);
    expect(octo.every((row) => row.channel === 'octo')).toBe(true);
    expect(octo.find((row) => row.code === octoCode)?.resellerReference).toBe('RES-2031-0043');

    const site = await adminRows('&channel=site');
    expect(site.map((row) => row.code)).toContain(siteCode);
    expect(site.map((row) => row.code)).not.toContain(octoCode);
    expect(site.find((row) => row.code === siteCode)?.resellerReference).toBeNull();

    const all = await adminRows();
    expect(all.map((row) => row.code)).toEqual(expect.arrayContaining([octoCode, siteCode]));

    const bad = await ctx.app.inject({
      url: '/api/admin/bookings?channel=fax',
      headers: bearer(admin),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');

    const detail = await ctx.app.inject({
      url: `/api/admin/bookings/${octoCode}`,
      headers: bearer(admin),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<AdminBookingDetail>().booking.booking).toMatchObject({
      channel: 'octo',
      resellerReference: 'RES-2031-0043',
    });
  });

  it("counts the company's OCTO bookings in the resellers' list", async () => {
    const answer = await ctx.app.inject({ url: '/api/admin/resellers', headers: bearer(admin) });
    const listed = answer.json<Reseller[]>().find((one) => one.id === company.id);
    expect(listed?.octoBookings).toBe(1);
  });
});
