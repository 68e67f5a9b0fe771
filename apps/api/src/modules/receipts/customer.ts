import { isValidRuc } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { type bookings, corporateClients, users } from '../../db/schema.ts';
import type { Party } from './model.ts';
import { identityType, type Traveller } from './travellers.ts';

/**
 * Whom a booking's receipts name: a factura's RUC (the booking's factura details, else its
 * corporate client's record when complete), or for a boleta a traveller's document (catalogue 06:
 * 1 DNI, 4 foreigner's card, 7 passport), else '0' and '-' with the customer's name.
 */
export async function customerOf(
  tx: Transaction,
  booking: typeof bookings.$inferSelect,
  travellers: Traveller[],
): Promise<{ factura: boolean; party: Party }> {
  if (booking.invoiceRuc && booking.invoiceLegalName && booking.invoiceAddress) {
    return {
      factura: true,
      party: {
        documentType: '6',
        documentNumber: booking.invoiceRuc,
        name: booking.invoiceLegalName,
        address: booking.invoiceAddress,
      },
    };
  }
  if (booking.corporateClientId) {
    const [company] = await tx
      .select()
      .from(corporateClients)
      .where(eq(corporateClients.id, booking.corporateClientId));
    if (company?.taxId && isValidRuc(company.taxId) && company.legalName && company.fiscalAddress) {
      return {
        factura: true,
        party: {
          documentType: '6',
          documentNumber: company.taxId,
          name: company.legalName,
          address: company.fiscalAddress,
        },
      };
    }
  }
  return { factura: false, party: await boletaParty(tx, booking.userId, travellers) };
}

/** A boleta's customer: the first traveller with a known document, else the booking's customer. */
export async function boletaParty(
  tx: Transaction,
  userId: string,
  travellers: Traveller[],
): Promise<Party> {
  for (const traveller of travellers) {
    const type = identityType(traveller.documentKind);
    if (type && traveller.documentNumber) {
      return { documentType: type, documentNumber: traveller.documentNumber, name: traveller.name };
    }
  }
  const [user] = await tx
    .select({ name: users.name, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return {
    documentType: '0',
    documentNumber: '-',
    name: user ? `${user.name} ${user.lastName}`.trim() : 'Cliente',
  };
}
