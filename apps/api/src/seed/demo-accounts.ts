import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { corporateClients, resellerKeys, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { hashResellerKey, shownPrefix } from '../modules/resellers/key.ts';
import { stableId } from './stable-id.ts';

/** The demo accounts named in the README. */
export const demoAccounts = {
  customer: { email: 'traveller@example.com', password: 'IncaTrail2026' },
  corporate: { email: 'reseller@example.com', password: 'AndeanRoutes2026' },
  agent: { email: 'agent@example.com', password: 'Qorikancha-Desk-2026' },
  admin: { email: 'admin@example.com', password: 'Sacsayhuaman-Office-2026' },
  /** A guide (issue 32): the guide's app only; the crew member Rosa Huamán Quispe (seed/demo-trail.ts). */
  guide: { email: 'guide@example.com', password: 'Salkantay-Trail-2026' },
} as const;

/** The demo accounts' ids (stable: the same in every install). */
export const demoAccountIds = Object.fromEntries(
  Object.entries(demoAccounts).map(([role, account]) => [role, stableId('user', account.email)]),
) as Record<keyof typeof demoAccounts, string>;

export const demoCorporateClientId = stableId('corporate-client', 'andean-routes');

/**
 * The demo reseller's OCTO key (issue 31, docs/octo.md): for trying the OCTO API on a demo
 * install, as the demo passwords are for the site. Only its hash is stored, as for any key; an
 * install without the demo data has no key until an administrator makes one.
 */
export const DEMO_OCTO_KEY = 'cusco_demo-andean-routes-sandbox-2026';

export async function seedDemoAccounts(db: Executor) {
  await db
    .insert(corporateClients)
    .values({
      id: demoCorporateClientId,
      name: 'Andean Routes Travel S.A.C.',
      // A RUC whose check digit is right, with its legal name and fiscal address: its facturas.
      taxId: '20601234565',
      legalName: 'ANDEAN ROUTES TRAVEL S.A.C.',
      fiscalAddress: 'Calle Plateros 345, Cusco, Cusco, Cusco',
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
    // The agency's staff (the back office, issue 13).
    {
      id: stableId('user', demoAccounts.agent.email),
      email: demoAccounts.agent.email,
      password: demoAccounts.agent.password,
      name: 'Rosa',
      lastName: 'Quispe',
      telephone: '+51 984 555 010',
      birthDate: '1990-06-24',
      countryId: 'PE',
      corporateClientId: null,
      role: 'agent' as const,
    },
    {
      id: stableId('user', demoAccounts.admin.email),
      email: demoAccounts.admin.email,
      password: demoAccounts.admin.password,
      name: 'Mario',
      lastName: 'Condori',
      telephone: '+51 984 555 020',
      birthDate: '1982-11-02',
      countryId: 'PE',
      corporateClientId: null,
      role: 'admin' as const,
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
  await db
    .insert(resellerKeys)
    .values({
      id: stableId('reseller-key', 'andean-routes-sandbox'),
      corporateClientId: demoCorporateClientId,
      userId: stableId('user', demoAccounts.corporate.email),
      label: 'Sandbox (demo data)',
      prefix: shownPrefix(DEMO_OCTO_KEY),
      keyHash: hashResellerKey(DEMO_OCTO_KEY),
      ratePerMinute: 600,
    })
    .onConflictDoNothing();
}
