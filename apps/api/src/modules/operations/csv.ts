import {
  ageOn,
  type CrewRole,
  inLanguage,
  type Language,
  type MessageKey,
  type PurchaseKind,
  type PurchaseRole,
  type PurchaseState,
  translate,
} from '@cusco/shared';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countries, optionItems } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { csvField } from '../../lib/csv.ts';
import { departurePeople } from './departure.ts';
import { byRegistration, type Item, needs, type Person } from './people.ts';
import { stateOf } from './states.ts';

/**
 * The exports for the purchase itself (issue 29, docs/back-office.md "The CSV column order"):
 * one CSV per kind of item, the people of a departure who need it in the order the agency
 * registers them (the crew first, guides first, then the travellers by booking), each row in
 * the column order the government's forms ask for: who they are as their document says, then
 * the item's own details, then where the purchase stands.
 */

/** The columns every kind shares, in the order the permit's and the tickets' forms ask them. */
const personColumns: MessageKey[] = [
  'purchaseCsvNumber',
  'purchaseCsvLastNames',
  'purchaseCsvFirstNames',
  'purchaseCsvDocumentType',
  'purchaseCsvDocumentNumber',
  'purchaseCsvNationality',
  'purchaseCsvSex',
  'purchaseCsvBirthDate',
  'purchaseCsvAge',
  'purchaseCsvRole',
];

/** Each kind's details, after the person (the entry's circuit, route and hour…). */
const detailColumns: Record<PurchaseKind, [MessageKey, string][]> = {
  permit: [],
  entry: [
    ['purchaseCsvCircuit', 'circuit'],
    ['purchaseCsvRoute', 'route'],
    ['purchaseCsvHour', 'hour'],
  ],
  train: [
    ['purchaseCsvDirection', 'direction'],
    ['purchaseCsvTime', 'time'],
    ['purchaseCsvClass', 'class'],
  ],
  bus: [['purchaseCsvDirection', 'direction']],
};

/** Where the purchase stands, last: typed into no form, read by whoever types. */
const stateColumns: MessageKey[] = [
  'purchaseCsvState',
  'purchaseCsvReference',
  'purchaseCsvBooking',
];

const roleMessage: Record<PurchaseRole, MessageKey> = {
  traveller: 'purchaseRoleTraveller',
  guide: 'purchaseRoleGuide',
  assistant_guide: 'purchaseRoleAssistantGuide',
  cook: 'purchaseRoleCook',
  porter: 'purchaseRolePorter',
  horseman: 'purchaseRoleHorseman',
  driver: 'purchaseRoleDriver',
};

const stateMessage: Record<PurchaseState, MessageKey> = {
  needed: 'purchaseStateNeeded',
  complete: 'purchaseStateComplete',
  bought: 'purchaseStateBought',
  cancelled: 'purchaseStateCancelled',
};

const crewDocument: Record<string, MessageKey> = {
  dni: 'purchaseDocDni',
  passport: 'purchaseDocPassport',
  foreign_card: 'purchaseDocForeignCard',
};

const crewSex: Record<string, MessageKey> = {
  female: 'purchaseSexFemale',
  male: 'purchaseSexMale',
};

const directionMessage: Record<string, MessageKey> = {
  outbound: 'purchaseDirectionOutbound',
  return: 'purchaseDirectionReturn',
  up: 'purchaseDirectionUp',
  down: 'purchaseDirectionDown',
};

/** DD/MM/YYYY, as Peru's forms write dates. */
const dayMonthYear = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');

/** The names of the option items and countries the people's data points at, in a language. */
async function namesFor(db: Executor, people: Person[], language: Language) {
  const optionIds = [
    ...new Set(people.flatMap((person) => [person.documentTypeId, person.sexId])),
  ].filter((id): id is string => Boolean(id));
  const countryIds = [...new Set(people.map((person) => person.countryId))].filter(
    (id): id is string => Boolean(id),
  );
  const named = (rows: { id: string; nameEn: string; nameEs: string }[]) =>
    new Map(rows.map((row) => [row.id, inLanguage(language, row.nameEn, row.nameEs)]));
  return {
    options: named(
      optionIds.length > 0
        ? await db
            .select({ id: optionItems.id, nameEn: optionItems.nameEn, nameEs: optionItems.nameEs })
            .from(optionItems)
            .where(inArray(optionItems.id, optionIds))
        : [],
    ),
    countries: named(
      countryIds.length > 0
        ? await db
            .select({ id: countries.id, nameEn: countries.nameEn, nameEs: countries.nameEs })
            .from(countries)
            .where(inArray(countries.id, countryIds))
        : [],
    ),
  };
}

/**
 * GET admin/departures/{tourCode}/{date}/purchases.csv?kind=: the departure's people who need
 * the tour's items of that kind (a tour with two trains lists each person once per train); 404
 * when the tour has no item of that kind. UTF-8 with a byte-order mark, every cell defused
 * against spreadsheet formulas (csvField).
 */
export async function purchasesCsv(
  db: Executor,
  tourCode: string,
  date: string,
  kind: PurchaseKind,
  language: Language,
): Promise<{ tourCode: string; csv: string }> {
  const { tour, items, on, index } = await departurePeople(db, tourCode, date);
  const ofKind = items.filter((item) => item.kind === kind);
  if (ofKind.length === 0) throw new AppError('NOT_FOUND', 'purchaseItemNotOfTour');
  const rows: { person: Person; item: Item }[] = ofKind.flatMap((item) =>
    on
      .filter((person) => needs(person, item))
      .sort(byRegistration)
      .map((person) => ({ person, item })),
  );
  const names = await namesFor(
    db,
    rows.map((row) => row.person),
    language,
  );
  const t = (key: MessageKey) => translate(key, language);
  const header = [
    ...personColumns.map(t),
    ...detailColumns[kind].map(([label]) => t(label)),
    ...stateColumns.map(t),
  ];
  const lines = rows.map(({ person, item }, number) => {
    const { state, purchase } = stateOf(index, item, person);
    const crew = person.crewMemberId !== null;
    const documentType = crew
      ? crewDocument[person.documentType ?? ''] &&
        t(crewDocument[person.documentType ?? ''] as MessageKey)
      : names.options.get(person.documentTypeId ?? '');
    const sex = crew
      ? crewSex[person.sex ?? ''] && t(crewSex[person.sex ?? ''] as MessageKey)
      : names.options.get(person.sexId ?? '');
    const detail = (field: string) => {
      const value = item.details[field] ?? '';
      return field === 'direction' && directionMessage[value]
        ? t(directionMessage[value] as MessageKey)
        : value;
    };
    return [
      String(number + 1),
      person.lastName ?? '',
      person.firstName ?? '',
      documentType ?? '',
      person.documentNumber ?? '',
      names.countries.get(person.countryId ?? '') ?? '',
      sex ?? '',
      dayMonthYear(person.birthDate),
      person.birthDate ? String(ageOn(person.birthDate, date)) : '',
      t(roleMessage[person.role as CrewRole | 'traveller']),
      ...detailColumns[kind].map(([, field]) => detail(field)),
      t(stateMessage[state]),
      state === 'bought' ? (purchase?.reference ?? '') : '',
      person.bookingCode ?? '',
    ];
  });
  const csv = [header, ...lines].map((cells) => cells.map(csvField).join(',')).join('\r\n');
  return { tourCode: tour.code, csv: `\uFEFF${csv}\r\n` };
}
