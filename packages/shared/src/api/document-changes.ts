import * as z from 'zod/mini';
import { isIsoDate } from '../rules/dates.ts';
import { pageQuery, uuid } from './common.ts';
import { day, filledText, key, timestamp, trimmedText } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';
import { MAX_DOCUMENT_BYTES } from './passengers.ts';

/**
 * A change of a locked traveller's passport or last name (issue 29, ADR 0044): once a permit is
 * bought in a traveller's name their data is locked; a change is asked for with scans of the old
 * and the new document, before the tour's last day for changes, and confirmed by staff once the
 * new permit is bought, which writes the new data and adds the tour's repurchase fee.
 */

export const documentChangeStatuses = ['requested', 'confirmed', 'refused', 'withdrawn'] as const;
export type DocumentChangeStatus = (typeof documentChangeStatuses)[number];

/** The scans a request takes: JPEG, PNG or PDF, at most 1 MB each (magic bytes checked). */
export const documentChangeMimeTypes = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const MAX_DOCUMENT_CHANGE_BYTES = MAX_DOCUMENT_BYTES;

/** The multipart parts of a request that carry the scans. */
export const documentChangeScanFields = ['oldDocument', 'newDocument'] as const;
export type DocumentChangeScanField = (typeof documentChangeScanFields)[number];

const optionalValue = (max: number) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, { error: key('tooLong50') }))),
    z.transform((value) => value || undefined),
  );

/**
 * The new values of a request (multipart text fields): the new last name and/or document number,
 * and optionally the new document's type and nationality (its issuing country). Nothing else of
 * a traveller can change this way; an empty field is no change.
 */
export const documentChangeFields = lazySchema(() =>
  z
    .strictObject({
      lastName: optionalValue(50),
      documentNumber: optionalValue(50),
      documentTypeId: optionalValue(64),
      countryId: z.pipe(
        optionalValue(2),
        z.transform((value) => value?.toUpperCase()),
      ),
    })
    .check(
      z.refine((fields) => fields.lastName !== undefined || fields.documentNumber !== undefined, {
        error: key('docChangeWhat'),
        path: ['lastName'],
      }),
    ),
);
export type DocumentChangeFieldsInput = z.input<typeof documentChangeFields>;
export type DocumentChangeFields = z.output<typeof documentChangeFields>;

/** What a request changes (only the values that differ from the traveller's data). */
export const documentChangeValues = lazySchema(() =>
  z.object({
    lastName: z.optional(z.string()),
    documentNumber: z.optional(z.string()),
    documentTypeId: z.optional(z.string()),
    countryId: z.optional(z.string()),
  }),
);
export type DocumentChangeValues = z.infer<typeof documentChangeValues>;

export const documentChangeParams = lazySchema(() =>
  z.object({ code: z.string().check(z.maxLength(32)), id: uuid }),
);
export const documentChangeSlotParams = lazySchema(() =>
  z.object({
    code: z.string().check(z.maxLength(32)),
    slotId: uuid,
  }),
);

/** One request, as its customer sees it: no staff field (who decided, the scans, the permit). */
export const documentChangeItem = lazySchema(() =>
  z.object({
    id: z.string(),
    passengerSlotId: z.string(),
    /** The traveller's name now (after a confirmed change, the new one). */
    passengerName: z.string(),
    status: z.enum(documentChangeStatuses),
    /** The values asked for, and those they replace. */
    changes: documentChangeValues,
    previous: documentChangeValues,
    /** The repurchase fee, in US dollars: added to the booking when staff confirm. */
    fee: z.number(),
    createdAt: timestamp,
    decidedAt: z.nullable(timestamp),
    /** Staff's reason when refusing (written for the customer). */
    reason: z.string(),
  }),
);
export type DocumentChangeItem = z.infer<typeof documentChangeItem>;

/**
 * GET tour/booking/{code}/document-changes: the booking's requests, newest first, and what a new
 * one would cost and until when it may be asked for; per passenger slot, whether it is locked
 * (only a locked traveller's data changes this way) and its open request.
 */
