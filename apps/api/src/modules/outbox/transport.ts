import { createTransport } from 'nodemailer';
import type { Executor } from '../../db/client.ts';
import { mailMessages } from '../../db/schema.ts';

/** A message ready to go: addresses, both parts, and its files. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /**
   * The parts a copy kept by the product holds instead of `text` and `html`, when they carry a
   * secret (a reset link): the message sent has it, the mailbox never shows it.
   */
  keptCopy?: { text: string; html: string };
}

/**
 * Where messages go (the transport port): an SMTP server (SMTP_URL), or, by default, the
 * database, where the back office's dev mailbox shows them and nothing leaves the machine.
 */
export interface MailTransport {
  readonly name: 'smtp' | 'database';
  /** Sends (or keeps) one outbox row's message; throws when it could not. */
  send(db: Executor, outboxId: string, mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * nodemailer over SMTP. The waits are bounded, so a server that hangs fails the attempt (to be
 * retried) well within the worker's five-minute claim on the row.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    name: 'smtp',
    async send(_db, outboxId, { keptCopy: _, ...mail }) {
      await transporter.sendMail({
        ...mail,
        // The outbox row's id: a receiving system can tell a resend from a new message.
        messageId: `<${outboxId}@cusco-treks.mail>`,
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * The embedded default: the rendered message is kept in `mail_messages` (once per outbox row,
 * whatever the number of tries), nothing is sent. A message with a secret (a reset link) is kept
 * as its `keptCopy`, without it: the mailbox shows that it was sent, never the link.
 */
export function databaseTransport(): MailTransport {
  return {
    name: 'database',
    async send(db, outboxId, mail) {
      const values = {
        fromAddress: mail.from,
        toAddress: mail.to,
        subject: mail.subject,
        text: mail.keptCopy?.text ?? mail.text,
        html: mail.keptCopy?.html ?? mail.html,
        attachments: mail.attachments.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: file.content.toString('base64'),
        })),
      };
      await db
        .insert(mailMessages)
        .values({ outboxId, ...values })
        .onConflictDoUpdate({ target: mailMessages.outboxId, set: values });
    },
    close() {},
  };
}

/** The transport the configuration names: SMTP_URL's server, else the database. */
export function createMailTransport(smtpUrl: string | undefined): MailTransport {
  return smtpUrl ? smtpTransport(smtpUrl) : databaseTransport();
}
