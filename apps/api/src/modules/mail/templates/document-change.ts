import { nameIn } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import { clients, countries, documentChangeRequests, passengerSlots } from '../../../db/schema.ts';
import {
  type BookingView,
  bookingFacts,
  bookingPage,
  type Draft,
  type Skip,
  type Template,
  type Writer,
} from './writer.ts';

/** The figures a decision kept with its outbox row (modules/document-changes/decide.ts). */
interface DecisionFigures {
  outcome: 'confirmed' | 'refused';
  feeCents?: number;
  reason?: string;
  changes: { lastName?: string; documentNumber?: string; countryId?: string };
}

/** The traveller's name now, and the name of a country, in the mail's language. */
async function travellerName(w: Writer): Promise<string | null> {
  const [row] = await w.context.db
    .select({ firstName: clients.firstName, lastName: clients.lastName })
    .from(documentChangeRequests)
    .innerJoin(passengerSlots, eq(passengerSlots.id, documentChangeRequests.passengerSlotId))
    .innerJoin(clients, eq(clients.id, passengerSlots.clientId))
    .where(eq(documentChangeRequests.id, w.row.subjectId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : null;
}

async function countryName(w: Writer, id: string): Promise<string> {
  const [row] = await w.context.db
    .select({ nameEn: countries.nameEn, nameEs: countries.nameEs })
    .from(countries)
    .where(eq(countries.id, id));
  return row ? nameIn(row, w.language) : id;
}

/**
 * "The document change is done" (the new data, and the fee added to the booking) or "was not
 * made" (staff's reason, as they wrote it for the customer).
 */
async function documentChange(w: Writer, view: BookingView): Promise<Draft | Skip> {
  const data = w.row.data as unknown as DecisionFigures;
  const name = await travellerName(w);
  if (name === null) return { skip: 'passenger removed' };
  const code = view.facts.code;
  const rows: [string, string][] = [...bookingFacts(w, view)];
  if (data.outcome === 'refused') {
    return {
      subject: w.t('docChangeRefusedSubject', { code }),
      blocks: [
        { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
        { type: 'paragraph', text: w.t('docChangeRefusedIntro', { name }) },
        { type: 'quote', text: data.reason ?? '' },
        { type: 'facts', rows },
        { type: 'button', label: w.t('seeBooking'), href: bookingPage(w, code) },
      ],
    };
  }
  if (data.changes.lastName) rows.push([w.t('factNewLastName'), data.changes.lastName]);
  if (data.changes.documentNumber) {
    rows.push([w.t('factNewDocument'), data.changes.documentNumber]);
  }
  if (data.changes.countryId) {
    rows.push([w.t('factNewCountry'), await countryName(w, data.changes.countryId)]);
  }
  if ((data.feeCents ?? 0) > 0) rows.push([w.t('factFeeAdded'), w.money(data.feeCents ?? 0)]);
  rows.push([w.t('factBalance'), w.money(Math.max(Math.round(view.detail.balance.debt * 100), 0))]);
  return {
    subject: w.t('docChangeConfirmedSubject', { code }),
    blocks: [
      { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
      { type: 'paragraph', text: w.t('docChangeConfirmedIntro', { name }) },
      { type: 'facts', rows },
      { type: 'button', label: w.t('seeBooking'), href: bookingPage(w, code) },
    ],
  };
}

export const documentChangeTemplate: Template = { about: 'booking', draft: documentChange };
