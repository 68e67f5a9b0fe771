import {
  type AdditionalServiceOffer,
  fromCents,
  inLanguage,
  type Language,
  nameIn,
} from '@cusco/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { additionalServices, tourAdditionalServices } from '../../db/schema.ts';

export type GroupedServiceOffer = AdditionalServiceOffer & { isTour: boolean };

/** The tour's offers still offered (an offer bookings bought is withdrawn, not deleted). */
export const offeredBy = (tourId: string) =>
  and(eq(tourAdditionalServices.tourId, tourId), isNull(tourAdditionalServices.withdrawnAt));

/** The offers' order: the tour's. */
export const offerOrder = [asc(tourAdditionalServices.sortOrder), asc(tourAdditionalServices.id)];

/** A tour's priced service offers, in both languages, in order (not those withdrawn: issue 14). */
export function loadServiceOfferRows(db: Executor, tourId: string) {
  return db
    .select({
      offerId: tourAdditionalServices.id,
      serviceId: additionalServices.id,
      labelEn: tourAdditionalServices.labelEn,
      labelEs: tourAdditionalServices.labelEs,
      priceCents: tourAdditionalServices.priceCents,
      nameEn: additionalServices.nameEn,
      nameEs: additionalServices.nameEs,
      descriptionEn: additionalServices.descriptionEn,
      descriptionEs: additionalServices.descriptionEs,
      isTour: additionalServices.isTour,
      perPerson: additionalServices.perPerson,
    })
    .from(tourAdditionalServices)
    .innerJoin(additionalServices, eq(additionalServices.id, tourAdditionalServices.serviceId))
    .where(offeredBy(tourId))
    .orderBy(...offerOrder);
}

export type ServiceOfferRow = Awaited<ReturnType<typeof loadServiceOfferRows>>[number];

/**
 * The offers grouped by service, one entry per service with its priced offers (each price id is
 * the tour_additional_services id that bookings and purchases name), in a language.
 */
export function groupServiceOffers(
  rows: ServiceOfferRow[],
  language: Language,
): GroupedServiceOffer[] {
  const services = new Map<string, GroupedServiceOffer>();
  for (const row of rows) {
    const entry = services.get(row.serviceId) ?? {
      name: nameIn(row, language),
      description: inLanguage(language, row.descriptionEn, row.descriptionEs),
      prices: [],
      isTour: row.isTour,
    };
    entry.prices.push({
      id: row.offerId,
      label: inLanguage(language, row.labelEn, row.labelEs),
      value: fromCents(row.priceCents),
      perPerson: row.perPerson,
    });
    services.set(row.serviceId, entry);
  }
  return [...services.values()];
}

/** The additional services a tour offers, grouped by service, in a language. */
export async function loadServiceOffers(db: Executor, tourId: string, language: Language) {
  return groupServiceOffers(await loadServiceOfferRows(db, tourId), language);
}

/** Drops the isTour flag, for answers that do not carry it. */
export function withoutKind({
  isTour: _isTour,
  ...offer
}: GroupedServiceOffer): AdditionalServiceOffer {
  return offer;
}
