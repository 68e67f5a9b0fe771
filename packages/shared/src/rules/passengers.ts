/**
 * What makes a passenger's data complete (spec §5 "Passenger save"): the required fields, the
 * student card's expiry for students, and the document scan the permit is bought with.
 */
export const passengerRequiredFields = [
  'firstName',
  'lastName',
  'eMail',
  'birthDate',
  'sexId',
  'documentTypeId',
  'documentNumber',
  'maritalStatusId',
  'jobId',
  'countryId',
  'mobileNumber',
  'foodPreferencesId',
  'travelPurposeId',
  'trekkingExperienceId',
] as const;

export type PassengerRequiredField = (typeof passengerRequiredFields)[number];

/** Share (0–100) of a passenger's data that is registered. */
export function passengerCompletion(
  record: Partial<
    Record<PassengerRequiredField | 'dateExpirationCard', string | null | undefined>
  > & {
    hasDocument: boolean;
  },
  isStudent: boolean,
): number {
  const items: boolean[] = passengerRequiredFields.map((field) => Boolean(record[field]?.trim()));
  if (isStudent) items.push(Boolean(record.dateExpirationCard));
  items.push(record.hasDocument);
  return Math.floor((items.filter(Boolean).length * 100) / items.length);
}
