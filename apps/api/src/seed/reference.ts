import { createRequire } from 'node:module';
import {
  CustomerTypeId,
  IncidentStatusId,
  IncidentTypeId,
  type OptionListKey,
  TourFamilyId,
} from '@cusco/shared';
import countriesLib from 'i18n-iso-countries';
import type { Executor } from '../db/client.ts';
import {
  categories,
  countries,
  customerTypes,
  hotelTypes,
  incidentStatuses,
  incidentTypes,
  occupations,
  optionItems,
  roomTypes,
  tourFamilies,
  tourTypes,
} from '../db/schema.ts';
import { stableId } from './stable-id.ts';
import type { Bilingual, CategoryKey, HotelTypeKey, RoomTypeKey, TourTypeKey } from './types.ts';

const require = createRequire(import.meta.url);
countriesLib.registerLocale(require('i18n-iso-countries/langs/en.json'));
countriesLib.registerLocale(require('i18n-iso-countries/langs/es.json'));

const named = (entries: [string, Bilingual][]) =>
  entries.map(([key, name], index) => ({
    key,
    nameEn: name.en,
    nameEs: name.es,
    sortOrder: index,
  }));

export const tourTypeIds: Record<TourTypeKey, string> = {
  group: stableId('tour-type', 'group'),
  private: stableId('tour-type', 'private'),
};

export const categoryIds: Record<CategoryKey, string> = {
  english: stableId('category', 'english'),
  spanish: stableId('category', 'spanish'),
  touristHotel: stableId('category', 'touristHotel'),
  superiorHotel: stableId('category', 'superiorHotel'),
};

export const hotelTypeIds: Record<HotelTypeKey, string> = {
  tourist3: stableId('hotel-type', 'tourist3'),
  superior4: stableId('hotel-type', 'superior4'),
  luxury5: stableId('hotel-type', 'luxury5'),
};

export const roomTypeIds: Record<RoomTypeKey, string> = {
  single: stableId('room-type', 'single'),
  double: stableId('room-type', 'double'),
  triple: stableId('room-type', 'triple'),
};

const optionLists: Record<OptionListKey, [string, Bilingual][]> = {
  sex: [
    ['female', { en: 'Female', es: 'Femenino' }],
    ['male', { en: 'Male', es: 'Masculino' }],
  ],
  DocumentType: [
    ['passport', { en: 'Passport', es: 'Pasaporte' }],
    ['dni', { en: 'Peruvian national ID (DNI)', es: 'Documento Nacional de Identidad (DNI)' }],
    ['ce', { en: "Foreigner's card (CE)", es: 'Carné de extranjería (CE)' }],
    [
      'andean',
      { en: 'Andean Community ID card', es: 'Documento de identidad de la Comunidad Andina' },
    ],
  ],
  MaritalStatus: [
    ['single', { en: 'Single', es: 'Soltero(a)' }],
    ['married', { en: 'Married', es: 'Casado(a)' }],
    ['partner', { en: 'Domestic partnership', es: 'Conviviente' }],
    ['divorced', { en: 'Divorced', es: 'Divorciado(a)' }],
    ['widowed', { en: 'Widowed', es: 'Viudo(a)' }],
  ],
  FoodPreference: [
    ['none', { en: 'No restrictions', es: 'Sin restricciones' }],
    ['vegetarian', { en: 'Vegetarian', es: 'Vegetariano' }],
    ['vegan', { en: 'Vegan', es: 'Vegano' }],
    ['gluten', { en: 'Gluten-free', es: 'Sin gluten' }],
    ['lactose', { en: 'Lactose-free', es: 'Sin lactosa' }],
    ['other', { en: 'Other (see remarks)', es: 'Otra (ver observaciones)' }],
  ],
  TrekkingExperience: [
    ['none', { en: 'No experience', es: 'Sin experiencia' }],
    ['beginner', { en: 'Day hikes only', es: 'Solo caminatas de un día' }],
    ['intermediate', { en: 'Multi-day treks', es: 'Caminatas de varios días' }],
    [
      'advanced',
      { en: 'High-altitude treks above 4,500 m', es: 'Caminatas de altura sobre 4 500 m' },
    ],
  ],
  TravelPurpose: [
    ['leisure', { en: 'Holiday', es: 'Vacaciones' }],
    ['honeymoon', { en: 'Honeymoon', es: 'Luna de miel' }],
    ['study', { en: 'Study trip', es: 'Viaje de estudios' }],
    ['business', { en: 'Business', es: 'Negocios' }],
    ['volunteering', { en: 'Volunteering', es: 'Voluntariado' }],
    ['other', { en: 'Other (see remarks)', es: 'Otro (ver observaciones)' }],
  ],
};

