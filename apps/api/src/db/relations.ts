import { relations } from 'drizzle-orm';
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

/**
 * How a booking's rows hang together, for Drizzle's relational queries: the booking detail reads
 * a booking with every line, slot and entry in one statement (`db.query.bookings`). Only the
 * relations a query uses are declared.
 */
export const bookingRelations = relations(bookings, ({ one, many }) => ({
  tour: one(tours, { fields: [bookings.tourId], references: [tours.id] }),
  type: one(tourTypes, { fields: [bookings.typeId], references: [tourTypes.id] }),
  category: one(categories, { fields: [bookings.categoryId], references: [categories.id] }),
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
  tour: one(tours, { fields: [tourInclusions.tourId], references: [tours.id] }),
}));

export const passengerLineRelations = relations(bookingPassengerLines, ({ one }) => ({
  booking: one(bookings, { fields: [bookingPassengerLines.bookingId], references: [bookings.id] }),
  customerType: one(customerTypes, {
    fields: [bookingPassengerLines.customerTypeId],
    references: [customerTypes.id],
  }),
}));

export const hotelLineRelations = relations(bookingHotelLines, ({ one }) => ({
  booking: one(bookings, { fields: [bookingHotelLines.bookingId], references: [bookings.id] }),
  hotel: one(hotelTypes, { fields: [bookingHotelLines.hotelTypeId], references: [hotelTypes.id] }),
  room: one(roomTypes, { fields: [bookingHotelLines.roomTypeId], references: [roomTypes.id] }),
}));

export const serviceLineRelations = relations(bookingServiceLines, ({ one }) => ({
  booking: one(bookings, { fields: [bookingServiceLines.bookingId], references: [bookings.id] }),
  offer: one(tourAdditionalServices, {
    fields: [bookingServiceLines.offerId],
    references: [tourAdditionalServices.id],
  }),
}));

export const offerRelations = relations(tourAdditionalServices, ({ one }) => ({
  service: one(additionalServices, {
    fields: [tourAdditionalServices.serviceId],
    references: [additionalServices.id],
  }),
}));

export const ledgerRelations = relations(ledgerEntries, ({ one }) => ({
  booking: one(bookings, { fields: [ledgerEntries.bookingId], references: [bookings.id] }),
}));

export const attemptRelations = relations(paymentAttempts, ({ one }) => ({
  booking: one(bookings, { fields: [paymentAttempts.bookingId], references: [bookings.id] }),
}));

export const slotRelations = relations(passengerSlots, ({ one }) => ({
  booking: one(bookings, { fields: [passengerSlots.bookingId], references: [bookings.id] }),
  customerType: one(customerTypes, {
    fields: [passengerSlots.customerTypeId],
    references: [customerTypes.id],
  }),
  client: one(clients, { fields: [passengerSlots.clientId], references: [clients.id] }),
}));

export const clientRelations = relations(clients, ({ one }) => ({
  document: one(clientDocuments, {
    fields: [clients.id],
    references: [clientDocuments.clientId],
  }),
}));
