/**
 * Fixed identifiers that the product's rules depend on. They are seeded with these exact
 * values, and the web app and the API compare against them.
 */

/** The four customer (passenger) types. Spec §3: one id each for adult, student, child; any other is a baby. */
export const CustomerTypeId = {
  adult: '3a4c815c-d185-45c9-b7e9-5cba70501366',
  student: '0998a41b-6499-4a93-973f-58aee1d9a083',
  child: 'a470e16a-a67d-443f-84f6-a0fe9471c19f',
  baby: '983b8f32-7e95-4bbc-aa12-f5b1d5c9fba5',
} as const;

export type CustomerTypeKey = keyof typeof CustomerTypeId;

/** Resolves a customer-type id to its kind; any unknown id is a baby (spec §3). */
export function customerTypeKind(id: string): CustomerTypeKey {
  if (id === CustomerTypeId.adult) return 'adult';
  if (id === CustomerTypeId.student) return 'student';
  if (id === CustomerTypeId.child) return 'child';
  return 'baby';
}

/** The main categories ("families") of tours: the tabs of the tours page. */
export const TourFamilyId = {
  incaTrail: '17e2bb50-209f-4bcc-8256-3e91a095fb7b',
  alternativeTrek: '6b823799-47cc-4abd-b838-236e68317608',
  package: 'a2fde7c7-ac1c-4c8e-8d5b-9f0737af4aa3',
  machuPicchu: 'ccedb3ce-1ae5-48bf-8e66-8f8a68ebff2c',
} as const;

export type TourFamilyKey = keyof typeof TourFamilyId;

export const tourFamilyOrder: readonly TourFamilyKey[] = [
  'incaTrail',
  'alternativeTrek',
  'package',
  'machuPicchu',
];

/** For the Machu Picchu family the category selector reads "Hotel's Category", otherwise "Language". */
export function isHotelCategoryFamily(familyId: string): boolean {
  return familyId === TourFamilyId.machuPicchu;
}

/** Incident types (spec §4). */
export const IncidentTypeId = {
  freeSubject: '25398be3-5089-4c54-938c-9bc580450d98',
  removePassenger: '12cb5f3d-7ab0-45c2-b267-9a2a36c50c3b',
  addPassenger: 'e4b61d6d-f42d-460d-8b22-8c96581d6540',
  removeAdditionalService: '33406d1c-5dd8-457c-98fe-699550795369',
} as const;

/**
 * Incident statuses (spec §4). `registered` is the initial status; the agency's answer moves an
 * incident to `answered`; `closed` and `cancelled` end it. The spec's prefixes 3070e9ba and
 * 66f50833 are the two statuses whose observation and response are shown.
 */
export const IncidentStatusId = {
  registered: '64f2088f-6671-4aad-ab63-83b28b8bae8e',
  inProgress: '0eb75a0a-0844-4232-9ae8-147a53eb65ff',
  answered: '3070e9ba-5c1f-4b7e-9d3a-8f2e6a1c4b90',
  closed: '66f50833-2d4e-4a8b-b1c7-3e9f5d0a7c21',
  cancelled: '56b44f13-63a3-4bf1-a069-1cdf6edce1c8',
} as const;

/** Option-list keys served by GET optionlist/listbykey/{key} (spec §7). */
export const optionListKeys = [
  'sex',
  'DocumentType',
  'MaritalStatus',
  'FoodPreference',
  'TrekkingExperience',
  'TravelPurpose',
] as const;

export type OptionListKey = (typeof optionListKeys)[number];
