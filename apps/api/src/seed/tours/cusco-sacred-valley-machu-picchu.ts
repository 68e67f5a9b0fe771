import type { TourSeed } from '../types.ts';

export const cuscoSacredValleyMachuPicchu: TourSeed = {
  code: '300401',
  family: 'package',
  name: {
    en: 'Cusco, Sacred Valley and Machu Picchu 4D/3N',
    es: 'Cusco, Valle Sagrado y Machu Picchu 4D/3N',
  },
  days: 4,
  nights: 3,
  maxGroupSize: 20,
  types: ['group', 'private'],
  categories: ['english', 'spanish'],
  prices: {
    group: {
      1: { adult: 850, student: 815, child: 770, baby: 0 },
      4: { adult: 815, student: 780, child: 735, baby: 0 },
      8: { adult: 780, student: 745, child: 700, baby: 0 },
    },
    private: {
      1: { adult: 1450, student: 1415, child: 1370, baby: 0 },
      2: { adult: 1120, student: 1085, child: 1040, baby: 0 },
      4: { adult: 960, student: 925, child: 880, baby: 0 },
      6: { adult: 890, student: 855, child: 810, baby: 0 },
    },
  },
  hotelNights: 3,
  hotels: {
    tourist3: { single: 65, double: 80, triple: 105 },
    superior4: { single: 130, double: 150, triple: 190 },
    luxury5: { single: 380, double: 420, triple: 520 },
  },
  services: [
    {
      service: 'vistadome',
      label: { en: 'Per person, one way', es: 'Por persona, un tramo' },
      price: 65,
    },
    {
      service: 'hiram-bingham',
      label: { en: 'Per person, one way', es: 'Por persona, un tramo' },
      price: 480,
    },
    { service: 'huayna-picchu', label: { en: 'Per person', es: 'Por persona' }, price: 75 },
    {
      service: 'airport-transfer',
      label: {
        en: 'Per car, late arrival or early departure',
        es: 'Por auto, llegada tarde o salida temprana',
      },
      price: 30,
    },
    {
      service: 'rainbow-mountain',
      label: { en: 'Per person, extra day', es: 'Por persona, día adicional' },
      price: 80,
    },
  ],
  related: ['300501', '400101', '200401'],
  itinerary: [
    {
      day: 1,
      name: {
        en: 'Reception at Cusco airport and transfer to your hotel; morning at rest to acclimatise',
        es: 'Recepción en el aeropuerto de Cusco y traslado a su hotel; mañana de descanso para aclimatarse',
      },
    },
    {
      day: 1,
      name: {
        en: 'Afternoon city tour: Koricancha, the Cathedral, Sacsayhuamán, Q’enqo and Tambomachay',
        es: 'City tour por la tarde: Qorikancha, la Catedral, Sacsayhuamán, Q’enqo y Tambomachay',
      },
    },
    {
      day: 2,
      name: {
        en: 'Sacred Valley: Awanacancha camelid centre, Pisac ruins and market',
        es: 'Valle Sagrado: centro de camélidos de Awanacancha, ruinas y mercado de Pisac',
      },
    },
    {
      day: 2,
      name: {
        en: 'Buffet lunch in Urubamba, Ollantaytambo fortress and night at a hotel in the Sacred Valley',
        es: 'Almuerzo buffet en Urubamba, fortaleza de Ollantaytambo y noche en un hotel del Valle Sagrado',
      },
    },
    {
      day: 3,
      name: {
        en: 'Morning train from Ollantaytambo to Aguas Calientes and bus up to Machu Picchu',
        es: 'Tren de la mañana de Ollantaytambo a Aguas Calientes y bus de subida a Machu Picchu',
      },
    },
    {
      day: 3,
      name: {
        en: 'Guided tour of Machu Picchu; afternoon train and transfer to your hotel in Cusco',
        es: 'Visita guiada de Machu Picchu; tren de la tarde y traslado a su hotel en Cusco',
      },
    },
    {
      day: 4,
      name: {
        en: 'Breakfast and transfer to Cusco airport',
        es: 'Desayuno y traslado al aeropuerto de Cusco',
      },
    },
  ],
  included: [
    {
      en: 'Airport transfers on arrival and departure',
      es: 'Traslados del aeropuerto a la llegada y a la salida',
    },
    {
      en: 'Three nights with breakfast at the hotel category of your choice (two in Cusco, one in the Sacred Valley)',
      es: 'Tres noches con desayuno en la categoría de hotel que elija (dos en Cusco, una en el Valle Sagrado)',
    },
    {
      en: 'City tour and Sacred Valley tour in shared service',
      es: 'City tour y tour al Valle Sagrado en servicio compartido',
    },
    { en: 'Professional bilingual guide', es: 'Guía profesional bilingüe' },
    {
      en: 'Partial tourist ticket and Machu Picchu entrance',
      es: 'Boleto turístico parcial y entrada a Machu Picchu',
    },
    {
      en: 'Expedition trains Ollantaytambo–Aguas Calientes and back',
      es: 'Trenes Expedition Ollantaytambo–Aguas Calientes y de regreso',
    },
    {
      en: 'Consetur buses between Aguas Calientes and Machu Picchu',
      es: 'Buses Consetur entre Aguas Calientes y Machu Picchu',
    },
    { en: 'Buffet lunch in the Sacred Valley', es: 'Almuerzo buffet en el Valle Sagrado' },
  ],
  notIncluded: [
    { en: 'Flights to and from Cusco', es: 'Vuelos de ida y vuelta a Cusco' },
    { en: 'Lunch on day 3 and all dinners', es: 'Almuerzo del día 3 y todas las cenas' },
    { en: 'Entrance to the Cathedral and Koricancha', es: 'Entrada a la Catedral y al Qorikancha' },
    { en: 'Travel insurance', es: 'Seguro de viaje' },
    { en: 'Tips for guides and drivers', es: 'Propinas para guías y conductores' },
  ],
};
