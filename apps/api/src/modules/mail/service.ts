import type { MailConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createMailTransport, type MailTransport } from '../outbox/transport.ts';
import { type MailPassReport, sendDueMail } from '../outbox/worker.ts';
import { type ReminderReport, scanReminders } from './reminders.ts';

/**
 * The app's e-mail: its transport, and the two passes the background jobs run (and tests run by
 * hand): sending what is due in the outbox, and adding today's reminders to it.
 */
export interface MailService {
  transport: MailTransport;
  sendDue(options?: { today?: string }): Promise<MailPassReport>;
  scanReminders(options?: { today?: string }): Promise<ReminderReport>;
}

export function createMailService(
  db: Database,
  config: MailConfig,
  transport: MailTransport = createMailTransport(config.smtpUrl),
): MailService {
  return {
    transport,
    sendDue: (options = {}) => sendDueMail({ db, transport, config, ...options }),
    scanReminders: (options = {}) => scanReminders(db, options),
  };
}
