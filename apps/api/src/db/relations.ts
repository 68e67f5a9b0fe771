import { type AnyColumn, relations, type TableRelationsHelpers } from 'drizzle-orm';
import type { AnyPgTable, PgColumn } from 'drizzle-orm/pg-core';
import {
  additionalServices,
  bookingHotelLines,
  bookingPassengerLines,
  bookingServiceLines,
  bookings,
  categories,
  clientDocuments,
  clients,
  customerTypes,
  hotelTypes,
  ledgerEntries,
  passengerSlots,
  paymentAttempts,
  roomTypes,
  tourAdditionalServices,
  tourInclusions,
  tours,
  tourTypes,
} from './schema.ts';

/** The row of `target` that `column`, a foreign key to its id, names (a `one` relation). */
function foreignRow<
  TableName extends string,
  Column extends AnyColumn<{ tableName: TableName }>,
  Target extends AnyPgTable & { id: PgColumn },
>(one: TableRelationsHelpers<TableName>['one'], column: Column, target: Target) {
  return one(target, { fields: [column], references: [target.id] });
}

/**
 * How a booking's rows hang together, for Drizzle's relational queries: the booking detail reads
 * a booking with every line, slot and entry in one statement (`db.query.bookings`). Only the
 * relations a query uses are declared.
 */
export const bookingRelations = relations(bookings, ({ one, many }) => ({
  tour: foreignRow(one, bookings.tourId, tours),
  type: foreignRow(one, bookings.typeId, tourTypes),
  category: foreignRow(one, bookings.categoryId, categories),
  passengerLines: many(bookingPassengerLines),
  hotelLines: many(bookingHotelLines),
  serviceLines: many(bookingServiceLines),
  ledger: many(ledgerEntries),
  slots: many(passengerSlots),
  attempts: many(paymentAttempts),
}));

export const tourRelations = relations(tours, ({ many }) => ({
  inclusions: many(tourInclusions),
}));

export const tourInclusionRelations = relations(tourInclusions, ({ one }) => ({
  tour: foreignRow(one, tourInclusions.tourId, tours),
}));

export const passengerLineRelations = relations(bookingPassengerLines, ({ one }) => ({
  booking: foreignRow(one, bookingPassengerLines.bookingId, bookings),
  customerType: foreignRow(one, bookingPassengerLines.customerTypeId, customerTypes),
}));

export const hotelLineRelations = relations(bookingHotelLines, ({ one }) => ({
  booking: foreignRow(one, bookingHotelLines.bookingId, bookings),
  hotel: foreignRow(one, bookingHotelLines.hotelTypeId, hotelTypes),
  room: foreignRow(one, bookingHotelLines.roomTypeId, roomTypes),
}));

export const serviceLineRelations = relations(bookingServiceLines, ({ one }) => ({
  booking: foreignRow(one, bookingServiceLines.bookingId, bookings),
  offer: foreignRow(one, bookingServiceLines.offerId, tourAdditionalServices),
}));

export const offerRelations = relations(tourAdditionalServices, ({ one }) => ({
  service: foreignRow(one, tourAdditionalServices.serviceId, additionalServices),
}));

export const ledgerRelations = relations(ledgerEntries, ({ one }) => ({
  booking: foreignRow(one, ledgerEntries.bookingId, bookings),
}));

export const attemptRelations = relations(paymentAttempts, ({ one }) => ({
  booking: foreignRow(one, paymentAttempts.bookingId, bookings),
}));

export const slotRelations = relations(passengerSlots, ({ one }) => ({
  booking: foreignRow(one, passengerSlots.bookingId, bookings),
  customerType: foreignRow(one, passengerSlots.customerTypeId, customerTypes),
  client: foreignRow(one, passengerSlots.clientId, clients),
}));

export const clientRelations = relations(clients, ({ one }) => ({
  document: one(clientDocuments, { fields: [clients.id], references: [clientDocuments.clientId] }),
}));
