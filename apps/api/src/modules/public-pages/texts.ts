import type { PageLanguage } from '@cusco/shared';

/** The public pages' words (issue 33), in English and Spanish, beside the pages that use them. */
const en = {
  siteName: 'Cusco Treks',
  agencyTagline: 'Inca Trail, treks and Machu Picchu from Cusco',
  catalogueTitle: 'Tours from Cusco: Inca Trail, treks and Machu Picchu',
  catalogueHeading: 'Our tours',
  catalogueDescription:
    'Book the Inca Trail, alternative treks, packages and Machu Picchu tours from Cusco: prices per person by group size, itineraries and open dates.',
  families: 'Tour families',
  family: 'Kind of tour',
  breadcrumb: 'Breadcrumb',
  from: 'from',
  perPerson: 'per person',
  noPrice: 'Price on request',
  days: (days: number) => (days === 1 ? '1 day' : `${days} days`),
  nights: (nights: number) => (nights === 1 ? '1 night' : `${nights} nights`),
  duration: 'Duration',
  modality: 'Modality',
  viewTour: (name: string) => `See ${name}`,
  book: 'Book',
  bookTour: (name: string) => `Book ${name}`,
  prices: 'Prices per person by group size',
  groupSize: 'Group size',
  people: (from: number, to: number) =>
    from === to ? (from === 1 ? '1 person' : `${from} people`) : `${from}–${to} people`,
  pricesNote: 'Adult price in US dollars; students, children and babies pay less.',
  itinerary: 'Itinerary',
  day: (day: number) => `Day ${day}`,
  included: 'Included',
  notIncluded: 'Not included',
  dates: 'Next open dates',
  datesNone: 'No open dates in the next months: choose another date on the booking page.',
  seats: (seats: number, more: boolean) =>
    more ? `more than ${seats} seats` : seats === 1 ? '1 seat left' : `${seats} seats left`,
  terms: 'Terms in short',
  deposit: 'A deposit of half the price confirms the booking; the deposit is not refunded.',
  depositRefundable: 'A deposit of half the price confirms the booking.',
  window: (days: number, percent: number) =>
    `Cancelling ${days} days or fewer before departure: ${percent}% of the price is kept.`,
  lastChange: (days: number) => `Changes are taken until ${days} days before departure.`,
  nameChange: (fee: string) =>
    `A permit bought again for a new name or passport costs ${fee} per traveller.`,
  fullTerms: 'The full terms are on the booking page.',
  otherLanguage: 'Español',
  otherLanguageLabel: 'Esta página en español',
  breadcrumbHome: 'Tours',
  skip: 'Skip to the content',
  notFoundTitle: 'Page not found',
  notFoundText: 'There is no page at this address. Our tours are all in the catalogue.',
  goneTitle: 'This tour is no longer offered',
  goneText: 'The agency no longer runs this tour. See the others in the catalogue.',
  toCatalogue: 'See every tour',
  signIn: 'Sign in',
  tourDescription: (name: string, length: string, from: string) =>
    `${name}: ${length} from Cusco, ${from} per person. Itinerary day by day, what is included, open dates and online booking.`,
};

type Texts = typeof en;

const es: Texts = {
  siteName: 'Cusco Treks',
  agencyTagline: 'Camino Inka, caminatas y Machu Picchu desde Cusco',
  catalogueTitle: 'Tours desde Cusco: Camino Inka, caminatas y Machu Picchu',
  catalogueHeading: 'Nuestros tours',
  catalogueDescription:
    'Reserva el Camino Inka, caminatas alternativas, paquetes y tours a Machu Picchu desde Cusco: precios por persona según el grupo, itinerarios y fechas abiertas.',
  families: 'Familias de tours',
  family: 'Tipo de tour',
  breadcrumb: 'Ruta de navegación',
  from: 'desde',
  perPerson: 'por persona',
  noPrice: 'Precio a consultar',
  days: (days) => (days === 1 ? '1 día' : `${days} días`),
  nights: (nights) => (nights === 1 ? '1 noche' : `${nights} noches`),
  duration: 'Duración',
  modality: 'Modalidad',
  viewTour: (name) => `Ver ${name}`,
  book: 'Reservar',
  bookTour: (name) => `Reservar ${name}`,
  prices: 'Precios por persona según el tamaño del grupo',
  groupSize: 'Tamaño del grupo',
  people: (from, to) =>
    from === to ? (from === 1 ? '1 persona' : `${from} personas`) : `${from}–${to} personas`,
  pricesNote: 'Precio de adulto en dólares; estudiantes, niños y bebés pagan menos.',
  itinerary: 'Itinerario',
  day: (day) => `Día ${day}`,
  included: 'Incluye',
  notIncluded: 'No incluye',
  dates: 'Próximas fechas abiertas',
  datesNone:
    'No hay fechas abiertas en los próximos meses: elige otra fecha en la página de reserva.',
  seats: (seats, more) =>
    more ? `más de ${seats} cupos` : seats === 1 ? 'queda 1 cupo' : `quedan ${seats} cupos`,
  terms: 'Condiciones en breve',
  deposit: 'Un depósito de la mitad del precio confirma la reserva; el depósito no se devuelve.',
  depositRefundable: 'Un depósito de la mitad del precio confirma la reserva.',
  window: (days, percent) =>
    `Si cancelas ${days} días o menos antes de la salida, se retiene el ${percent}% del precio.`,
  lastChange: (days) => `Los cambios se aceptan hasta ${days} días antes de la salida.`,
  nameChange: (fee) =>
    `Un permiso comprado de nuevo por otro nombre o pasaporte cuesta ${fee} por viajero.`,
  fullTerms: 'Las condiciones completas están en la página de reserva.',
  otherLanguage: 'English',
  otherLanguageLabel: 'This page in English',
  breadcrumbHome: 'Tours',
  skip: 'Saltar al contenido',
  notFoundTitle: 'Página no encontrada',
  notFoundText:
    'No hay ninguna página en esta dirección. Todos nuestros tours están en el catálogo.',
  goneTitle: 'Este tour ya no se ofrece',
  goneText: 'La agencia ya no realiza este tour. Mira los demás en el catálogo.',
  toCatalogue: 'Ver todos los tours',
  signIn: 'Iniciar sesión',
  tourDescription: (name, length, from) =>
    `${name}: ${length} desde Cusco, ${from} por persona. Itinerario día a día, qué incluye, fechas abiertas y reserva en línea.`,
};

export const pageTexts: Record<PageLanguage, Texts> = { en, es };
export type PageTexts = Texts;

/** The other language of the pages. */
export const otherLanguage = (language: PageLanguage): PageLanguage =>
  language === 'en' ? 'es' : 'en';

/** The booking page's language number (spec: 0 English, 1 Spanish). */
export const bookingLanguage = (language: PageLanguage) => (language === 'en' ? 0 : 1);

/** US dollars as the page's language writes them ("US$620" / "US$ 620"). */
export function formatUsd(language: PageLanguage, dollars: number): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-US' : 'es-PE', {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'code',
    maximumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
  }).format(dollars);
}

/** A travel date as the page's language writes it, e.g. "Tue, 8 Dec 2026" / "mar., 8 dic. 2026". */
export function formatDay(language: PageLanguage, date: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-PE', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
