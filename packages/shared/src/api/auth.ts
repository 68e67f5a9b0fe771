import * as z from 'zod/mini';
import { isIsoDate, MIN_DATE, maxRegistrationBirthDate } from '../rules/dates.ts';
import { MAX_LENGTH, requiredText } from './common.ts';
import { key, timestamp, typedText } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome (the spec's 50 is raised: NIST asks for at least 64). */
export const PASSWORD_MAX_LENGTH = 128;

/** A password: required, 8 to 128 characters, never trimmed. */
export const password = lazySchema(() =>
  typedText.check(
    z.minLength(PASSWORD_MIN_LENGTH, { error: key('passwordTooShort') }),
    z.maxLength(PASSWORD_MAX_LENGTH, { error: key('tooLong128') }),
  ),
);

/** A password typed to prove who one is (sign-in, current password): only its length is checked. */
export const existingPassword = lazySchema(() =>
  typedText.check(z.maxLength(PASSWORD_MAX_LENGTH, { error: key('tooLong128') })),
);

export const email = lazySchema(() =>
  z.pipe(
    requiredText(MAX_LENGTH.text).check(z.toLowerCase()),
    z.email({ error: key('invalidEmail') }),
  ),
);

export const phone = lazySchema(() =>
  requiredText(MAX_LENGTH.phone).check(
    z.regex(/^\+?[\d\s()-]+$/, {
      error: key('invalidPhone'),
    }),
  ),
);

/** A YYYY-MM-DD date, not before 1900-01-01. */
export const isoDate = lazySchema(() =>
  typedText.check(
    z.refine(isIsoDate, { error: key('invalidDate') }),
    z.refine((value) => value >= MIN_DATE, { error: key('dateBefore1900') }),
  ),
);

/** POST authentication/client/register (spec §3 "Registration"). */
export const registerRequest = lazySchema(() =>
  z.object({
    password,
    name: requiredText(MAX_LENGTH.text),
    lastname: requiredText(MAX_LENGTH.text),
    email,
    mobile: phone,
    birthdate: isoDate.check(
      z.refine((value) => value <= maxRegistrationBirthDate(), {
        error: key('mustBeAdult'),
      }),
    ),
    countryId: requiredText(MAX_LENGTH.text),
    isPassanger: z._default(z.optional(z.boolean()), false),
  }),
);
export type RegisterRequest = z.input<typeof registerRequest>;

export const registerResponse = lazySchema(() => z.object({ result: z.literal(1), id: z.uuid() }));
export type RegisterResponse = z.infer<typeof registerResponse>;

/**
 * A guest's details (issue 28): a customer who books without a password, at checkout or at the
 * agency's desk. Name, e-mail, phone and country only; the account has no password until its
 * owner sets one.
 */
export const guestRequest = lazySchema(() =>
  z.object({
    name: requiredText(MAX_LENGTH.text),
    lastname: requiredText(MAX_LENGTH.text),
    email,
    mobile: phone,
    countryId: requiredText(MAX_LENGTH.text),
  }),
);
export type GuestRequest = z.input<typeof guestRequest>;

/** POST authentication/login. The user name is the e-mail. */
export const loginRequest = lazySchema(() =>
  z.object({
    username: requiredText(MAX_LENGTH.text).check(z.toLowerCase()),
    password: existingPassword,
  }),
);
export type LoginRequest = z.input<typeof loginRequest>;

/** What the web app keeps in local storage under `infoauth` (spec §3 "Stored session"). */
/**
 * client: a customer or a corporate client's user; agent and admin: the agency's staff; guide: a
 * person of the crew roster who signs in to the guide's app (issue 32), nothing of the back office.
 */
export const userRoles = ['client', 'agent', 'admin', 'guide'] as const;
export type UserRole = (typeof userRoles)[number];

export const sessionUser = lazySchema(() =>
  z.object({
    id: z.uuid(),
    name: z.string(),
    lastName: z.string(),
    email: z.string(),
    corporateClientId: z.nullable(z.uuid()),
    corporateClientName: z.nullable(z.string()),
    telephone: z.string(),
    /** A session stored before roles existed is a client's. */
    role: z._default(z.enum(userRoles), 'client'),
    /**
     * False for a guest's account, which has no password yet (issue 28): the profile offers to set
     * one without the current one. Absent in sessions stored before guests existed (a password).
     */
    hasPassword: z.optional(z.boolean()),
  }),
);
export type SessionUser = z.infer<typeof sessionUser>;

/** Spec §4: a login result of 1 means success. */
export const loginResponse = lazySchema(() =>
  z.object({
    result: z.literal(1),
    token: z.string(),
    expiresAt: timestamp,
    user: sessionUser,
  }),
);
export type LoginResponse = z.infer<typeof loginResponse>;

export const logoutParams = lazySchema(() => z.object({ userId: z.string() }));
export const logoutResponse = lazySchema(() => z.object({ result: z.literal(1) }));
