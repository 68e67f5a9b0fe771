import * as z from 'zod/mini';
import type { MessageKey } from '../messages.ts';
import { addYears, isIsoDate, todayInLima } from '../rules/dates.ts';
import {
  type CrewRole,
  crewRoleList,
  lockedFieldGroups,
  purchaseKinds,
} from '../rules/operations.ts';
import { departureParams } from './admin-read.ts';
import { departureStatuses } from './availability.ts';
import { MAX_LENGTH, pageQuery } from './common.ts';
import { day, filledText, key, timestamp, trimmedText } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * The crew (issue 29): the roster of people who work departures (guides, cooks, porters…),
 * edited by administrators and read by every member of the staff, never by customers; and each
 * departure's crew, assigned by agents, which takes trail permits from the same daily pool as the
 * travellers (docs/back-office.md "The crew", ADR 0042).
 */

/** The documents a crew member is registered with: a Peruvian DNI, a passport, a foreign card. */
export const crewDocumentTypes = ['dni', 'passport', 'foreign_card'] as const;
export type CrewDocumentType = (typeof crewDocumentTypes)[number];

export const crewSexes = ['female', 'male'] as const;

/** The lengths the roster's fields take (the form's inputs stop there too). */
export const CREW_LIMITS = {
  name: MAX_LENGTH.text,
  documentNumber: 12,
  phone: MAX_LENGTH.phone,
  licenceNumber: 20,
  languages: 12,
  /** A crew member is 18 to 80 years old on the day they are registered. */
  minAge: 18,
  maxAge: 80,
} as const;

/**
 * ISO 639-1: the two-letter codes of languages, the only ones a crew member's languages take
 * (es, en, qu for Quechua…).
 */
export const languageCodes: readonly string[] = (
  'aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv ' +
  'cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho ' +
  'hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku ' +
  'kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn ' +
  'no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm ' +
  'sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi ' +
  'vo wa wo xh yi yo za zh zu'
).split(' ');
const knownLanguages: ReadonlySet<string> = new Set(languageCodes);

/** The document number each type takes: a DNI is 8 digits; the others 6 to 12 letters or digits. */
export function crewDocumentProblem(type: string, number: string): MessageKey | null {
  if (type === 'dni') return /^\d{8}$/.test(number) ? null : 'crewDniInvalid';
  return /^[A-Z0-9]{6,12}$/.test(number) ? null : 'crewDocumentInvalid';
}

/** Why a birth date does not make an adult of working age (18 to 80) today, or null. */
export function crewBirthDateProblem(
  value: string,
  today: string = todayInLima(),
): MessageKey | null {
  if (!isIsoDate(value)) return 'invalidDate';
  if (value > addYears(today, -CREW_LIMITS.minAge) || value < addYears(today, -CREW_LIMITS.maxAge))
    return 'crewAgeInvalid';
  return null;
}

/** A date the roster keeps (a licence's expiry): a real day from 1900 to 2100. */
const rosterDate = lazySchema(() =>
  z.string({ error: key('invalidDate') }).check(
    z.trim(),
    z.refine(isIsoDate, { error: key('invalidDate') }),
    z.refine((value) => value >= '1900-01-01' && value <= '2100-12-31', {
      error: key('invalidDate'),
    }),
  ),
);

/** Empty (or null, or left out) is none: the optional texts and dates are stored as null. */
const orNull = <T extends z.core.$ZodType<string, string>>(schema: T) =>
  z.pipe(
    z.pipe(
      z.optional(z.nullable(z.string({ error: key('invalidInput') }))),
      z.transform((value) => value?.trim() || null),
    ),
    z.nullable(schema),
  );

const name = lazySchema(() => filledText('required', CREW_LIMITS.name, 'tooLong50'));

/**
 * POST admin/crew and PUT admin/crew/{id} (administrators): a crew member, whole. The document
 * number is kept in capitals without spaces; a licence's number and expiry go together (a guide
 * without one can be registered, but is not assigned until it is on file).
 */
