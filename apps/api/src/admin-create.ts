/**
 * `npm run admin:create -- --email someone@agency.pe [--name N --last-name L] [--role agent]`:
 * creates a member of the agency's staff (an administrator unless --role agent), on the database
 * the server uses (DATABASE_URL, or the embedded one in DATA_DIR; stop the server first for the
 * embedded one). The password is asked for twice in a terminal, or read from standard input
 * (`echo "$PASSWORD" | npm run admin:create -- --email …`); there is never a default one.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from './config.ts';
import { createStaffMember } from './modules/admin/staff.ts';
import { openConfiguredDatabase } from './open-configured-database.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string', default: 'Agency' },
    'last-name': { type: 'string', default: 'Administrator' },
    role: { type: 'string', default: 'admin' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Standard input, whole, without its last line break. */
async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Asks for the password twice, without echoing it. */
async function askTwice(): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const terminal = createInterface({ input: process.stdin, output, terminal: true });
  const ask = async (question: string) => {
    muted = false;
    const answer = terminal.question(question);
    muted = true;
    const typed = await answer;
    process.stdout.write('\n');
    return typed;
  };
  const first = await ask('Password: ');
  const again = await ask('Repeat the password: ');
  terminal.close();
  if (first !== again) fail('The two passwords differ: nothing was created.');
  return first;
}

/**
 * The server's settings, read before the password is asked for: a missing or wrong one is said
 * in a sentence (which setting, and what to do), never as a stack trace (issue 28).
 */
function settings(): Config {
  try {
    return loadConfig();
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    return fail(
      `${problem.replace(/^Invalid configuration: /, 'A setting is missing or wrong: ')}.\n` +
        'Set it in the environment (or in the .env file the server reads) and run the command again. Nothing was created.',
    );
  }
}

if (!values.email) fail('Usage: npm run admin:create -- --email someone@agency.pe');
if (values.role !== 'admin' && values.role !== 'agent') fail('--role is admin or agent.');
const config = settings();
const password = process.stdin.isTTY ? await askTwice() : await readPiped();

const database = await openConfiguredDatabase(config).catch((error: Error) =>
  fail(`Could not open the database: ${error.message}`),
);
try {
  const created = await createStaffMember(database.db, {
    email: values.email,
    password,
    role: values.role,
    name: values.name,
    lastName: values['last-name'],
  });
  if (!created.ok) fail(created.problem);
  process.stdout.write(`Created ${values.role} ${values.email.toLowerCase()}.\n`);
} finally {
  await database.close();
}
