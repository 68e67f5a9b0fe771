import type { TourSeed } from '../types.ts';

export const machuPicchuTwoDays: TourSeed = {
  code: '400201',
  family: 'machuPicchu',
  name: {
    en: 'Machu Picchu 2D/1N with a night in Aguas Calientes',
    es: 'Machu Picchu 2D/1N con noche en Aguas Calientes',
  },
  days: 2,
  nights: 1,
  maxGroupSize: 20,
  types: ['group', 'private'],
  categories: ['touristHotel', 'superiorHotel'],
  prices: {
    group: {
      1: { adult: 470, student: 445, child: 410, baby: 0 },
      4: { adult: 445, student: 420, child: 385, baby: 0 },
      8: { adult: 420, student: 395, child: 360, baby: 0 },
    },
    private: {
      1: { adult: 760, student: 735, child: 700, baby: 0 },
      2: { adult: 620, student: 595, child: 560, baby: 0 },
      4: { adult: 540, student: 515, child: 480, baby: 0 },
      6: { adult: 505, student: 480, child: 445, baby: 0 },
    },
  },
  // Superior service: Vistadome train both ways, dinner at the hotel and buffet lunch on day 2.
  categorySurcharge: { superiorHotel: 110 },
  hotelNights: 1,
  hotels: {
    tourist3: { single: 75, double: 90, triple: 120 },
    superior4: { single: 150, double: 175, triple: 225 },
  },
  services: [
    {
      service: 'hot-springs',
      label: { en: 'Aguas Calientes, evening of day 1', es: 'Aguas Calientes, noche del día 1' },
      price: 10,
    },
    { service: 'huayna-picchu', label: { en: 'Per person', es: 'Por persona' }, price: 75 },
    { service: 'machu-picchu-mountain', label: { en: 'Per person', es: 'Por persona' }, price: 75 },
    {
      service: 'hiram-bingham',
      label: { en: 'Per person, return trip', es: 'Por persona, tramo de regreso' },
      price: 480,
    },
    {
      service: 'sacred-valley',
      label: { en: 'Per person, the day before', es: 'Por persona, el día anterior' },
      price: 60,
    },
  ],
  related: ['400101', '300501', '100201'],
  itinerary: [
    {
      day: 1,
      name: {
        en: 'Pick-up at your hotel in Cusco, drive to Ollantaytambo and midday train to Aguas Calientes',
        es: 'Recojo de su hotel en Cusco, viaje a Ollantaytambo y tren del mediodía a Aguas Calientes',
      },
    },
    {
      day: 1,
      name: {
        en: 'Check-in at the hotel, free afternoon for the hot springs or the Mandor waterfalls',
        es: 'Registro en el hotel, tarde libre para los baños termales o las cataratas de Mandor',
      },
    },
    {
      day: 2,
      name: {
        en: 'First bus to Machu Picchu at 5:30 and guided tour of the citadel at sunrise',
        es: 'Primer bus a Machu Picchu a las 5:30 y visita guiada de la ciudadela al amanecer',
      },
    },
    {
      day: 2,
      name: {
        en: 'Free time in Aguas Calientes, afternoon train to Ollantaytambo and transfer to Cusco',
        es: 'Tiempo libre en Aguas Calientes, tren de la tarde a Ollantaytambo y traslado a Cusco',
      },
    },
  ],
  included: [
    {
      en: 'Hotel pick-up and transfers Cusco–Ollantaytambo–Cusco',
      es: 'Recojo del hotel y traslados Cusco–Ollantaytambo–Cusco',
    },
    {
      en: 'Expedition train (Vistadome with the superior service) to Aguas Calientes and back',
      es: 'Tren Expedition (Vistadome con el servicio superior) a Aguas Calientes y de regreso',
    },
    {
      en: 'One night with breakfast in Aguas Calientes at the hotel category of your choice',
      es: 'Una noche con desayuno en Aguas Calientes en la categoría de hotel que elija',
    },
    {
      en: 'Consetur buses between Aguas Calientes and Machu Picchu',
      es: 'Buses Consetur entre Aguas Calientes y Machu Picchu',
    },
    { en: 'Machu Picchu entrance ticket', es: 'Boleto de entrada a Machu Picchu' },
    { en: 'Professional bilingual guide', es: 'Guía profesional bilingüe' },
    {
      en: 'Dinner at the hotel and buffet lunch on day 2 with the superior service',
      es: 'Cena en el hotel y almuerzo buffet el día 2 con el servicio superior',
    },
  ],
  notIncluded: [
    {
      en: 'Lunches and dinner with the tourist service',
      es: 'Almuerzos y cena con el servicio turista',
    },
    { en: 'Entrance to the hot springs', es: 'Entrada a los baños termales' },
    { en: 'Travel insurance', es: 'Seguro de viaje' },
    { en: 'Tips for the guide', es: 'Propinas para el guía' },
  ],
};
