import { type Language, nameIn, type Option } from '@cusco/shared';
import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { incidentStatuses, incidentTypes } from '../../db/schema.ts';

/** GET incident/list/types: the incident types, in order, named in the request's language. */
export async function listIncidentTypes(db: Executor, language: Language): Promise<Option[]> {
  const rows = await db
    .select()
    .from(incidentTypes)
    .orderBy(asc(incidentTypes.sortOrder), asc(incidentTypes.nameEn));
  return rows.map((row) => ({ value: row.id, label: nameIn(row, language) }));
}

/** GET incident/list/status: the incident statuses, in order, named in the request's language. */
export async function listIncidentStatuses(db: Executor, language: Language): Promise<Option[]> {
  const rows = await db
    .select()
    .from(incidentStatuses)
    .orderBy(asc(incidentStatuses.sortOrder), asc(incidentStatuses.nameEn));
  return rows.map((row) => ({ value: row.id, label: nameIn(row, language) }));
}

/** Every status's name in a language, by id (a handful of rows: read whole, once per call). */
export async function statusNames(db: Executor, language: Language): Promise<Map<string, string>> {
  const statuses = await listIncidentStatuses(db, language);
  return new Map(statuses.map((status) => [status.value, status.label]));
}
