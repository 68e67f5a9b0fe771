import {
  type AdminManifest,
  type AdminManifestCrewMember,
  type AdminManifestPassenger,
  crewRoleList,
  type Language,
  type MessageKey,
  nameIn,
  translate,
} from '@cusco/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  countries,
  crewAssignments,
  type crewDocumentTypes,
  crewMembers,
  type crewRoles,
  tourItinerary,
} from '../../db/schema.ts';

/**
 * What the guide's manifest adds to the passenger list (issue 29): the crew assigned to the
 * departure, where the tour starts, and the diets' count for the cook.
 */

export const roleNames: Record<(typeof crewRoles)[number], MessageKey> = {
  guide: 'manifestRoleGuide',
  assistant_guide: 'manifestRoleAssistantGuide',
  cook: 'manifestRoleCook',
  porter: 'manifestRolePorter',
  horseman: 'manifestRoleHorseman',
  driver: 'manifestRoleDriver',
};

const documentNames: Record<(typeof crewDocumentTypes)[number], MessageKey> = {
  dni: 'manifestDocDni',
  passport: 'manifestDocPassport',
  foreign_card: 'manifestDocForeignCard',
};

/** The crew assigned to a tour's departure on a date: guides first (the roles' order), by name. */
export async function departureCrew(
  db: Executor,
  tourId: string,
  date: string,
  language: Language,
): Promise<AdminManifestCrewMember[]> {
  const rows = await db
    .select({
      id: crewMembers.id,
      firstName: crewMembers.firstName,
      lastName: crewMembers.lastName,
      role: crewAssignments.role,
      documentType: crewMembers.documentType,
      documentNumber: crewMembers.documentNumber,
      countryEn: countries.nameEn,
      countryEs: countries.nameEs,
      phone: crewMembers.phone,
      languages: crewMembers.languages,
      lastDay: crewAssignments.lastDay,
    })
    .from(crewAssignments)
    .innerJoin(crewMembers, eq(crewMembers.id, crewAssignments.crewMemberId))
    .innerJoin(countries, eq(countries.id, crewMembers.countryId))
    .where(and(eq(crewAssignments.tourId, tourId), eq(crewAssignments.date, date)))
    .orderBy(asc(crewMembers.lastName), asc(crewMembers.firstName), asc(crewMembers.id));
  const rank = (role: string) => crewRoleList.indexOf(role as (typeof crewRoleList)[number]);
  return rows
    .toSorted((a, b) => rank(a.role) - rank(b.role))
    .map(({ countryEn, countryEs, ...row }) => ({
      ...row,
      roleName: translate(roleNames[row.role], language),
      documentType: translate(documentNames[row.documentType], language),
      nationality: nameIn({ nameEn: countryEn, nameEs: countryEs }, language),
    }));
}

/** Where and when the tour starts: its itinerary's first event, as written ('' when none). */
export async function meetingOf(db: Executor, tourId: string, language: Language) {
  const [first] = await db
    .select({ nameEn: tourItinerary.nameEn, nameEs: tourItinerary.nameEs })
    .from(tourItinerary)
    .where(eq(tourItinerary.tourId, tourId))
    .orderBy(asc(tourItinerary.day), asc(tourItinerary.sortOrder))
    .limit(1);
  return first ? nameIn(first, language) : '';
}

/**
 * The travellers' food preferences and how many have each, the most common first (then by
 * name); those who have not told theirs yet counted as "not told", last.
 */
export function dietSummary(
  passengers: Pick<AdminManifestPassenger, 'foodPreference'>[],
  language: Language,
): AdminManifest['diets'] {
  const counts = new Map<string, number>();
  let notTold = 0;
  for (const { foodPreference } of passengers) {
    if (foodPreference) counts.set(foodPreference, (counts.get(foodPreference) ?? 0) + 1);
    else notTold += 1;
  }
  const diets = [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, language));
  if (notTold > 0) diets.push({ name: translate('manifestDietNotTold', language), count: notTold });
  return diets;
}
