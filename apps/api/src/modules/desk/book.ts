import {
  type BookingSaveResponse,
  type DeskBookingRequest,
  type deskBookingRequest,
  fromCents,
  type Language,
  type PayLinkAnswer,
} from '@cusco/shared';
import { and, eq } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Database, Transaction } from '../../db/client.ts';
import { bookings, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { once, type StoredAnswer } from '../../lib/idempotency.ts';
import { lockBooking, normalizeCode } from '../access/bookings.ts';
import { recordAudit } from '../audit/record.ts';
import type { TourPricing } from '../bookings/catalogue.ts';
import { saveBookingIn } from '../bookings/save.ts';
import { ledgerTotals } from '../ledger/ledger.ts';
import { enqueueMail } from '../outbox/outbox.ts';
import type { AttemptPolicy } from '../payments/attempts.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';
import { usersWithCompany } from '../users/users.ts';

export type DeskBookingBody = z.output<typeof deskBookingRequest>;
export type { DeskBookingRequest };

/** The customer a desk booking is for, as a booking's save reads its user; 404 for staff. */
async function bookingCustomer(tx: Transaction, customerId: string) {
  const [customer] = await usersWithCompany(tx, { language: users.language }).where(
    and(eq(users.id, customerId), eq(users.role, 'client')),
  );
  if (!customer) throw new AppError('NOT_FOUND', 'customerNotFound', { field: 'customerId' });
  return customer;
}

/**
 * POST admin/bookings (issue 28): staff book for a customer. The customer's own save
 * (`saveBookingIn`: the same checks, prices, seats, unpaid hold, first payment attempt and
 * confirmation e-mail) with the customer as the booking's user, in the customer's language; its
 * refusals in the staff's. The member of staff is in the audit trail. Answered once per
 * Idempotency-Key of the member of staff.
 */
export function bookForCustomer(
  db: Database,
  input: {
    staff: AuthenticatedUser;
    body: DeskBookingBody;
    key: string | undefined;
    language: Language;
    payments: AttemptPolicy;
    pricing?: TourPricing | null;
    today?: string;
  },
): Promise<StoredAnswer<BookingSaveResponse>> {
  const { staff, body } = input;
  return once<BookingSaveResponse>(
    db,
    { userId: staff.userId, scope: 'admin/bookings', key: input.key, body },
    async (tx) => {
      const customer = await bookingCustomer(tx, body.customerId);
      const saved = await saveBookingIn(tx, {
        user: customer,
        body: body.booking,
        language: input.language,
        bookingLanguage: customer.language ?? 'es',
        channel: 'desk',
        payments: input.payments,
        ...(input.pricing === undefined ? {} : { pricing: input.pricing }),
        ...(input.today ? { today: input.today } : {}),
      });
      const { id, tourCode, totalCents, ...answer } = saved;
      const passengers =
        body.booking.adultPassengers +
        body.booking.studentPassengers +
        body.booking.childrenPassengers +
        body.booking.babyPassengers;
      await recordAudit(tx, {
        staffUserId: staff.userId,
        action: 'booking.create',
        bookingId: id,
        subjectId: customer.userId,
        after: {
          customer: `${customer.name} ${customer.lastName}`,
          email: customer.email,
          tour: tourCode,
          date: body.booking.startDate,
          passengers,
          total: fromCents(totalCents),
        },
      });
      return { statusCode: 201, body: answer };
    },
  );
}

/**
 * POST admin/bookings/{code}/pay-link: e-mails the customer their booking's confirmation again,
 * with what is owed and its pay link (the confirmation template's "Pay the balance"), through
 * the outbox; audited. Once per Idempotency-Key (the key is the e-mail's reason: a retry queues
 * nothing more). Refused (422) for a cancelled booking, one on credit, or one that owes nothing.
 */
export function sendPayLink(
  db: Database,
  input: { staff: AuthenticatedUser; code: string; key: string | undefined },
): Promise<StoredAnswer<PayLinkAnswer>> {
  const reason = `pay-link:${input.key ?? crypto.randomUUID()}`;
  return once<PayLinkAnswer>(
    db,
    {
      userId: input.staff.userId,
      scope: 'admin/pay-link',
      key: input.key,
      body: { code: normalizeCode(input.code) },
    },
    async (tx) => {
      const booking = await lockBooking(tx, eq(bookings.code, normalizeCode(input.code)));
      if (booking.cancelledBy) throw new AppError('BUSINESS_RULE', 'changeCancelled');
      if (booking.corporateClientId) throw new AppError('BUSINESS_RULE', 'paymentNotAllowed');
      const { debt } = await ledgerTotals(tx, booking.id);
      if (debt <= 0) throw new AppError('BUSINESS_RULE', 'nothingToPay');
      const [owner] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, booking.userId));
      if (!owner) throw new AppError('NOT_FOUND', 'bookingNotFound');
      await enqueueMail(tx, {
        kind: 'booking_confirmation',
        subjectId: booking.id,
        reason,
        userId: booking.userId,
        bookingId: booking.id,
      });
      await recordAudit(tx, {
        staffUserId: input.staff.userId,
        action: 'booking.pay_link',
        bookingId: booking.id,
        subjectId: booking.userId,
        after: { email: owner.email, debt: fromCents(debt) },
      });
      return { statusCode: 201, body: { email: owner.email, debt: fromCents(debt) } };
    },
  );
}
