import { Writable } from 'node:stream';
import type { AdminAuditEntry, Reseller, ResellerKey, ResellerKeyCreated } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { auditEntries, corporateClients, idempotencyKeys, resellerKeys } from '../src/db/schema.ts';
import { hashResellerKey } from '../src/modules/resellers/key.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn } from './support/accounts.ts';
import { openTestDatabase, type TestDatabase, testConfig } from './support/app.ts';
import { type Company, newCompany, newCustomer, seededCompany } from './support/companies.ts';

/**
 * The resellers' keys and net prices (issue 31), as administrators manage them: a key is shown
 * once, kept as its SHA-256 only, listed by its prefix, revoked (never deleted); a company's net
 * discount stays within 0–50 %. Administrators only; nothing of a key reaches the logs, the audit
 * trail or the idempotency table.
 */
let database: TestDatabase;
let app: FastifyInstance;
const lines: string[] = [];
let admin: string;
let agent: string;
let companyA: Company;
let companyB: Company;

beforeAll(async () => {
  database = await openTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    db: database.db,
    config: testConfig(),
    databaseKind: database.kind,
    logger: { level: 'trace', stream },
  });
  await app.ready();
  admin = (await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password)).token;
  agent = (await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password)).token;
  companyA = await seededCompany(app, database.db, 1);
  companyB = await newCompany(app, database.db, 1);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const NOBODY = '00000000-0000-4000-8000-000000000000';

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function listAll(): Promise<Reseller[]> {
  const answer = await call('GET', '/api/admin/resellers', admin);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Reseller[]>();
}

async function makeKey(company: Company, label = 'Booking engine', rate?: number) {
  const answer = await call('POST', `/api/admin/resellers/${company.id}/keys`, admin, {
    label,
    userId: company.members[0]?.userId,
    ...(rate === undefined ? {} : { ratePerMinute: rate }),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<ResellerKeyCreated>();
}

const keysOf = async (companyId: string) =>
  database.db.select().from(resellerKeys).where(eq(resellerKeys.corporateClientId, companyId));

describe('GET admin/resellers', () => {
  it('lists every corporate client with its users, net price and keys', async () => {
    const all = await listAll();
    const a = all.find((company) => company.id === companyA.id);
    const b = all.find((company) => company.id === companyB.id);
    expect(a).toMatchObject({ name: companyA.name, netDiscountBps: 0, octoBookings: 0 });
    expect(a?.users.map((user) => user.id).sort()).toEqual(
      companyA.members.map((member) => member.userId).sort(),
    );
    expect(b?.users.map((user) => user.email)).toEqual(companyB.members.map((m) => m.email));
    expect(b?.keys).toEqual([]);
    // Sorted by name.
    const names = all.map((company) => company.name);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
  });
});

describe('POST admin/resellers/{id}/keys', () => {
  it('shows the key once and keeps only its hash and prefix', async () => {
    const made = await makeKey(companyA, 'Andean booking engine', 300);
    expect(made.key).toMatch(/^cusco_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.key.slice(0, made.prefix.length));
    expect(made.prefix.length).toBeLessThan(16);
    expect(made).toMatchObject({
      label: 'Andean booking engine',
      userId: companyA.members[0]?.userId,
      ratePerMinute: 300,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(made.userName.length).toBeGreaterThan(1);

    const [row] = (await keysOf(companyA.id)).filter((key) => key.id === made.id);
    expect(row?.keyHash).toBe(hashResellerKey(made.key));
    expect(row?.prefix).toBe(made.prefix);
    expect(JSON.stringify(row)).not.toContain(made.key);

    // Listed by its prefix: never the key, never its hash.
    const listed = await call('GET', '/api/admin/resellers', admin);
    expect(listed.body).not.toContain(made.key);
    expect(listed.body).not.toContain(row?.keyHash);
    const key = listed
      .json<Reseller[]>()
      .find((company) => company.id === companyA.id)
      ?.keys.find((one) => one.id === made.id);
    expect(key).toEqual({ ...made, key: undefined });
    expect(Object.keys(key ?? {})).not.toContain('key');

    // Audited by label and prefix.
    const [audit] = await database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.subjectId, made.id));
    expect(audit).toMatchObject({ action: 'reseller_key.create' });
    expect(audit?.after).toMatchObject({ label: made.label, prefix: made.prefix });
    expect(JSON.stringify(audit)).not.toContain(made.key);
    expect(JSON.stringify(audit)).not.toContain(row?.keyHash);
  });

  it('takes the default rate when none is given', async () => {
    const made = await makeKey(companyB, 'Default rate');
    expect(made.ratePerMinute).toBe(120);
  });

  it('never stores the key for a replay: the same Idempotency-Key answers 409 without it', async () => {
    const headers = { 'idempotency-key': 'reseller-key-replay-0001' };
    const body = { label: 'Replayed', userId: companyB.members[0]?.userId };
    const url = `/api/admin/resellers/${companyB.id}/keys`;
    const first = await call('POST', url, admin, body, headers);
    expect(first.statusCode, first.body).toBe(201);
    const made = first.json<ResellerKeyCreated>();

    const replay = await call('POST', url, admin, body, headers);
    expect(replay.statusCode, replay.body).toBe(409);
    expect(replay.json()).toMatchObject({
      code: 'CONFLICT',
      details: { keyId: made.id, prefix: made.prefix },
    });
    expect(replay.body).not.toContain(made.key);
    // One key made, and the idempotency table never held the key.
    expect((await keysOf(companyB.id)).filter((key) => key.label === 'Replayed')).toHaveLength(1);
    const stored = await database.db.select().from(idempotencyKeys);
    expect(JSON.stringify(stored)).not.toContain(made.key);
    expect(JSON.stringify(stored)).not.toContain(hashResellerKey(made.key));

    // The same Idempotency-Key with another body is refused, as everywhere.
    const other = await call('POST', url, admin, { ...body, label: 'Other' }, headers);
    expect(other.statusCode).toBe(422);
  });

  it('refuses a user of another company, a customer, or nobody, and an unknown company (404)', async () => {
    const customer = await newCustomer(app);
    for (const userId of [companyB.members[0]?.userId, customer.userId, NOBODY]) {
      const answer = await call('POST', `/api/admin/resellers/${companyA.id}/keys`, admin, {
        label: 'Wrong user',
        userId,
      });
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'NOT_FOUND', field: 'userId' });
    }
    const unknown = await call('POST', `/api/admin/resellers/${NOBODY}/keys`, admin, {
      label: 'No company',
      userId: companyA.members[0]?.userId,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await keysOf(companyA.id)).filter((key) => key.label === 'Wrong user')).toEqual([]);
  });

  it('answers bad input with a 400 JSON body', async () => {
    const userId = companyA.members[0]?.userId;
    const url = `/api/admin/resellers/${companyA.id}/keys`;
    const bodies = [
      {},
      { label: '', userId },
      { label: '   ', userId },
      { label: 'x'.repeat(101), userId },
      { label: 'Bad user', userId: 'not-a-uuid' },
      { label: 'Rate zero', userId, ratePerMinute: 0 },
      { label: 'Rate high', userId, ratePerMinute: 6001 },
      { label: 'Rate half', userId, ratePerMinute: 1.5 },
      { label: 'Rate text', userId, ratePerMinute: '10' },
    ];
    for (const body of bodies) {
      const answer = await call('POST', url, admin, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.headers['content-type']).toContain('application/json');
      expect(answer.json().code).toBe('VALIDATION');
    }
    const badId = await call('POST', '/api/admin/resellers/nope/keys', admin, {
      label: 'x',
      userId,
    });
    expect(badId.statusCode).toBe(400);
  });
});

