import type { Language, NamedItem, Option } from '@cusco/shared';
import type { Executor } from '../../db/client.ts';
import { incidentStatuses, incidentTypes } from '../../db/schema.ts';
import { namedListIn } from '../../lib/named-lists.ts';

/** GET incident/list/types: the incident types, in order, named in the request's language. */
export async function listIncidentTypes(db: Executor, language: Language): Promise<Option[]> {
  return asOptions(await namedListIn(db, incidentTypes, language));
}

/** GET incident/list/status: the incident statuses, in order, named in the request's language. */
export async function listIncidentStatuses(db: Executor, language: Language): Promise<Option[]> {
  return asOptions(await namedListIn(db, incidentStatuses, language));
}

/** The spec's incident lists are value/label pairs. */
function asOptions(items: NamedItem[]): Option[] {
  return items.map((item) => ({ value: item.id, label: item.name }));
}

/** Every status's name in a language, by id (a handful of rows: read whole, once per call). */
export async function statusNames(db: Executor, language: Language): Promise<Map<string, string>> {
  const statuses = await listIncidentStatuses(db, language);
  return new Map(statuses.map((status) => [status.value, status.label]));
}
