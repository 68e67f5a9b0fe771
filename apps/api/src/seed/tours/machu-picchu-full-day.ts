import type { TourSeed } from '../types.ts';

export const machuPicchuFullDay: TourSeed = {
  code: '400101',
  family: 'machuPicchu',
  name: { en: 'Machu Picchu Full Day by Train', es: 'Machu Picchu de día completo en tren' },
  days: 1,
  nights: 0,
  maxGroupSize: 20,
  types: ['group', 'private'],
  categories: ['touristHotel', 'superiorHotel'],
  prices: {
    group: {
      1: { adult: 430, student: 405, child: 370, baby: 0 },
      4: { adult: 405, student: 380, child: 345, baby: 0 },
      8: { adult: 385, student: 360, child: 325, baby: 0 },
    },
    private: {
      1: { adult: 690, student: 665, child: 630, baby: 0 },
      2: { adult: 560, student: 535, child: 500, baby: 0 },
      4: { adult: 490, student: 465, child: 430, baby: 0 },
      6: { adult: 460, student: 435, child: 400, baby: 0 },
    },
  },
  // Superior service: Vistadome train both ways and buffet lunch in Aguas Calientes.
  categorySurcharge: { superiorHotel: 95 },
  services: [
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
    {
      service: 'rainbow-mountain',
      label: { en: 'Per person, shared tour', es: 'Por persona, tour compartido' },
      price: 80,
    },
  ],
  related: ['400201', '300401', '100201'],
  itinerary: [
    {
      day: 1,
      name: {
        en: 'Pick-up at your hotel in Cusco at 4:00, drive to Ollantaytambo and train to Aguas Calientes',
        es: 'Recojo de su hotel en Cusco a las 4:00, viaje a Ollantaytambo y tren a Aguas Calientes',
      },
    },
    {
      day: 1,
      name: {
        en: 'Bus up to Machu Picchu and two-hour guided tour of the citadel',
        es: 'Bus de subida a Machu Picchu y visita guiada de dos horas por la ciudadela',
      },
    },
    {
      day: 1,
      name: {
        en: 'Lunch in Aguas Calientes, afternoon train to Ollantaytambo and transfer to Cusco',
        es: 'Almuerzo en Aguas Calientes, tren de la tarde a Ollantaytambo y traslado a Cusco',
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
      en: 'Consetur buses between Aguas Calientes and Machu Picchu',
      es: 'Buses Consetur entre Aguas Calientes y Machu Picchu',
    },
    { en: 'Machu Picchu entrance ticket', es: 'Boleto de entrada a Machu Picchu' },
    { en: 'Professional bilingual guide', es: 'Guía profesional bilingüe' },
    {
      en: 'Buffet lunch in Aguas Calientes with the superior service',
      es: 'Almuerzo buffet en Aguas Calientes con el servicio superior',
    },
  ],
  notIncluded: [
    { en: 'Breakfast', es: 'Desayuno' },
    {
      en: 'Lunch with the tourist service',
      es: 'Almuerzo con el servicio turista',
    },
    { en: 'Travel insurance', es: 'Seguro de viaje' },
    { en: 'Tips for the guide', es: 'Propinas para el guía' },
  ],
};
