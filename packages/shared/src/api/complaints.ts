import * as z from 'zod/mini';
import { DNI_PATTERN, isValidRuc } from '../rules/tax-id.ts';
import { email, phone } from './auth.ts';
import { pageQuery } from './common.ts';
import { day, filledText, key, timestamp, trimmedText } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * The complaints book (issue 30): Peru's virtual Libro de Reclamaciones (Ley 29571 art. 150,
 * D.S. 011-2011-PCM as amended by D.S. 101-2022-PCM). The sheet's legal fields: the consumer
 * (a parent or guardian for a minor), what was contracted and its amount, complaint (reclamo) or
 * grievance (queja), the detail, and what the consumer asks. docs/decisions/0048.
 */

/** reclamo: about the product or service; queja: about the attention (not the service itself). */
export const complaintKinds = ['complaint', 'grievance'] as const;
export type ComplaintKind = (typeof complaintKinds)[number];

export const complaintDocumentTypes = ['DNI', 'CE', 'PASSPORT', 'RUC'] as const;
export type ComplaintDocumentType = (typeof complaintDocumentTypes)[number];

export const complaintCurrencies = ['PEN', 'USD'] as const;

/** The longest text each field of the sheet takes (the form's inputs stop there too). */
export const COMPLAINT_LIMITS = {
  name: 100,
  documentNumber: 20,
  address: 200,
  service: 200,
  bookingCode: 20,
  detail: 3000,
  request: 2000,
  answer: 5000,
  amount: 1_000_000,
} as const;

/** Why a document number does not fit its type (a message key), or null when it does. */
export function complaintDocumentProblem(type: string, number: string) {
  switch (type) {
    case 'DNI':
      return DNI_PATTERN.test(number) ? null : key('complaintDniInvalid');
    case 'RUC':
      return isValidRuc(number) ? null : key('complaintRucInvalid');
    default:
      return /^[A-Za-z0-9-]{5,20}$/.test(number) ? null : key('complaintDocumentInvalid');
  }
}

/** POST /api/complaints: one sheet of the book, as the consumer fills it in. */
export const complaintRequest = lazySchema(() =>
  z
    .object({
      consumerName: filledText('complaintNameRequired', COMPLAINT_LIMITS.name, 'complaintTooLong'),
      documentType: z.enum(complaintDocumentTypes, { error: key('complaintDocumentTypeRequired') }),
      documentNumber: filledText(
        'complaintDocumentRequired',
        COMPLAINT_LIMITS.documentNumber,
        'complaintDocumentInvalid',
      ),
      address: filledText('complaintAddressRequired', COMPLAINT_LIMITS.address, 'complaintTooLong'),
      phone,
      email,
      isMinor: z._default(z.boolean({ error: key('invalidInput') }), false),
      guardianName: z.optional(trimmedText(COMPLAINT_LIMITS.name)),
      service: filledText('complaintServiceRequired', COMPLAINT_LIMITS.service, 'complaintTooLong'),
      bookingCode: z.optional(trimmedText(COMPLAINT_LIMITS.bookingCode)),
      /** What was paid or is claimed, in the currency's units (e.g. 120.50); optional. */
      amount: z.optional(
        z.number({ error: key('complaintAmountInvalid') }).check(
          z.minimum(0, { error: key('complaintAmountInvalid') }),
          z.maximum(COMPLAINT_LIMITS.amount, { error: key('complaintAmountInvalid') }),
          z.refine(
            (value) =>
              Number.isInteger(Math.round(value * 100)) &&
              Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
            {
              error: key('complaintAmountInvalid'),
            },
          ),
        ),
      ),
      currency: z.optional(
        z.enum(complaintCurrencies, { error: key('complaintCurrencyRequired') }),
      ),
      kind: z.enum(complaintKinds, { error: key('complaintKindRequired') }),
      detail: filledText('complaintDetailRequired', COMPLAINT_LIMITS.detail, 'complaintTooLong'),
      request: filledText('complaintRequestRequired', COMPLAINT_LIMITS.request, 'complaintTooLong'),
      /** The consumer states that the data given is true. */
      accepted: z.literal(true, { error: key('complaintAcceptRequired') }),
    })
    .check(
      z.superRefine((value, ctx) => {
        const problem = complaintDocumentProblem(value.documentType, value.documentNumber);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['documentNumber'] });
        if (value.isMinor && !value.guardianName) {
          ctx.addIssue({
            code: 'custom',
            message: key('complaintGuardianRequired'),
            path: ['guardianName'],
          });
        }
        if (value.amount !== undefined && value.currency === undefined) {
          ctx.addIssue({
            code: 'custom',
            message: key('complaintCurrencyRequired'),
            path: ['currency'],
          });
        }
      }),
    ),
);
export type ComplaintRequest = z.input<typeof complaintRequest>;
export type ParsedComplaintRequest = z.output<typeof complaintRequest>;

