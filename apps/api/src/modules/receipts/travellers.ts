import {
  classifyTraveller,
  type SaleLine,
  type TravellerClass,
  type TravellerDocumentKind,
} from '@cusco/shared';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  additionalServices,
  bookingHotelLines,
  bookingPassengerLines,
  bookingServiceLines,
  bookings,
  clientDocuments,
  clients,
  customerTypes,
  hotelTypes,
  optionItems,
  passengerSlots,
  tourAdditionalServices,
  tours,
} from '../../db/schema.ts';
import type { IdentityDocumentType } from './model.ts';

/**
 * The passenger form's document types by their seed key (reference.json "DocumentType": the
 * option's id is the seed's stable id of `DocumentType:<key>`; the list is reference data that no
 * screen edits). Read by the option's key in its stable id would need the seed; its English
 * names are as stable and are read here.
 */
const documentKinds: Record<string, Exclude<TravellerDocumentKind, null>> = {
  Passport: 'passport',
  'Peruvian national ID (DNI)': 'dni',
  "Foreigner's card (CE)": 'foreign_card',
};

export interface Traveller {
  name: string;
  countryId: string | null;
  documentKind: TravellerDocumentKind;
  documentNumber: string | null;
  hasScan: boolean;
  class: TravellerClass;
}

/** The booking's travellers (its passenger slots, filled or not), in their order. */
export async function travellersOf(db: Executor, bookingId: string): Promise<Traveller[]> {
  const rows = await db
    .select({
      position: passengerSlots.position,
      clientId: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      countryId: clients.countryId,
      documentName: optionItems.nameEn,
      documentNumber: clients.documentNumber,
      scan: clientDocuments.clientId,
      legacyScan: clients.documentFile,
    })
    .from(passengerSlots)
    .leftJoin(clients, eq(clients.id, passengerSlots.clientId))
    .leftJoin(optionItems, eq(optionItems.id, clients.documentTypeId))
    .leftJoin(clientDocuments, eq(clientDocuments.clientId, clients.id))
    .where(eq(passengerSlots.bookingId, bookingId))
    .orderBy(asc(passengerSlots.position));
  return rows.map((row) => {
    const documentKind: TravellerDocumentKind = row.documentName
      ? (documentKinds[row.documentName] ?? 'other')
      : null;
    const facts = {
      countryId: row.countryId,
      documentKind,
      hasScan: row.scan !== null || row.legacyScan !== null,
    };
    return {
      name: row.clientId
        ? `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim()
        : `Passenger ${row.position + 1}`,
      documentNumber: row.documentNumber,
      ...facts,
      class: classifyTraveller(facts),
    };
  });
}

/** Catalogue 06 of a traveller's document (passport 7, DNI 1, foreigner's card 4). */
export function identityType(kind: TravellerDocumentKind): IdentityDocumentType | null {
  if (kind === 'passport') return '7';
  if (kind === 'dni') return '1';
  if (kind === 'foreign_card') return '4';
  return null;
}

/** The booking's lines as the tax sees them: the tour per customer type, hotels, services. */
export async function saleLinesOf(db: Executor, bookingId: string): Promise<SaleLine[]> {
  const passengers = await db
    .select({
      tour: tours.nameEs,
      type: customerTypes.nameEs,
      quantity: bookingPassengerLines.quantity,
      totalCents: bookingPassengerLines.totalCents,
    })
    .from(bookingPassengerLines)
    .innerJoin(customerTypes, eq(customerTypes.id, bookingPassengerLines.customerTypeId))
    .innerJoin(bookings, eq(bookings.id, bookingPassengerLines.bookingId))
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .where(eq(bookingPassengerLines.bookingId, bookingId))
    .orderBy(asc(customerTypes.sortOrder));
  const hotels = await db
    .select({
      hotel: hotelTypes.nameEs,
      rooms: bookingHotelLines.rooms,
      nights: bookingHotelLines.nights,
      totalCents: bookingHotelLines.totalCents,
    })
    .from(bookingHotelLines)
    .innerJoin(hotelTypes, eq(hotelTypes.id, bookingHotelLines.hotelTypeId))
    .where(eq(bookingHotelLines.bookingId, bookingId))
    .orderBy(asc(bookingHotelLines.position));
  const services = await db
    .select({
      label: tourAdditionalServices.labelEs,
      quantity: bookingServiceLines.quantity,
      totalCents: bookingServiceLines.totalCents,
      exportEligible: additionalServices.exportEligible,
    })
    .from(bookingServiceLines)
    .innerJoin(tourAdditionalServices, eq(tourAdditionalServices.id, bookingServiceLines.offerId))
    .innerJoin(additionalServices, eq(additionalServices.id, tourAdditionalServices.serviceId))
    .where(eq(bookingServiceLines.bookingId, bookingId))
    .orderBy(asc(bookingServiceLines.createdAt));
  return [
    ...passengers.map((line) => ({
      kind: 'passenger' as const,
      description: `${line.tour} (${line.type} x${line.quantity})`,
      exportEligible: true,
      totalCents: line.totalCents,
    })),
    ...hotels.map((line) => ({
      kind: 'hotel' as const,
      description: `Hotel ${line.hotel} (${line.rooms} hab. x ${line.nights} noches)`,
      exportEligible: true,
      totalCents: line.totalCents,
    })),
    ...services.map((line) => ({
      kind: 'service' as const,
      description: `${line.label} x${line.quantity}`,
      exportEligible: line.exportEligible,
      totalCents: line.totalCents,
    })),
  ];
}
