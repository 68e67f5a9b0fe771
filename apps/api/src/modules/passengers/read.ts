import type { ClientRecord } from '@cusco/shared';
import type { Executor } from '../../db/client.ts';
import type { Reader } from '../access/bookings.ts';
import { findVisibleClient } from './access.ts';

/** The protected address of a client's document scan (served to whoever may see the client). */
export function documentUrl(clientId: string): string {
  return `/api/client/${clientId}/document`;
}

/** GET client/{id} (spec §3 "Existing client record"). */
export async function getClientRecord(
  db: Executor,
  user: Reader,
  clientId: string,
): Promise<ClientRecord> {
  const client = await findVisibleClient(db, user, clientId);
  return {
    id: client.id,
    firstname: client.firstName,
    lastname: client.lastName,
    countryid: client.countryId,
    birthdateStr: client.birthDate,
    documenttypeid: client.documentTypeId,
    documentnumber: client.documentNumber,
    expirationDate: client.documentExpiry,
    email: client.email,
    mobilenumber: client.mobile,
    jobid: client.occupationId,
    sexid: client.sexId,
    maritalstatusid: client.maritalStatusId,
    foodpreferencesid: client.foodPreferenceId,
    foodobservation: client.foodObservation,
    travelpurposeid: client.travelPurposeId,
    travelpurposeobservation: client.travelPurposeObservation,
    trekkingexperienceid: client.trekkingExperienceId,
    trekkingexperienceobservation: client.trekkingObservation,
    allergyobservation: client.allergyObservation,
    medicalrequirement: client.medicalRequirement,
    dateExpirationCard: client.cardExpiry,
    emergencyContactName: client.emergencyContactName,
    emergencyContactPhone: client.emergencyContactPhone,
    urlFile: client.hasDocument ? documentUrl(client.id) : null,
  };
}
