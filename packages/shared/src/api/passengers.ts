import * as z from 'zod/mini';
import { CustomerTypeId } from '../ids.ts';
import type { MessageKey } from '../messages.ts';
import {
  addYears,
  isIsoDate,
  MAX_DOCUMENT_EXPIRY_YEARS,
  MIN_DATE,
  todayInLima,
} from '../rules/dates.ts';
import { birthDateRange, passengerAgeProblem } from '../rules/passengers.ts';
import { MAX_LENGTH, namedItem } from './common.ts';
import { filledText, key } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/** Spec §5 passenger save: a required field missing gives 'Please Complete All Fields'. */
const required = (max: number = MAX_LENGTH.text) =>
  filledText('completeAllFields', max, 'tooLong50');

const optionalText = lazySchema(() =>
  z.pipe(
    z.nullish(
      z.string().check(z.trim(), z.maxLength(MAX_LENGTH.text, { error: key('tooLong50') })),
    ),
    z.transform((value) => value || null),
  ),
);

/** The phone rule of the payload's numbers: digits, spaces, +, - and parentheses. */
const PHONE_PATTERN = /^\+?[\d\s()-]+$/;

/**
 * An optional field that a save may leave out: absent keeps what the record holds (a caller that
 * does not know the field does not clear it), empty or null clears it.
 */
const keptUnlessGiven = (text: z.ZodMiniString<string>) =>
  z.pipe(
    z.optional(z.nullable(text)),
    z.transform((value) => (value === undefined ? undefined : value || null)),
  );

/** The emergency contact's name: at most 120 characters. */
export const EMERGENCY_NAME_MAX_LENGTH = 120;

const date = (message: MessageKey) =>
  z.string({ error: key(message) }).check(
    z.trim(),
    z.minLength(1, { error: key(message) }),
    z.refine(isIsoDate, { error: key('invalidDate') }),
    z.refine((value) => value >= MIN_DATE, { error: key('dateBefore1900') }),
  );

const optionalDate = lazySchema(() =>
  z.pipe(
    z.optional(z.union([z.literal(''), z.null(), date('invalidDate')])),
    z.transform((value) => value || null),
  ),
);

/** POST client/{slotId}/create and PUT client/{id}/update (spec §3 "Passenger save payload"). */
export const passengerPayload = lazySchema(() =>
  z.object({
    firstName: required(),
    lastName: required(),
    eMail: z.pipe(required().check(z.toLowerCase()), z.email({ error: key('invalidEmail') })),
    birthDate: date('completeAllFields'),
    /** The identity document's expiry (optional). */
    expirationDate: optionalDate,
    sexId: required(64),
    documentTypeId: required(64),
    documentNumber: required(),
    maritalStatusId: required(64),
    jobId: required(64),
    countryId: required(2),
    mobileNumber: required().check(z.regex(PHONE_PATTERN, { error: key('invalidPhone') })),
    foodPreferencesId: required(64),
    foodObservation: optionalText,
    allergyObservation: optionalText,
    medicalRequirement: optionalText,
    travelPurposeId: required(64),
    /** Remarks on the travel purpose (the form's travelPurpose2; an addition to the spec payload). */
    travelPurposeObservation: optionalText,
    trekkingExperienceId: required(64),
    /** Remarks on the trekking experience (the form's TrekkingExperience2; an addition). */
    trekkingExperienceObservation: optionalText,
    /** A student's card expiry: required for students, null for everyone else. */
    dateExpirationCard: optionalDate,
    /**
     * Whom to call if something happens on the trail (issue 29; an addition to the spec payload):
     * optional; left out, the record keeps its contact, empty clears it.
     */
    emergencyContactName: keptUnlessGiven(
      z
        .string()
        .check(z.trim(), z.maxLength(EMERGENCY_NAME_MAX_LENGTH, { error: key('tooLong120') })),
    ),
    /** The emergency contact's phone (issue 29; an addition): mobileNumber's rule, optional. */
    emergencyContactPhone: keptUnlessGiven(
      z.string().check(
        z.trim(),
        z.maxLength(MAX_LENGTH.text, { error: key('tooLong50') }),
        z.refine((value) => value === '' || PHONE_PATTERN.test(value), {
          error: key('invalidPhone'),
        }),
      ),
    ),
    bookingcode: filledText('required', 32),
  }),
);
export type PassengerPayload = z.input<typeof passengerPayload>;
export type ParsedPassengerPayload = z.output<typeof passengerPayload>;

/**
 * The birth dates a passenger of a slot's type may have (spec §9's ages on the travel date),
 * never after today: for the form's date picker.
 */
export function passengerBirthDateBounds(
  customerTypeId: string,
  travelDate: string,
  today: string = todayInLima(),
): { min: string; max: string } {
  const range = birthDateRange(customerTypeId, travelDate);
  return {
    min: range.earliest && range.earliest > MIN_DATE ? range.earliest : MIN_DATE,
    max: range.latest < today ? range.latest : today,
  };
}

export function maxDocumentExpiry(today: string = todayInLima()): string {
  return addYears(today, MAX_DOCUMENT_EXPIRY_YEARS);
}