export const documentChangesAnswer = lazySchema(() =>
  z.object({
    /** The tour's repurchase fee for this booking, in US dollars. */
    fee: z.number(),
    /** The last day a request may be made (the tour's last day for changes, in Cusco). */
    lastDay: day,
    /** Whether a request may be made today (the booking stands and the last day has not passed). */
    open: z.boolean(),
    slots: z.array(
      z.object({
        slotId: z.string(),
        locked: z.boolean(),
        /** The request waiting for the agency, if any. */
        openRequestId: z.nullable(z.string()),
      }),
    ),
    requests: z.array(documentChangeItem),
  }),
);
export type DocumentChangesAnswer = z.infer<typeof documentChangesAnswer>;

// ---------------------------------------------------------------------------------------------
// Staff
// ---------------------------------------------------------------------------------------------

/** GET admin/document-changes: by status (the open ones by default: `requested`) and booking. */
export const adminDocumentChangeQuery = lazySchema(() =>
  z.extend(pageQuery, {
    status: z.optional(z.enum([...documentChangeStatuses, 'all'])),
    booking: z.optional(trimmedText(32)),
  }),
);
export type AdminDocumentChangeQuery = z.output<typeof adminDocumentChangeQuery>;

/** An item bought in the traveller's name (issue 29), as the request's screen shows it. */
export const documentChangePurchase = lazySchema(() =>
  z.object({
    kind: z.string(),
    status: z.string(),
    reference: z.string(),
    boughtOn: day,
  }),
);

/** One request, as staff see it. */
export const adminDocumentChange = lazySchema(() =>
  z.extend(documentChangeItem, {
    bookingCode: z.string(),
    tourName: z.string(),
    travelDate: day,
    customerName: z.string(),
    customerEmail: z.string(),
    requestedBy: z.string(),
    decidedBy: z.nullable(z.string()),
    scans: z.object({
      old: z.object({ mime: z.string(), size: z.number() }),
      new: z.object({ mime: z.string(), size: z.number() }),
    }),
    /** What is bought in the traveller's name now, cancelled ones included, newest first. */
    purchases: z.array(documentChangePurchase),
    /**
     * Other bookings on which the same traveller has items bought: their record is one, so the
     * change applies there too, and those items were bought with the old data.
     */
    alsoLockedOn: z.array(z.string()),
  }),
);
export type AdminDocumentChange = z.infer<typeof adminDocumentChange>;
export const adminDocumentChangeList = lazySchema(() => z.array(adminDocumentChange));

export const documentChangeIdParams = lazySchema(() => z.object({ id: uuid }));
export const documentChangeScanParams = lazySchema(() =>
  z.object({
    id: uuid,
    side: z.enum(['old', 'new']),
  }),
);

/** POST admin/document-changes/{id}/confirm: the new permit's government reference. */
export const documentChangeConfirmRequest = lazySchema(() =>
  z.object({
    reference: filledText('fieldRequired', 100, 'invalidInput'),
    /** The day the new permit was bought (the agency's today when not given); never ahead. */
    boughtOn: z.optional(
      z.string().check(z.trim(), z.refine(isIsoDate, { error: key('invalidDate') })),
    ),
  }),
);
export type DocumentChangeConfirmRequest = z.input<typeof documentChangeConfirmRequest>;

/** POST admin/document-changes/{id}/refuse: why, written for the customer. */
export const documentChangeRefuseRequest = lazySchema(() =>
  z.object({
    reason: filledText('fieldRequired', 500, 'invalidInput'),
  }),
);
export type DocumentChangeRefuseRequest = z.input<typeof documentChangeRefuseRequest>;

/** The answer of a decision: the request as staff see it now, and the booking's balance due. */
export const documentChangeDecision = lazySchema(() =>
  z.object({
    request: adminDocumentChange,
    /** The booking's balance due after it, in US dollars. */
    debt: z.number(),
  }),
);
export type DocumentChangeDecision = z.infer<typeof documentChangeDecision>;
