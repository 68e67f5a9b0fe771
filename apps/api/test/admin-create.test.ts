import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { createStaffMember } from '../src/modules/admin/staff.ts';
import { verifyPassword } from '../src/modules/auth/passwords.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { programArgs } from './support/programs.ts';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `admin:create` (its build) with these arguments and this standard input. */
function adminCreate(
  args: string[],
  input: string,
  dataDir: string,
  env: Record<string, string> = {},
) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, programArgs('admin-create', args), {
      cwd: apiRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO_DATA: 'false',
        PAYMENT_GATEWAY: 'sandbox',
        LOG_LEVEL: 'silent',
        ...env,
      },
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(input);
  });
}

// The command opens its own embedded database: run once, in the PGlite project.
describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('npm run admin:create', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cusco-admin-create-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates the first administrator of an install without demo data, once', async () => {
    const first = await adminCreate(
      ['--email', 'Chief@Agency.pe'],
      'Machu-Picchu-Office-1911\n',
      dataDir,
    );
    expect(first.out).toContain('Created admin chief@agency.pe.');
    expect(first.code).toBe(0);
    const again = await adminCreate(
      ['--email', 'chief@agency.pe'],
      'Another-Long-Pass-42\n',
      dataDir,
    );
    expect(again.code).toBe(1);
    expect(again.out).toContain('There is already a user chief@agency.pe.');
  }, 60_000);

  it('refuses to run without an e-mail', async () => {
    const run = await adminCreate([], 'Machu-Picchu-Office-1911\n', dataDir);
    expect(run.code).toBe(1);
    expect(run.out).toContain('Usage: npm run admin:create -- --email');
  });

  it('says which setting is missing and what to do, without a stack trace, and creates nothing', async () => {
    const run = await adminCreate(
      ['--email', 'nobody@agency.pe'],
      'Machu-Picchu-Office-1911\n',
      dataDir,
      { PAYMENT_GATEWAY: '' },
    );
    expect(run.code).toBe(1);
    expect(run.out).toContain('A setting is missing or wrong: PAYMENT_GATEWAY must be set');
    expect(run.out).toContain('Set it in the environment');
    expect(run.out).toContain('Nothing was created.');
    expect(run.out).not.toMatch(/\n\s+at /);
    expect(run.out).not.toContain('Error:');
  }, 60_000);
});

describe('createStaffMember', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());
  const member = (overrides: Partial<Parameters<typeof createStaffMember>[1]>) => ({
    email: 'desk@agency.pe',
    password: 'Sacred-Valley-Desk-77',
    role: 'agent' as const,
    name: 'Lucho',
    lastName: 'Apaza',
    ...overrides,
  });

  it('creates a staff member with a hashed password and the role asked for', async () => {
    const created = await createStaffMember(ctx.database.db, member({}));
    expect(created.ok).toBe(true);
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'desk@agency.pe'));
    expect(row?.role).toBe('agent');
    expect(await verifyPassword('Sacred-Valley-Desk-77', row?.passwordHash ?? '')).toBe(true);
  });

  it('refuses a common, short or e-mail password, and a bad e-mail', async () => {
    const db = ctx.database.db;
    const problem = async (overrides: Parameters<typeof member>[0]) => {
      const result = await createStaffMember(
        db,
        member({ email: 'other@agency.pe', ...overrides }),
      );
      return result.ok ? null : result.problem;
    };
    expect(await problem({ password: 'password123' })).toMatch(/too common/);
    expect(await problem({ password: 'short' })).toMatch(/8 to 128/);
    expect(await problem({ password: 'other@agency.pe' })).toMatch(/is the e-mail/);
    expect(await problem({ email: 'not an e-mail' })).toMatch(/not an e-mail/);
    expect(await db.select().from(users).where(eq(users.email, 'other@agency.pe'))).toHaveLength(0);
  });
});
