import {
  type DocumentChangeFields,
  type DocumentChangeValues,
  documentChangeFields,
  isMessageKey,
} from '@cusco/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countries, optionItems } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { isUuidShaped } from '../../lib/uuid-shape.ts';
import { findForbiddenText } from '../../plugins/input-guard.ts';

/** The fields a document change may write of a traveller's record. */
export const changeableFields = [
  'lastName',
  'documentNumber',
  'documentTypeId',
  'countryId',
] as const;
export type ChangeableField = (typeof changeableFields)[number];

/** The text fields of a request, checked (400 naming the first wrong field). */
export function parseFields(fields: Record<string, string>): DocumentChangeFields {
  // A multipart body is read in the handler, after the input guard: its text is checked here
  // (a NUL or a lone surrogate is a 400 naming the field, as in a JSON body, not a 500).
  const forbidden = findForbiddenText(fields);
  if (forbidden !== null) {
    throw new AppError('VALIDATION', 'invalidCharacters', forbidden ? { field: forbidden } : {});
  }
  const result = documentChangeFields.safeParse(fields);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field =
    issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path.map(String).join('.');
  throw new AppError('VALIDATION', isMessageKey(issue?.message) ? issue.message : 'invalidInput', {
    ...(field ? { field } : {}),
  });
}

/**
 * How each field compares (as the lock compares them, shared's `lockedChanges`): a last name as
 * trimmed text, a document number without spaces and case, ids without case.
 */
function normal(field: ChangeableField, value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (field === 'documentNumber') return text.replace(/\s+/g, '').toUpperCase();
  if (field === 'lastName') return text;
  return text.toLowerCase();
}

/** The traveller's current values of the changeable fields. */
export type CurrentValues = Record<ChangeableField, string | null>;

/**
 * What a request changes of the traveller's `current` data: only the asked values that differ
 * (none: nothing would change), and the values they replace (all four, as the permits were
 * bought with them).
 */
export function diffValues(
  current: CurrentValues,
  asked: DocumentChangeFields,
): { changes: DocumentChangeValues; previous: DocumentChangeValues } {
  const changes: DocumentChangeValues = {};
  const previous: DocumentChangeValues = {};
  for (const field of changeableFields) {
    const before = current[field];
    if (before !== null) previous[field] = before;
    const after = asked[field];
    if (after !== undefined && normal(field, after) !== normal(field, before)) {
      changes[field] = after;
    }
  }
  return { changes, previous };
}

/**
 * A new document type must be one of the passenger form's document types, a new nationality a
 * known country: 400 naming the field otherwise.
 */
export async function checkOptionValues(db: Executor, changes: DocumentChangeValues) {
  if (changes.documentTypeId !== undefined) {
    const found = isUuidShaped(changes.documentTypeId)
      ? await db
          .select({ id: optionItems.id })
          .from(optionItems)
          .where(
            and(
              eq(optionItems.id, changes.documentTypeId),
              eq(optionItems.listKey, 'DocumentType'),
            ),
          )
      : [];
    if (found.length === 0) {
      throw new AppError('VALIDATION', 'invalidInput', { field: 'documentTypeId' });
    }
  }
  if (changes.countryId !== undefined) {
    const found = await db
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.id, changes.countryId));
    if (found.length === 0) {
      throw new AppError('VALIDATION', 'unknownCountry', { field: 'countryId' });
    }
  }
}
