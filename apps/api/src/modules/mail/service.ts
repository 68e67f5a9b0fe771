import type { MailConfig, ReceiptsConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createMailTransport, type MailTransport } from '../outbox/transport.ts';
import { type MailPassReport, sendDueMail } from '../outbox/worker.ts';
import type { VoucherKeys } from '../trail/keys.ts';
import { composeMail } from './compose.ts';
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
  /** The agency as the receipts' issuer: their PDF and XML go with the mail (issue 30). */
  receipts?: ReceiptsConfig,
  /** The vouchers' signing key (issue 32): the voucher PDF's QR code. */
  voucherKeys?: VoucherKeys,
): MailService {
  return {
    transport,
    sendDue: ({ today } = {}) =>
      sendDueMail({
        db,
        transport,
        config,
        compose: (row) =>
          composeMail(
            {
              db,
              config,
              ...(receipts ? { receipts } : {}),
              ...(today ? { today } : {}),
              ...(voucherKeys ? { voucherKeys } : {}),
            },
            row,
          ),
      }),
    scanReminders: (options = {}) => scanReminders(db, options),
  };
}
