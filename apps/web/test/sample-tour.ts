import { CustomerTypeId, type Tour, TourFamilyId } from '@cusco/shared';

/** A tour as GET tour/{code} answers it, for the booking model's tests. */
export const sampleTour: Tour = {
  id: '3f0f2c55-8d57-4a43-9a36-0e2b5f3c1a10',
  code: '100401',
  name: 'Classic Inca Trail 4D/3N',
  days: 4,
  nights: 3,
  types: [{ value: 'group', label: 'Group' }],
  categories: [{ value: 'english', label: 'English' }],
  categoryPrincipal: TourFamilyId.incaTrail,
  customerTypes: [
    { value: CustomerTypeId.adult, label: 'Adult', description: '' },
    { value: CustomerTypeId.student, label: 'Student', description: '' },
    { value: CustomerTypeId.child, label: 'Child', description: '' },
    { value: CustomerTypeId.baby, label: 'Baby', description: '' },
  ],
  prices: [
    {
      categoryId: 'english',
      typeId: 'group',
      customerTypeId: CustomerTypeId.adult,
      quantity: 1,
      price: 790,
    },
    {
      categoryId: 'english',
      typeId: 'group',
      customerTypeId: CustomerTypeId.student,
      quantity: 1,
      price: 755,
    },
  ],
  hotel: null,
  hotelNight: 0,
  maxPassengers: 16,
  additionalServices: [
    {
      name: 'Sleeping bag',
      description: '',
      prices: [{ id: 'bag', label: 'Per person', value: 25, perPerson: true }],
    },
  ],
  relatedTours: [],
  itinerary: [],
  includeServices: [],
  notincludeServices: [],
};