describe('DELETE admin/resellers/{id}/keys/{keyId}', () => {
  it('revokes a key once, keeps it, and a second revocation changes nothing', async () => {
    const made = await makeKey(companyA, 'To revoke');
    const url = `/api/admin/resellers/${companyA.id}/keys/${made.id}`;
    const revoked = await call('DELETE', url, admin);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const key = revoked.json<ResellerKey>();
    expect(key.revokedAt).not.toBeNull();
    expect(revoked.body).not.toContain(made.key);

    const again = await call('DELETE', url, admin);
    expect(again.statusCode).toBe(200);
    expect(again.json<ResellerKey>().revokedAt).toBe(key.revokedAt);

    const [row] = (await keysOf(companyA.id)).filter((one) => one.id === made.id);
    expect(row?.revokedAt?.toISOString()).toBe(key.revokedAt);
    expect(row?.revokedBy).toBeTruthy();
    const audits = await database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.subjectId, made.id));
    expect(audits.map((audit) => audit.action).sort()).toEqual([
      'reseller_key.create',
      'reseller_key.revoke',
    ]);
    const revokeAudit = audits.find((audit) => audit.action === 'reseller_key.revoke');
    expect(revokeAudit?.after).toMatchObject({ label: 'To revoke', prefix: made.prefix });

    // Listed as revoked, after the keys in use.
    const listed = (await listAll()).find((company) => company.id === companyA.id);
    const revokedIndex = listed?.keys.findIndex((one) => one.id === made.id) ?? -1;
    expect(listed?.keys[revokedIndex]?.revokedAt).toBe(key.revokedAt);
    expect(listed?.keys.slice(revokedIndex).every((one) => one.revokedAt !== null)).toBe(true);
  });

  it("answers 404 for another company's key or an unknown one", async () => {
    const made = await makeKey(companyB, 'Not A');
    const wrong = await call(
      'DELETE',
      `/api/admin/resellers/${companyA.id}/keys/${made.id}`,
      admin,
    );
    expect(wrong.statusCode).toBe(404);
    const [row] = (await keysOf(companyB.id)).filter((one) => one.id === made.id);
    expect(row?.revokedAt).toBeNull();
    const unknown = await call(
      'DELETE',
      `/api/admin/resellers/${companyA.id}/keys/${NOBODY}`,
      admin,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });
});

