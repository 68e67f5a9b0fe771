import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { corporateClients, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { stableId } from './stable-id.ts';

/** The demo accounts named in the README. */
export const demoAccounts = {
  customer: { email: 'traveller@example.com', password: 'IncaTrail2026' },
  corporate: { email: 'reseller@example.com', password: 'AndeanRoutes2026' },
} as const;

export const demoCorporateClientId = stableId('corporate-client', 'andean-routes');

export async function seedDemoAccounts(db: Executor) {
  await db
    .insert(corporateClients)
    .values({
      id: demoCorporateClientId,
      name: 'Andean Routes Travel S.A.C.',
      taxId: '20601234567',
      email: 'operations@andeanroutes.example.com',
    })
    .onConflictDoNothing();

  const accounts = [
    {
      id: stableId('user', demoAccounts.customer.email),
      email: demoAccounts.customer.email,
      password: demoAccounts.customer.password,
      name: 'Lucía',
      lastName: 'Fernández',
      telephone: '+34 612 345 678',
      birthDate: '1991-04-12',
      countryId: 'ES',
      corporateClientId: null,
    },
    {
      id: stableId('user', demoAccounts.corporate.email),
      email: demoAccounts.corporate.email,
      password: demoAccounts.corporate.password,
      name: 'Jorge',
      lastName: 'Huamán',
      telephone: '+51 984 123 456',
      birthDate: '1985-09-30',
      countryId: 'PE',
      corporateClientId: demoCorporateClientId,
    },
  ];
  for (const { password, ...account } of accounts) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, account.email));
    if (existing) continue;
    await db
      .insert(users)
      .values({ ...account, passwordHash: await hashPassword(password) })
      .onConflictDoNothing();
  }
}
