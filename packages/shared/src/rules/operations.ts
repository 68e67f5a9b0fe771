/**
 * Trek operations (issue 29): what a bought permit locks of a person, and the crew's roles.
 *
 * A permit (or an entry, a train seat) is bought in a person's name and cannot change: once one
 * is bought for a traveller or a crew member, their names, nationality, birth date and document
 * are locked on every route that writes a person. A passport or last name changes after that only
 * through a document change request (scans of both documents, before the tour's cutoff, with the
 * repurchase fee).
 */

/** The groups of a person's data a purchase locks, in the order they are named. */
export const lockedFieldGroups = ['names', 'nationality', 'birthDate', 'documentNumber'] as const;
export type LockedFieldGroup = (typeof lockedFieldGroups)[number];

/** The passenger payload's fields (spec §3) each locked group covers. */
export const passengerLockedFields: Record<LockedFieldGroup, readonly string[]> = {
  names: ['firstName', 'lastName'],
  nationality: ['countryId'],
  birthDate: ['birthDate'],
  documentNumber: ['documentTypeId', 'documentNumber'],
};

/** The crew roster's fields each locked group covers. */
export const crewLockedFields: Record<LockedFieldGroup, readonly string[]> = {
  names: ['firstName', 'lastName'],
  nationality: ['countryId'],
  birthDate: ['birthDate'],
  documentNumber: ['documentType', 'documentNumber'],
};

/** The kinds of items bought per person, the permit first (it names a lock first). */
export const purchaseKinds = ['permit', 'entry', 'train', 'bus'] as const;
export type PurchaseKind = (typeof purchaseKinds)[number];

/** The roles of the people who work departures. */
export const crewRoleList = [
  'guide',
  'assistant_guide',
  'cook',
  'porter',
  'horseman',
  'driver',
] as const;
export type CrewRole = (typeof crewRoleList)[number];

/** The roles that walk under an official guide's licence, which must be valid on every day. */
export const licensedRoles: readonly CrewRole[] = ['guide', 'assistant_guide'];

/**
 * The groups of `before` → `after` that a change touches, among `locked`, by the field map: the
 * fields a write may not change. Values compare as trimmed text, case-sensitively except for
 * document numbers, which compare without spaces and case.
 */
export function lockedChanges(
  fieldsOf: Record<LockedFieldGroup, readonly string[]>,
  locked: readonly LockedFieldGroup[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): LockedFieldGroup[] {
  const same = (field: string) => {
    const norm = (value: unknown) => {
      const text = value === null || value === undefined ? '' : String(value).trim();
      // Stryker disable next-line Regex,MethodExpression: /\s/g and /\s+/g, upper and lower case compare alike
      return field === 'documentNumber' ? text.replace(/\s+/g, '').toUpperCase() : text;
    };
    return norm(before[field]) === norm(after[field]);
  };
  return locked.filter((group) => fieldsOf[group].some((field) => field in after && !same(field)));
}

/**
 * The crew a tour's rule asks of a departure with `travellers` (issue 29): one guide for every
 * `guideEvery` travellers (none without travellers or rule), `cooks` cooks when anyone travels,
 * and `portersPerTraveller` porters per traveller, rounded up.
 */
export function crewNeeded(
  rule: { guideEvery: number; cooks: number; portersPerTraveller: number },
  travellers: number,
): Partial<Record<CrewRole, number>> {
  if (travellers <= 0) return {};
  const needed: Partial<Record<CrewRole, number>> = {};
  if (rule.guideEvery > 0) needed.guide = Math.ceil(travellers / rule.guideEvery);
  if (rule.cooks > 0) needed.cook = rule.cooks;
  if (rule.portersPerTraveller > 0)
    needed.porter = Math.ceil(travellers * rule.portersPerTraveller - 1e-9);
  return needed;
}