export const crewMemberRequest = lazySchema(() =>
  z
    .object({
      firstName: name,
      lastName: name,
      role: z.enum(crewRoleList, { error: key('crewRoleInvalid') }),
      documentType: z.enum(crewDocumentTypes, { error: key('crewDocumentInvalid') }),
      documentNumber: z.pipe(
        filledText('required', 20, 'crewDocumentInvalid'),
        z.transform((value) => value.replace(/[\s.-]/g, '').toUpperCase()),
      ),
      countryId: z
        .string({ error: key('unknownCountry') })
        .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, { error: key('unknownCountry') })),
      birthDate: z.string({ error: key('required') }).check(
        z.trim(),
        z.minLength(1, { error: key('required') }),
        z.superRefine((value, ctx) => {
          const problem = value ? crewBirthDateProblem(value) : null;
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      ),
      sex: z.optional(z.nullable(z.enum(crewSexes, { error: key('invalidInput') }))),
      phone: orNull(
        z
          .string()
          .check(
            z.maxLength(CREW_LIMITS.phone, { error: key('tooLong20') }),
            z.regex(/^\+?[\d\s()-]+$/, { error: key('invalidPhone') }),
          ),
      ),
      languages: z._default(
        z
          .array(
            z.string({ error: key('crewLanguageInvalid') }).check(
              z.trim(),
              z.toLowerCase(),
              z.refine((code) => knownLanguages.has(code), { error: key('crewLanguageInvalid') }),
            ),
          )
          .check(
            z.maxLength(CREW_LIMITS.languages, { error: key('crewLanguageInvalid') }),
            z.refine((codes) => new Set(codes).size === codes.length, {
              error: key('listedTwice'),
            }),
          ),
        [],
      ),
      licenceNumber: orNull(
        trimmedText(CREW_LIMITS.licenceNumber).check(
          z.regex(/^[A-Za-z0-9-/ ]+$/, { error: key('crewLicenceNumberInvalid') }),
        ),
      ),
      licenceExpiry: orNull(rosterDate),
      active: z._default(z.boolean({ error: key('invalidInput') }), true),
    })
    .check(
      z.superRefine((member, ctx) => {
        const problem = crewDocumentProblem(member.documentType, member.documentNumber);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['documentNumber'] });
        if (Boolean(member.licenceNumber) !== Boolean(member.licenceExpiry)) {
          ctx.addIssue({
            code: 'custom',
            message: key('crewLicencePair'),
            path: [member.licenceNumber ? 'licenceExpiry' : 'licenceNumber'],
          });
        }
      }),
    ),
);
export type CrewMemberRequest = z.input<typeof crewMemberRequest>;
export type ParsedCrewMemberRequest = z.output<typeof crewMemberRequest>;

/** admin/crew/{id}. */
export const crewMemberParams = lazySchema(() =>
  z.object({ id: z.uuid({ error: key('crewNotFound') }) }),
);

/** GET admin/crew: a page of the roster, by role, active or not, and a search of names and documents. */
export const crewListQuery = lazySchema(() =>
  z.extend(pageQuery, {
    role: z.optional(z.enum(crewRoleList)),
    active: z.optional(z.enum(['true', 'false'])),
    search: z.optional(trimmedText(100)),
  }),
);
export type CrewListQuery = z.output<typeof crewListQuery>;

