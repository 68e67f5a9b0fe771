import { CustomerTypeId, pricingCatalogFromTour, quoteBooking } from '@cusco/shared';
import { describe, expect, it } from 'vitest';
import {
  type DeskDraft,
  initialDeskDraft,
  priceDeskDraft,
} from '../src/features/admin/components/desk/desk-draft.ts';
import { sampleTour } from './sample-tour.ts';

const tour = sampleTour;
const draft = (patch: Partial<DeskDraft>): DeskDraft => ({
  ...initialDeskDraft(tour),
  date: '2030-06-10',
  ...patch,
});

describe("the desk's booking draft", () => {
  it('starts with the first type and category, one adult and no date', () => {
    expect(initialDeskDraft(tour)).toMatchObject({
      date: '',
      typeId: tour.types[0]?.value,
      categoryId: tour.categories[0]?.value,
      counts: { [CustomerTypeId.adult]: 1 },
      mode: 'T',
    });
  });

  it('says which rule a draft breaks before pricing it', () => {
    expect(priceDeskDraft(draft({ counts: {} }), tour)).toEqual({
      ok: false,
      text: 'msg:atLeastOneAdult',
    });
    expect(priceDeskDraft(draft({ typeId: '' }), tour)).toMatchObject({
      text: 'msg:selectTypeAndCategory',
    });
    expect(
      priceDeskDraft(draft({ counts: { [CustomerTypeId.adult]: tour.maxPassengers + 1 } }), tour),
    ).toMatchObject({ ok: false });
    expect(priceDeskDraft(draft({ date: '' }), tour)).toEqual({
      ok: false,
      text: 'desk.chooseDate',
    });
  });

  it("sends the shared rules' figures, as the customer's booking page does", () => {
    const counts: Record<string, number> = {
      [CustomerTypeId.adult]: 2,
      [CustomerTypeId.student]: 1,
    };
    const price = priceDeskDraft(draft({ counts, mode: 'P' }), tour);
    if (!price.ok) throw new Error(price.text);
    const expected = quoteBooking(pricingCatalogFromTour(tour), {
      categoryId: tour.categories[0]?.value ?? '',
      typeId: tour.types[0]?.value ?? '',
      passengers: tour.customerTypes.map((type) => ({
        customerTypeId: type.value,
        quantity: counts[type.value] ?? 0,
      })),
      hotels: [],
      services: [],
    });
    if (!expected.ok) throw new Error('sample tour cannot be priced');
    expect(price.quote).toEqual(expected.quote);
    expect(price.request).toMatchObject({
      tourId: tour.id,
      startDate: '2030-06-10',
      endDate: '2030-06-10',
      adultPassengers: 2,
      studentPassengers: 1,
      paymentMode: 'P',
      amount: expected.quote.partialCents / 100,
    });
  });
});