/** The book's number as shown: the year of filing and the correlative, 2026-000001. */
export function complaintNumber(number: number, filedOn: string): string {
  return `${filedOn.slice(0, 4)}-${String(number).padStart(6, '0')}`;
}

/** 201: the sheet's number and the last day to answer it. */
export const complaintFiledAnswer = lazySchema(() =>
  z.object({
    id: z.uuid(),
    number: z.string(),
    filedAt: timestamp,
    dueDate: day,
  }),
);
export type ComplaintFiledAnswer = z.infer<typeof complaintFiledAnswer>;

/** GET /api/complaints/book: the provider the book belongs to (shown on the sheet). */
export const complaintsBookAnswer = lazySchema(() =>
  z.object({
    legalName: z.string(),
    tradeName: z.string(),
    ruc: z.string(),
    address: z.string(),
  }),
);
export type ComplaintsBookAnswer = z.infer<typeof complaintsBookAnswer>;

/** open: waiting for the answer; overdue: open past its due date; answered. */
export const complaintStatusFilters = ['open', 'answered', 'overdue'] as const;
export const complaintStatuses = ['open', 'answered'] as const;
export type ComplaintStatus = (typeof complaintStatuses)[number];

/** GET admin/complaints: the queue, the oldest due first. */
export const adminComplaintsQuery = lazySchema(() =>
  z.extend(pageQuery, {
    status: z.optional(z.enum(complaintStatusFilters)),
  }),
);
export type AdminComplaintsQuery = z.input<typeof adminComplaintsQuery>;

export const adminComplaintItem = lazySchema(() =>
  z.object({
    id: z.uuid(),
    number: z.string(),
    filedAt: timestamp,
    consumerName: z.string(),
    kind: z.enum(complaintKinds),
    dueDate: day,
    status: z.enum(complaintStatuses),
    /** Working days from today to the due date (negative: that many late); null once answered. */
    workingDaysLeft: z.nullable(z.number().check(z.int())),
    overdue: z.boolean(),
  }),
);
export type AdminComplaintItem = z.infer<typeof adminComplaintItem>;
export const adminComplaintList = lazySchema(() => z.array(adminComplaintItem));

export const adminComplaintDetail = lazySchema(() =>
  z.extend(adminComplaintItem, {
    documentType: z.enum(complaintDocumentTypes),
    documentNumber: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    isMinor: z.boolean(),
    guardianName: z.nullable(z.string()),
    service: z.string(),
    bookingCode: z.nullable(z.string()),
    amount: z.nullable(z.number()),
    currency: z.nullable(z.string()),
    detail: z.string(),
    request: z.string(),
    language: z.enum(['en', 'es']),
    answer: z.nullable(z.string()),
    answeredAt: z.nullable(timestamp),
    answeredBy: z.nullable(z.string()),
  }),
);
export type AdminComplaintDetail = z.infer<typeof adminComplaintDetail>;

export const adminComplaintParams = lazySchema(() =>
  z.object({ id: z.uuid({ error: key('notFound') }) }),
);

/** POST admin/complaints/{id}/answer: the provider's answer, given once. */
export const complaintAnswerRequest = lazySchema(() =>
  z.object({
    answer: filledText('complaintAnswerRequired', COMPLAINT_LIMITS.answer, 'complaintTooLong'),
  }),
);
export type ComplaintAnswerRequest = z.input<typeof complaintAnswerRequest>;