describe('PUT admin/resellers/{id}', () => {
  it('sets the net discount within 0–5000 basis points, audited', async () => {
    const url = `/api/admin/resellers/${companyB.id}`;
    for (const bps of [1500, 0, 5000]) {
      const answer = await call('PUT', url, admin, { netDiscountBps: bps });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<Reseller>()).toMatchObject({ id: companyB.id, netDiscountBps: bps });
    }
    const [company] = await database.db
      .select({ bps: corporateClients.netDiscountBps })
      .from(corporateClients)
      .where(eq(corporateClients.id, companyB.id));
    expect(company?.bps).toBe(5000);
    const audits = await database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.subjectId, companyB.id));
    expect(audits.map((audit) => audit.after)).toEqual([
      { netDiscountBps: 1500 },
      { netDiscountBps: 0 },
      { netDiscountBps: 5000 },
    ]);
    // The same price again writes nothing.
    await call('PUT', url, admin, { netDiscountBps: 5000 });
    expect(
      await database.db.select().from(auditEntries).where(eq(auditEntries.subjectId, companyB.id)),
    ).toHaveLength(3);
  });

  it('refuses a discount out of bounds or not whole (400), an unknown company (404)', async () => {
    const url = `/api/admin/resellers/${companyB.id}`;
    for (const body of [
      { netDiscountBps: 5001 },
      { netDiscountBps: -1 },
      { netDiscountBps: 12.5 },
      { netDiscountBps: '100' },
      {},
    ]) {
      const answer = await call('PUT', url, admin, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().code).toBe('VALIDATION');
    }
    const unknown = await call('PUT', `/api/admin/resellers/${NOBODY}`, admin, {
      netDiscountBps: 100,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the audit trail', () => {
  it("reads the resellers' entries by name: the company, the key's label, prefix and user", async () => {
    const answer = await call('GET', '/api/admin/audit?pageSize=100', admin);
    expect(answer.statusCode, answer.body).toBe(200);
    const entries = answer.json<AdminAuditEntry[]>();
    const net = entries.find((entry) => entry.action === 'reseller.net_price');
    expect(net?.subject).toBe(companyB.name);
    const made = entries.find(
      (entry) =>
        entry.action === 'reseller_key.create' &&
        (entry.after as { label?: string }).label === 'Andean booking engine',
    );
    expect(made?.changes).toEqual(
      expect.arrayContaining([
        { field: 'company', before: null, after: companyA.name },
        { field: 'label', before: null, after: 'Andean booking engine' },
      ]),
    );
  });
});

describe('who may', () => {
  it('refuses an agent (403) and a customer or a reseller user (404), writing nothing', async () => {
    const before = await keysOf(companyA.id);
    const customer = await newCustomer(app);
    const routes: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', '/api/admin/resellers'],
      [
        'POST',
        `/api/admin/resellers/${companyA.id}/keys`,
        { label: 'Sneaky', userId: companyA.members[0]?.userId },
      ],
      ['DELETE', `/api/admin/resellers/${companyA.id}/keys/${before[0]?.id ?? NOBODY}`],
      ['PUT', `/api/admin/resellers/${companyA.id}`, { netDiscountBps: 4000 }],
    ];
    for (const [method, url, body] of routes) {
      const byAgent = await call(method, url, agent, body);
      expect(byAgent.statusCode, `${method} ${url}`).toBe(403);
      expect(byAgent.json().code).toBe('FORBIDDEN');
      for (const token of [customer.token, companyA.members[0]?.token ?? '']) {
        expect((await call(method, url, token, body)).statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await app.inject({ method, url })).statusCode).toBe(401);
    }
    expect(await keysOf(companyA.id)).toEqual(before);
  });
});

describe('the logs', () => {
  it('never hold a key, its hash, nor the Authorization header', async () => {
    lines.splice(0);
    const made = await makeKey(companyA, 'Logged?');
    // A key sent as a bearer token somewhere: refused, and not logged either.
    const used = await app.inject({ url: '/api/admin/resellers', headers: bearer(made.key) });
    expect(used.statusCode).toBe(401);
    const logged = lines.join('\n');
    expect(logged).toContain('request completed');
    expect(logged).not.toContain(made.key);
    expect(logged).not.toContain(hashResellerKey(made.key));
    expect(logged).not.toContain(admin);
  });
});
