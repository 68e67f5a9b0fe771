import { type Language, nameIn } from '@cusco/shared';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { corporateClients, crewMembers, tours, users } from '../../db/schema.ts';

/**
 * The audit trail made readable (issue 28): each entry's before and after as a list of the
 * fields that changed, before → after, as text, with people's and tours' ids and codes replaced
 * by their names in the staff's language.
 */

export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Fields that name a tour by its code. */
const tourCodeFields = new Set(['code', 'tourCode']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The names of the people and tours an entry's values point at, by id and by tour code. */
export interface Names {
  byId: Map<string, string>;
  tourByCode: Map<string, string>;
}

/** Every id and tour code that the entries' values (and subjects) hold. */
function referencesOf(entries: { subjectId: string | null; before: unknown; after: unknown }[]) {
  const ids = new Set<string>();
  const codes = new Set<string>();
  const visit = (value: unknown, key = '') => {
    if (typeof value === 'string') {
      if (uuidPattern.test(value)) ids.add(value.toLowerCase());
      else if (tourCodeFields.has(key)) codes.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, key);
    } else if (isRecord(value)) {
      for (const [inner, item] of Object.entries(value)) visit(item, inner);
    }
  };
  for (const entry of entries) {
    if (entry.subjectId) ids.add(entry.subjectId.toLowerCase());
    visit(entry.before);
    visit(entry.after);
  }
  return { ids: [...ids], codes: [...codes] };
}

/** Looks up the names of the people and tours the entries point at, in one query each. */
export async function namesOf(
  db: Executor,
  entries: { subjectId: string | null; before: unknown; after: unknown }[],
  language: Language,
): Promise<Names> {
  const { ids, codes } = referencesOf(entries);
  const byId = new Map<string, string>();
  const tourByCode = new Map<string, string>();
  if (ids.length > 0) {
    const people = await db
      .select({ id: users.id, name: users.name, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, ids));
    for (const person of people) byId.set(person.id, `${person.name} ${person.lastName}`.trim());
    // The crew roster's people (issue 29): the subject of the crew's entries.
    const crew = await db
      .select({ id: crewMembers.id, name: crewMembers.firstName, lastName: crewMembers.lastName })
      .from(crewMembers)
      .where(inArray(crewMembers.id, ids));
    for (const person of crew) byId.set(person.id, `${person.name} ${person.lastName}`.trim());
    // The corporate clients (issue 31): the subject of a reseller's net price, a key's company.
    const companies = await db
      .select({ id: corporateClients.id, name: corporateClients.name })
      .from(corporateClients)
      .where(inArray(corporateClients.id, ids));
    for (const company of companies) byId.set(company.id, company.name);
  }
  const tourColumns = {
    id: tours.id,
    code: tours.code,
    nameEn: tours.nameEn,
    nameEs: tours.nameEs,
  };
  const found = [
    ...(codes.length > 0
      ? await db.select(tourColumns).from(tours).where(inArray(tours.code, codes))
      : []),
    ...(ids.length > 0
      ? await db.select(tourColumns).from(tours).where(inArray(tours.id, ids))
      : []),
  ];
  for (const tour of found) {
    const name = `${nameIn(tour, language)} (${tour.code})`;
    byId.set(tour.id, name);
    tourByCode.set(tour.code, name);
  }
  return { byId, tourByCode };
}

/** A value as staff read it: text as it is, ids and tour codes by name, lists joined. */
function textOf(value: unknown, key: string, names: Names): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    if (uuidPattern.test(value)) return names.byId.get(value.toLowerCase()) ?? value;
    if (tourCodeFields.has(key)) return names.tourByCode.get(value) ?? value;
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.map((item) => textOf(item, key, names) ?? '—').join(', ');
  }
  return JSON.stringify(value);
}

/**
 * The fields an entry changed, in the order they were written: every field of the after (or,
 * when there is none, of the before) whose value differs from the before's; a field that only
 * names what was changed (a tour's code on both sides) is left out. A before or after that is not
 * an object (a list, a value) is one change of the field "value".
 */
export function changesOf(before: unknown, after: unknown, names: Names): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before === null && after === null) return [];
    return [{ field: 'value', before: textOf(before, '', names), after: textOf(after, '', names) }];
  }
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(is), ...Object.keys(was)])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const old = JSON.stringify(was[field] ?? null);
    const now = JSON.stringify(is[field] ?? null);
    if (old === now && isRecord(before) && isRecord(after)) continue;
    changes.push({
      field,
      before: textOf(was[field], field, names),
      after: textOf(is[field], field, names),
    });
  }
  return changes;
}

/**
 * What an entry is about, by name: a booking's customer and tour; else the person or tour its
 * subject is; else the tour its after (or before) names by code.
 */
export function subjectOf(
  entry: { subjectId: string | null; before: unknown; after: unknown },
  booking: { customer: string | null; tour: string | null },
  names: Names,
): string | null {
  if (booking.customer) return [booking.customer, booking.tour].filter(Boolean).join(' · ');
  const byId = entry.subjectId ? names.byId.get(entry.subjectId.toLowerCase()) : undefined;
  if (byId) return byId;
  for (const side of [entry.after, entry.before]) {
    if (!isRecord(side)) continue;
    for (const key of tourCodeFields) {
      const code = side[key];
      if (typeof code === 'string' && names.tourByCode.has(code)) {
        return names.tourByCode.get(code) ?? null;
      }
    }
  }
  return null;
}
