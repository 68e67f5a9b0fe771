import { type AdminManifest, type Language, type MessageKey, translate } from '@cusco/shared';
import { csvField } from '../../lib/csv.ts';

/**
 * The manifest as CSV for spreadsheets (issue 13), in the order of the screen (incomplete
 * passengers first), labelled in the request's language; the guide's PDF is manifest-pdf.ts.
 */

type Passenger = AdminManifest['passengers'][number];

/** A value, or "data missing" in the language when the passenger's data is not there yet. */
const orMissing = (value: string | null | undefined, language: Language) =>
  value?.trim() ? value : translate('manifestDataMissing', language);

const yesNo = (value: boolean, language: Language) => translate(value ? 'yes' : 'no', language);

const columns: [MessageKey, (passenger: Passenger, language: Language) => string][] = [
  ['manifestBooking', (p) => p.bookingCode],
  ['manifestPaid', (p, language) => yesNo(p.paid, language)],
  ['manifestPosition', (p) => String(p.position)],
  ['manifestFirstName', (p, language) => orMissing(p.name, language)],
  ['manifestLastName', (p, language) => orMissing(p.lastName, language)],
  ['manifestDocumentType', (p, language) => orMissing(p.documentType, language)],
  ['manifestDocumentNumber', (p, language) => orMissing(p.documentNumber, language)],
  ['manifestNationality', (p, language) => orMissing(p.nationality, language)],
  ['manifestBirthDate', (p, language) => orMissing(p.birthDate, language)],
  ['manifestType', (p) => p.customerType],
  ['manifestDiet', (p) => p.diet],
  ['manifestMedical', (p) => p.medical],
  ['manifestComplete', (p) => String(p.completeness)],
  ['manifestScan', (p, language) => yesNo(p.hasScan, language)],
  ['manifestLead', (p) => p.customerName],
  ['manifestPhone', (p) => p.customerPhone],
  ['manifestPickup', (p, language) => orMissing(p.pickupPlace, language)],
  // Issue 29: the guide's columns, after the others (a spreadsheet's columns keep their places).
  ['manifestAge', (p) => (p.age === null ? '' : String(p.age))],
  ['manifestSex', (p, language) => orMissing(p.sex, language)],
  ['manifestAllergies', (p) => p.allergies],
  ['manifestEmergencyName', (p) => p.emergencyContactName ?? ''],
  ['manifestEmergencyPhone', (p) => p.emergencyContactPhone ?? ''],
];

/** The manifest as CSV (UTF-8 with a byte-order mark, so that spreadsheets read the accents). */
export function manifestCsv(manifest: AdminManifest, language: Language): string {
  const lines = [
    columns.map(([label]) => csvField(translate(label, language))).join(','),
    ...manifest.passengers.map((passenger) =>
      columns.map(([, value]) => csvField(value(passenger, language))).join(','),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