const occupationList: [string, Bilingual][] = [
  ['student', { en: 'Student', es: 'Estudiante' }],
  ['teacher', { en: 'Teacher', es: 'Docente' }],
  ['engineer', { en: 'Engineer', es: 'Ingeniero(a)' }],
  ['it', { en: 'Software or IT professional', es: 'Profesional de sistemas o TI' }],
  ['doctor', { en: 'Physician', es: 'Médico(a)' }],
  ['nurse', { en: 'Nurse', es: 'Enfermero(a)' }],
  ['lawyer', { en: 'Lawyer', es: 'Abogado(a)' }],
  ['accountant', { en: 'Accountant', es: 'Contador(a)' }],
  ['architect', { en: 'Architect', es: 'Arquitecto(a)' }],
  ['scientist', { en: 'Scientist or researcher', es: 'Científico(a) o investigador(a)' }],
  ['artist', { en: 'Artist or designer', es: 'Artista o diseñador(a)' }],
  ['business', { en: 'Business owner', es: 'Empresario(a)' }],
  ['employee', { en: 'Office employee', es: 'Empleado(a) de oficina' }],
  ['public', { en: 'Public servant', es: 'Servidor(a) público(a)' }],
  ['homemaker', { en: 'Homemaker', es: 'Ama(o) de casa' }],
  ['retired', { en: 'Retired', es: 'Jubilado(a)' }],
  ['other', { en: 'Other', es: 'Otro' }],
];

