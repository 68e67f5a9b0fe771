import { type AdditionalServiceOffer, fromCents, type Language } from '@cusco/shared';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { additionalServices, tourAdditionalServices } from '../../db/schema.ts';

export type GroupedServiceOffer = AdditionalServiceOffer & { isTour: boolean };

/**
 * The additional services a tour offers, one entry per service with its priced offers (each
 * price id is the tour_additional_services id that bookings and purchases name), in order.
 */
export async function loadServiceOffers(
  db: Executor,
  tourId: string,
  language: Language,
): Promise<GroupedServiceOffer[]> {
  const rows = await db
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
    .where(eq(tourAdditionalServices.tourId, tourId))
    .orderBy(asc(tourAdditionalServices.sortOrder), asc(tourAdditionalServices.id));

  const en = language === 'en';
  const services = new Map<string, GroupedServiceOffer>();
  for (const row of rows) {
    const entry = services.get(row.serviceId) ?? {
      name: en ? row.nameEn : row.nameEs,
      description: en ? row.descriptionEn : row.descriptionEs,
      prices: [],
      isTour: row.isTour,
    };
    entry.prices.push({
      id: row.offerId,
      label: en ? row.labelEn : row.labelEs,
      value: fromCents(row.priceCents),
      perPerson: row.perPerson,
    });
    services.set(row.serviceId, entry);
  }
  return [...services.values()];
}

/** Drops the isTour flag, for answers that do not carry it. */
export function withoutKind({
  isTour: _isTour,
  ...offer
}: GroupedServiceOffer): AdditionalServiceOffer {
  return offer;
}
