import { CustomerTypeId, todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bookings, crewAssignments, departures, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { tourId } from './catalogue.ts';
import { demoAccountIds, demoAccounts } from './demo-accounts.ts';
import { book, demoUser } from './demo-bookings.ts';
import { stableId } from './stable-id.ts';

/** The demo guide's crew member: Rosa Huamán Quispe, a licensed guide of the demo roster. */
export const DEMO_GUIDE_CREW_ID = stableId('crew', '41235678');

/** The tour of the demo guide's departure soon (Salkantay, 5 days, booked 3 days ahead). */
export const DEMO_TRAIL_TOUR = '200501';

/**
 * The guide's app's demo (issue 32): the demo guide's account (demoAccounts.guide), the crew
 * member Rosa Huamán Quispe, assigned to a departure soon with four travellers (the reseller's
 * booking on credit, so its voucher carries a signed QR code) and to another a month on with no
 * booking yet. Done once: an install whose guide exists is left as it is.
 */
export async function seedDemoTrail(db: Database, today = todayInLima()) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoAccounts.guide.email));
  if (existing) return;
  await db
    .insert(users)
    .values({
      id: demoAccountIds.guide,
      email: demoAccounts.guide.email,
      passwordHash: await hashPassword(demoAccounts.guide.password),
      name: 'Rosa',
      lastName: 'Huamán Quispe',
      telephone: '+51 984 112 233',
      birthDate: '1986-04-12',
      countryId: 'PE',
      role: 'guide',
      crewMemberId: DEMO_GUIDE_CREW_ID,
    })
    .onConflictDoNothing();

  const reseller = await demoUser(db, demoAccounts.corporate.email);
  if (!reseller) return;
  // The reseller's group of four (a corporate booking so soon needs four), on credit.
  const soon = await book(db, reseller, DEMO_TRAIL_TOUR, {
    daysAhead: 3,
    passengers: [{ customerTypeId: CustomerTypeId.adult, quantity: 4 }],
    mode: 'T',
    isPassager: false,
  });
  const [booked] = await db
    .select({ date: bookings.travelDate })
    .from(bookings)
    .where(eq(bookings.code, soon.code));
  const later = dayjs(today).add(30, 'day').format('YYYY-MM-DD');
  const assignments = [
    { tour: DEMO_TRAIL_TOUR, date: booked?.date ?? later },
    { tour: '200401', date: later },
  ];
  for (const { tour, date } of assignments) {
    const id = tourId(tour);
    await db.insert(departures).values({ tourId: id, date }).onConflictDoNothing();
    await db
      .insert(crewAssignments)
      .values({
        tourId: id,
        date,
        crewMemberId: DEMO_GUIDE_CREW_ID,
        role: 'guide',
        // Both demo tours last 4 or 5 days; the assignment's last day is the tour's.
        lastDay: dayjs(date)
          .add(tour === DEMO_TRAIL_TOUR ? 4 : 3, 'day')
          .format('YYYY-MM-DD'),
        assignedBy: demoAccountIds.admin,
      })
      .onConflictDoNothing();
  }
}