/** A crew member as the staff read them, with what a bought permit locks of them. */
export const crewMember = lazySchema(() =>
  z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(crewRoleList),
    documentType: z.enum(crewDocumentTypes),
    documentNumber: z.string(),
    countryId: z.string(),
    /** The nationality, named in the caller's language. */
    country: z.string(),
    birthDate: day,
    sex: z.nullable(z.enum(crewSexes)),
    phone: z.nullable(z.string()),
    languages: z.array(z.string()),
    licenceNumber: z.nullable(z.string()),
    licenceExpiry: z.nullable(day),
    active: z.boolean(),
    /** The groups of fields a bought permit or ticket locks (empty: none), and the first kind bought. */
    locked: z.array(z.enum(lockedFieldGroups)),
    lockedReason: z.nullable(z.enum(purchaseKinds)),
    updatedAt: timestamp,
  }),
);
export type CrewMember = z.infer<typeof crewMember>;
export const crewList = lazySchema(() => z.array(crewMember));

// ---------------------------------------------------------------------------------------------
// A departure's crew
// ---------------------------------------------------------------------------------------------

/** POST admin/departures/{tourCode}/{date}/crew: who, and in what role (by default their own). */
export const crewAssignRequest = lazySchema(() =>
  z.object({
    crewMemberId: z.uuid({ error: key('crewNotFound') }),
    role: z.optional(z.enum(crewRoleList, { error: key('crewRoleInvalid') })),
  }),
);
export type CrewAssignRequest = z.input<typeof crewAssignRequest>;

/** admin/departures/{tourCode}/{date}/crew/{crewMemberId}. */
export const crewAssignmentParams = lazySchema(() =>
  z.extend(departureParams, {
    crewMemberId: z.uuid({ error: key('crewNotFound') }),
  }),
);

const count = lazySchema(() => z.number().check(z.int()));
const roleCounts = lazySchema(() => z.array(z.object({ role: z.enum(crewRoleList), count })));
export type RoleCounts = z.infer<typeof roleCounts>;

/** One person of a departure's crew. */
export const departureCrewMember = lazySchema(() =>
  z.object({
    crewMemberId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** The role on this departure, and the member's own. */
    role: z.enum(crewRoleList),
    memberRole: z.enum(crewRoleList),
    phone: z.nullable(z.string()),
    languages: z.array(z.string()),
    licenceExpiry: z.nullable(day),
    /** A permit or ticket is bought in their name for this departure: cancel it before removing them. */
    bought: z.boolean(),
    assignedAt: timestamp,
  }),
);
export type DepartureCrewMember = z.infer<typeof departureCrewMember>;

/**
 * GET admin/departures/{tourCode}/{date}/crew: the crew assigned, what the tour's crew rule asks
 * for the travellers holding seats and what is missing of it, and the day's permits: held (null:
 * the day needs none), used by the travellers and the crew (the assigned crew, or the tour's ratio
 * of the travellers where that is more), and left.
 */
export const departureCrew = lazySchema(() =>
  z.object({
    tourCode: z.string(),
    tour: z.string(),
    date: day,
    /** The departure's last day (the tour's days on): a crew member is busy until then. */
    lastDay: day,
    status: z.enum(departureStatuses),
    /** Whether crew can be assigned now (open, not past). */
    assignable: z.boolean(),
    travellers: count,
    rule: z.object({
      guideEvery: count,
      cooks: count,
      portersPerTraveller: z.number(),
    }),
    needed: roleCounts,
    missing: roleCounts,
    permits: z.object({
      held: z.nullable(count),
      used: z.number(),
      left: z.nullable(z.number()),
      staffRatio: z.number(),
    }),
    crew: z.array(departureCrewMember),
  }),
);
export type DepartureCrew = z.infer<typeof departureCrew>;

/**
 * What is missing of the crew a rule asks for (`needed`, by role), given the roles of the crew
 * assigned: each role's shortfall, in the roster's order of roles, none where there is enough.
 */
export function crewShortfall(
  needed: Partial<Record<CrewRole, number>>,
  assigned: readonly CrewRole[],
): RoleCounts {
  return crewRoleList.flatMap((role) => {
    const short = (needed[role] ?? 0) - assigned.filter((other) => other === role).length;
    return short > 0 ? [{ role, count: short }] : [];
  });
}