/**
 * The passenger payload with the rules that depend on the slot (spec §5, §9): the birth date
 * must fit the slot's type on the booking's travel date, and cannot be after today; a student's
 * card expiry is required.
 */
export function passengerPayloadFor(
  customerTypeId: string,
  travelDate: string,
  today: string = todayInLima(),
) {
  // Each rule sits on its own field, so that a form shows it as soon as the field is filled,
  // whatever the other fields hold.
  const expiry = optionalDate.check(
    z.refine((value) => !value || value <= maxDocumentExpiry(today), {
      error: key('expiryTooFar'),
    }),
  );
  return z.extend(passengerPayload, {
    birthDate: date('completeAllFields').check(
      z.superRefine((value, ctx) => {
        if (!isIsoDate(value)) return;
        const problem =
          value > today ? 'invalidDate' : passengerAgeProblem(customerTypeId, value, travelDate);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ),
    expirationDate: expiry,
    dateExpirationCard:
      customerTypeId === CustomerTypeId.student
        ? expiry.check(z.refine((value) => Boolean(value), { error: key('confirmAllFields') }))
        : expiry,
  });
}

/** The answer to a passenger create or update: the client's id, for the document upload. */
export const passengerSaveResponse = lazySchema(() =>
  z.object({ result: z.literal(1), id: z.string() }),
);

/** GET client/{id} (spec §3 "Existing client record"). */
export const clientRecord = lazySchema(() =>
  z.object({
    id: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    countryid: z.nullable(z.string()),
    birthdateStr: z.nullable(z.string()),
    documenttypeid: z.nullable(z.string()),
    documentnumber: z.nullable(z.string()),
    expirationDate: z.nullable(z.string()),
    email: z.nullable(z.string()),
    mobilenumber: z.nullable(z.string()),
    jobid: z.nullable(z.string()),
    sexid: z.nullable(z.string()),
    maritalstatusid: z.nullable(z.string()),
    foodpreferencesid: z.nullable(z.string()),
    foodobservation: z.nullable(z.string()),
    travelpurposeid: z.nullable(z.string()),
    travelpurposeobservation: z.nullable(z.string()),
    trekkingexperienceid: z.nullable(z.string()),
    trekkingexperienceobservation: z.nullable(z.string()),
    allergyobservation: z.nullable(z.string()),
    medicalrequirement: z.nullable(z.string()),
    dateExpirationCard: z.nullable(z.string()),
    /** Whom to call in an emergency (issue 29), or null (the API always says). */
    emergencyContactName: z.optional(z.nullable(z.string())),
    emergencyContactPhone: z.optional(z.nullable(z.string())),
    /** The protected address of the document scan, or null. */
    urlFile: z.nullable(z.string()),
  }),
);
export type ClientRecord = z.infer<typeof clientRecord>;

/** The answer to a document upload. */
export const documentUploadResponse = lazySchema(() =>
  z.object({ result: z.literal(1), urlFile: z.string() }),
);

/** Spec §9: passport scans are JPEG or PNG images of at most 1 MB. */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;
export const documentMimeTypes = ['image/jpeg', 'image/png'] as const;

export const optionList = lazySchema(() => z.array(namedItem));
export const optionListParams = lazySchema(() =>
  z.object({ key: z.string().check(z.maxLength(40)) }),
);

/** An additional service the booking's tour offers (spec §3 "Additional service options"). */
export const serviceOption = lazySchema(() =>
  z.object({
    name: z.string(),
    description: z.string(),
    prices: z.array(
      z.object({
        id: z.string(),
        value: z.number(),
        label: z.string(),
        /** Sold per passenger: at most one per passenger of the booking, in all. */
        perPerson: z.boolean(),
        /** How many of this offer the booking has already. */
        bought: z.number().check(z.int()),
      }),
    ),
  }),
);
export const additionalServiceOptions = lazySchema(() =>
  z.object({
    normal: z.array(serviceOption),
    istour: z.array(serviceOption),
    /** The booking's passengers: the most of a per-person service it can have. */
    passengers: z.number().check(z.int()),
  }),
);
export type AdditionalServiceOptions = z.infer<typeof additionalServiceOptions>;

/** POST tour/add/service?bookingId={code} (spec §3 "Purchase line"). */
export const purchaseLine = lazySchema(() =>
  z.object({
    serviceId: filledText('invalidInput', 64),
    name: z._default(z.string().check(z.maxLength(200)), ''),
    quantity: z.number({ error: key('invalidInput') }).check(
      z.int({ error: key('invalidInput') }),
      z.maximum(99, {
        error: key('invalidInput'),
      }),
    ),
    /** The browser's figures; the server prices every line itself. */
    unitPrice: z.optional(z.number()),
    total: z.optional(z.number()),
  }),
);
export const addServicesBody = lazySchema(() => z.array(purchaseLine).check(z.maxLength(50)));
export const addServicesQuery = lazySchema(() =>
  z.object({
    bookingId: z.string().check(z.trim(), z.minLength(1), z.maxLength(32)),
  }),
);
export const addServicesResponse = lazySchema(() =>
  z.object({
    result: z.literal(1),
    /** What the lines added, in US dollars, as the server priced them. */
    total: z.number(),
    debt: z.number(),
  }),
);
