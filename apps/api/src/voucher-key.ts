/**
 * `npm run voucher-key -- list | rotate | retire <kid>` (issue 32, docs/voucher-codes.md): the keys
 * that sign vouchers' QR codes, on the database the server uses (DATABASE_URL, or the embedded
 * one in DATA_DIR; stop the server first for the embedded one).
 * - list: every key, newest first: its id, where its private half is, created and retired.
 * - rotate: adds a new key, which signs from now on (every node within 30 s); the older keys
 *   still verify on guides' phones until they are retired.
 * - retire <kid>: a retired key's codes no longer verify on a phone that downloads a departure
 *   again. Retire a key once the vouchers it signed have travelled (or at once if it leaked).
 * With VOUCHER_SIGNING_KEY set, that key signs whatever the database holds: rotate by setting
 * another and restarting; `retire` still retires the old one's public half.
 */
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from './config.ts';
import {
  ensureVoucherKey,
  listVoucherKeys,
  retireVoucherKey,
  rotateVoucherKey,
} from './modules/trail/keys.ts';
import { openConfiguredDatabase } from './open-configured-database.ts';

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const [command, kid] = positionals;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const usage = 'Usage: npm run voucher-key -- list | rotate | retire <kid>';
if (command !== 'list' && command !== 'rotate' && command !== 'retire') fail(usage);
if (command === 'retire' && !kid) fail(usage);

function settings(): Config {
  try {
    return loadConfig();
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    return fail(
      `${problem.replace(/^Invalid configuration: /, 'A setting is missing or wrong: ')}.\nSet it in the environment and run the command again. Nothing was changed.`,
    );
  }
}

const config = settings();
const database = await openConfiguredDatabase(config).catch((error: Error) =>
  fail(`Could not open the database: ${error.message}`),
);
try {
  if (command === 'rotate') {
    if (config.trail.voucherSigningKey) {
      console.error(
        'VOUCHER_SIGNING_KEY is set: it signs whatever the database holds. Rotate by setting another key and restarting.',
      );
    }
    const added = await rotateVoucherKey(database.db);
    process.stdout.write(`Added key ${added}: it signs from now on (every node within 30 s).\n`);
  } else if (command === 'retire') {
    const retired = await retireVoucherKey(database.db, kid ?? '');
    if (!retired) fail(`No unretired key ${kid}.`);
    // Never leave the installation without a key that signs.
    await ensureVoucherKey(database.db, config.trail.voucherSigningKey);
    process.stdout.write(`Retired key ${kid}.\n`);
  } else {
    const keys = await listVoucherKeys(database.db);
    for (const key of keys) {
      process.stdout.write(
        `${key.kid}  ${key.fromConfiguration ? 'configuration' : 'database    '}  created ${key.createdAt.toISOString()}  ${key.retiredAt ? `retired ${key.retiredAt.toISOString()}` : 'in use'}\n`,
      );
    }
    if (keys.length === 0)
      process.stdout.write('No key yet: the server makes one on its first start.\n');
  }
} finally {
  await database.close();
}
