import { todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import type { Executor } from '../db/client.ts';
import { crewMembers } from '../db/schema.ts';
import { stableId } from './stable-id.ts';

type CrewSeed = Omit<typeof crewMembers.$inferInsert, 'id' | 'documentType' | 'countryId'>;

/** Days from the day the demo is loaded, as a date. */
const inDays = (today: string, days: number) => dayjs(today).add(days, 'day').format('YYYY-MM-DD');

/**
 * The demo's crew roster (issue 29), with Peruvian DNIs: three licensed guides (one whose
 * licence ends within the month, so that the back office shows who can no longer guide a
 * classic trail soon), one whose licence has expired, two cooks, six porters, a horseman and a
 * driver; one porter retired (inactive). Licence dates are counted from the day the demo loads.
 */
export function demoCrew(today: string): CrewSeed[] {
  const guide = (licenceNumber: string, days: number) => ({
    role: 'guide' as const,
    licenceNumber,
    licenceExpiry: inDays(today, days),
  });
  return [
    {
      firstName: 'Rosa',
      lastName: 'Huamán Quispe',
      documentNumber: '41235678',
      birthDate: '1986-04-12',
      sex: 'female',
      phone: '+51 984 112 233',
      languages: ['es', 'en', 'qu'],
      ...guide('GOT-0412', 900),
    },
    {
      firstName: 'Edwin',
      lastName: 'Ccorimanya Huillca',
      documentNumber: '43871122',
      birthDate: '1990-09-03',
      sex: 'male',
      phone: '+51 984 223 344',
      languages: ['es', 'en', 'fr'],
      ...guide('GOT-0877', 600),
    },
    {
      firstName: 'Lucía',
      lastName: 'Mamani Condori',
      documentNumber: '45012398',
      birthDate: '1993-01-27',
      sex: 'female',
      phone: '+51 974 334 455',
      languages: ['es', 'en', 'de'],
      ...guide('GOT-1203', 20),
    },
    {
      firstName: 'Julio',
      lastName: 'Pumacahua Ttito',
      documentNumber: '40127765',
      birthDate: '1979-11-08',
      sex: 'male',
      phone: '+51 984 445 566',
      languages: ['es', 'en'],
      ...guide('GOT-0199', -45),
    },
    ...[
      ['Hilaria', 'Quispe Ayma', '42219087', '1984-06-30', 'female'],
      ['Teófilo', 'Sutta Huamán', '44390012', '1988-02-14', 'male'],
    ].map(([firstName = '', lastName = '', documentNumber = '', birthDate = '', sex]) => ({
      firstName,
      lastName,
      documentNumber,
      birthDate,
      sex: sex as 'female' | 'male',
      role: 'cook' as const,
      phone: '+51 951 556 677',
      languages: ['qu', 'es'],
    })),
    ...[
      ['Wilber', 'Choque Huarca', '46781234'],
      ['Florencio', 'Apaza Ccahua', '47120988'],
      ['Nicanor', 'Huaman Soncco', '45567123'],
      ['Marcelino', 'Quispe Cusi', '48123045'],
      ['Alipio', 'Condori Layme', '46009871'],
      ['Santos', 'Illa Mayta', '47765432'],
      ['Valentín', 'Ayma Quispe', '42871200'],
    ].map(([firstName = '', lastName = '', documentNumber = ''], index) => ({
      firstName,
      lastName,
      documentNumber,
      birthDate: `${1985 + index}-0${1 + index}-1${index}`,
      sex: 'male' as const,
      role: 'porter' as const,
      phone: '',
      languages: ['qu', 'es'],
      // The last one retired this year.
      active: index < 6,
    })),
    {
      firstName: 'Gregorio',
      lastName: 'Tupa Yupanqui',
      documentNumber: '43320981',
      birthDate: '1975-08-19',
      sex: 'male',
      role: 'horseman',
      phone: '+51 984 667 788',
      languages: ['qu', 'es'],
    },
    {
      firstName: 'Raúl',
      lastName: 'Villena Paz',
      documentNumber: '41908876',
      birthDate: '1982-12-02',
      sex: 'male',
      role: 'driver',
      phone: '+51 984 778 899',
      languages: ['es'],
    },
  ];
}

/** The demo's crew roster, added once (members already there, by their DNI, stay as they are). */
export async function seedDemoCrew(db: Executor, today = todayInLima()) {
  await db
    .insert(crewMembers)
    .values(
      demoCrew(today).map((member) => ({
        ...member,
        id: stableId('crew', member.documentNumber),
        documentType: 'dni' as const,
        countryId: 'PE',
      })),
    )
    .onConflictDoNothing();
}
