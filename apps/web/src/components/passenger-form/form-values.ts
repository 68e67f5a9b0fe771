import type { ClientRecord, PassengerPayload } from '@cusco/shared';
import type { UseFormReturnType } from '@mantine/form';

/** Every field of the passenger form, as the inputs hold it: text, empty when unset. */
export type PassengerFormValues = { [K in keyof PassengerPayload]-?: string };
export type PassengerFormApi = UseFormReturnType<PassengerFormValues>;

/** YYYY-MM-DD as the date fields show it, DD/MM/YYYY. */
export const dayMonthYear = (iso: string) => iso.split('-').reverse().join('/');

export const emptyValues = (bookingcode: string): PassengerFormValues => ({
  firstName: '',
  lastName: '',
  eMail: '',
  birthDate: '',
  expirationDate: '',
  sexId: '',
  documentTypeId: '',
  documentNumber: '',
  maritalStatusId: '',
  jobId: '',
  countryId: '',
  mobileNumber: '',
  foodPreferencesId: '',
  foodObservation: '',
  allergyObservation: '',
  medicalRequirement: '',
  travelPurposeId: '',
  travelPurposeObservation: '',
  trekkingExperienceId: '',
  trekkingExperienceObservation: '',
  dateExpirationCard: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  bookingcode,
});

export function fromRecord(record: ClientRecord, bookingcode: string): PassengerFormValues {
  return {
    firstName: record.firstname,
    lastName: record.lastname,
    eMail: record.email ?? '',
    birthDate: record.birthdateStr ?? '',
    expirationDate: record.expirationDate ?? '',
    sexId: record.sexid ?? '',
    documentTypeId: record.documenttypeid ?? '',
    documentNumber: record.documentnumber ?? '',
    maritalStatusId: record.maritalstatusid ?? '',
    jobId: record.jobid ?? '',
    countryId: record.countryid ?? '',
    mobileNumber: record.mobilenumber ?? '',
    foodPreferencesId: record.foodpreferencesid ?? '',
    foodObservation: record.foodobservation ?? '',
    allergyObservation: record.allergyobservation ?? '',
    medicalRequirement: record.medicalrequirement ?? '',
    travelPurposeId: record.travelpurposeid ?? '',
    travelPurposeObservation: record.travelpurposeobservation ?? '',
    trekkingExperienceId: record.trekkingexperienceid ?? '',
    trekkingExperienceObservation: record.trekkingexperienceobservation ?? '',
    dateExpirationCard: record.dateExpirationCard ?? '',
    emergencyContactName: record.emergencyContactName ?? '',
    emergencyContactPhone: record.emergencyContactPhone ?? '',
    bookingcode,
  };
}