/** The lists every installation needs, demo or not. Safe to run again: existing rows stay. */
export async function seedReferenceData(db: Executor) {
  const english = countriesLib.getNames('en', { select: 'official' });
  const spanish = countriesLib.getNames('es', { select: 'official' });
  await db
    .insert(countries)
    .values(
      Object.entries(english).map(([code, nameEn]) => ({
        id: code,
        nameEn,
        nameEs: spanish[code] ?? nameEn,
      })),
    )
    .onConflictDoNothing();

  await db
    .insert(optionItems)
    .values(
      Object.entries(optionLists).flatMap(([listKey, items]) =>
        named(items).map(({ key, ...item }) => ({
          id: stableId('option', `${listKey}:${key}`),
          listKey,
          ...item,
        })),
      ),
    )
    .onConflictDoNothing();

  await db
    .insert(occupations)
    .values(
      named(occupationList).map(({ key, ...item }) => ({
        id: stableId('occupation', key),
        ...item,
      })),
    )
    .onConflictDoNothing();

  await db
    .insert(customerTypes)
    .values([
      {
        id: CustomerTypeId.adult,
        nameEn: 'Adult',
        nameEs: 'Adulto',
        descriptionEn: 'Over 17 years old',
        descriptionEs: 'Mayores de 17 años',
        sortOrder: 0,
      },
      {
        id: CustomerTypeId.student,
        nameEn: 'Student',
        nameEs: 'Estudiante',
        descriptionEn:
          'Peruvian undergraduates; foreign and Andean Community undergraduates with their original student card; 18 to 25 years old with an ISIC card; minors from 8 to 17 years old',
        descriptionEs:
          'Universitarios peruanos; universitarios extranjeros y de la Comunidad Andina con su carné original; de 18 a 25 años con carné ISIC; menores de 8 a 17 años',
        sortOrder: 1,
      },
      {
        id: CustomerTypeId.child,
        nameEn: 'Child',
        nameEs: 'Niño',
        descriptionEn: 'Children from 3 to 7 years old',
        descriptionEs: 'Niños de 3 a 7 años',
        sortOrder: 2,
      },
      {
        id: CustomerTypeId.baby,
        nameEn: 'Baby',
        nameEs: 'Bebé',
        descriptionEn: 'Children from 0 to 2 years old',
        descriptionEs: 'Niños de 0 a 2 años',
        sortOrder: 3,
      },
    ])
    .onConflictDoNothing();

  await db
    .insert(tourFamilies)
    .values([
      { id: TourFamilyId.incaTrail, nameEn: 'Inka Trail', nameEs: 'Camino Inka', sortOrder: 0 },
      {
        id: TourFamilyId.alternativeTrek,
        nameEn: 'Alternative Trek',
        nameEs: 'Trek Alternativo',
        sortOrder: 1,
      },
      { id: TourFamilyId.package, nameEn: 'Packages', nameEs: 'Paquetes', sortOrder: 2 },
      {
        id: TourFamilyId.machuPicchu,
        nameEn: 'Machupicchu Tour',
        nameEs: 'Tour Machupicchu',
        sortOrder: 3,
      },
    ])
    .onConflictDoNothing();

  await db
    .insert(tourTypes)
    .values([
      { id: tourTypeIds.group, nameEn: 'Group', nameEs: 'Grupal', sortOrder: 0 },
      { id: tourTypeIds.private, nameEn: 'Private', nameEs: 'Privado', sortOrder: 1 },
    ])
    .onConflictDoNothing();

  await db
    .insert(categories)
    .values([
      { id: categoryIds.english, nameEn: 'English', nameEs: 'Inglés', sortOrder: 0 },
      { id: categoryIds.spanish, nameEn: 'Spanish', nameEs: 'Español', sortOrder: 1 },
      { id: categoryIds.touristHotel, nameEn: 'Tourist', nameEs: 'Turista', sortOrder: 2 },
      { id: categoryIds.superiorHotel, nameEn: 'Superior', nameEs: 'Superior', sortOrder: 3 },
    ])
    .onConflictDoNothing();

  await db
    .insert(hotelTypes)
    .values([
      {
        id: hotelTypeIds.tourist3,
        nameEn: 'Tourist hotel 3★',
        nameEs: 'Hotel turista 3★',
        sortOrder: 0,
      },
      {
        id: hotelTypeIds.superior4,
        nameEn: 'Superior hotel 4★',
        nameEs: 'Hotel superior 4★',
        sortOrder: 1,
      },
      {
        id: hotelTypeIds.luxury5,
        nameEn: 'Luxury hotel 5★',
        nameEs: 'Hotel de lujo 5★',
        sortOrder: 2,
      },
    ])
    .onConflictDoNothing();

  await db
    .insert(roomTypes)
    .values([
      { id: roomTypeIds.single, nameEn: 'Single room', nameEs: 'Habitación simple', sortOrder: 0 },
      { id: roomTypeIds.double, nameEn: 'Double room', nameEs: 'Habitación doble', sortOrder: 1 },
      { id: roomTypeIds.triple, nameEn: 'Triple room', nameEs: 'Habitación triple', sortOrder: 2 },
    ])
    .onConflictDoNothing();

  await db
    .insert(incidentTypes)
    .values([
      {
        id: IncidentTypeId.freeSubject,
        nameEn: 'Other request',
        nameEs: 'Otra solicitud',
        sortOrder: 0,
      },
      {
        id: IncidentTypeId.removePassenger,
        nameEn: 'Remove a passenger',
        nameEs: 'Retirar un pasajero',
        sortOrder: 1,
      },
      {
        id: IncidentTypeId.addPassenger,
        nameEn: 'Add a passenger',
        nameEs: 'Agregar un pasajero',
        sortOrder: 2,
      },
      {
        id: IncidentTypeId.removeAdditionalService,
        nameEn: 'Remove an additional service',
        nameEs: 'Retirar un servicio adicional',
        sortOrder: 3,
      },
    ])
    .onConflictDoNothing();

  await db
    .insert(incidentStatuses)
    .values([
      { id: IncidentStatusId.registered, nameEn: 'Registered', nameEs: 'Registrado', sortOrder: 0 },
      {
        id: IncidentStatusId.inProgress,
        nameEn: 'In progress',
        nameEs: 'En proceso',
        sortOrder: 1,
      },
      { id: IncidentStatusId.answered, nameEn: 'Answered', nameEs: 'Atendido', sortOrder: 2 },
      { id: IncidentStatusId.closed, nameEn: 'Closed', nameEs: 'Cerrado', sortOrder: 3 },
      { id: IncidentStatusId.cancelled, nameEn: 'Cancelled', nameEs: 'Anulado', sortOrder: 4 },
    ])
    .onConflictDoNothing();
}
