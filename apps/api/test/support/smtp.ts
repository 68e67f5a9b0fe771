import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the test SMTP server accepted: its envelope and the parsed message. */
export interface Received {
  envelope: { from: string; to: string[] };
  mail: ParsedMail;
}

/**
 * A real SMTP server in the test process (smtp-server): it accepts every message, parses it
 * (mailparser) before answering 250, so a message is in `received` by the time the sender's
 * call returns. `stop()` closes it (the transport then finds nobody listening); `start()` opens
 * it again on the same port.
 */
export async function startSmtpServer() {
  const received: Received[] = [];
  let server: SMTPServer | null = null;
  let port = 0;

  const open = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              },
              mail,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    const current = server;
    await new Promise<void>((resolve, reject) => {
      current.once('error', reject);
      current.listen(port, '127.0.0.1', () => resolve());
    });
    port = (current.server.address() as AddressInfo).port;
  };

  await open();
  return {
    received,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    /** The messages sent to an address. */
    to(address: string) {
      return received.filter((message) => message.envelope.to.includes(address));
    },
    async stop() {
      const current = server;
      server = null;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    start: open,
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
