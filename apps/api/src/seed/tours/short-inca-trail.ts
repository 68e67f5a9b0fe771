import type { TourSeed } from '../types.ts';

export const shortIncaTrail: TourSeed = {
  code: '100201',
  family: 'incaTrail',
  name: { en: 'Short Inca Trail 2D/1N', es: 'Camino Inka Corto 2D/1N' },
  days: 2,
  nights: 1,
  maxGroupSize: 16,
  types: ['group', 'private'],
  categories: ['english', 'spanish'],
  prices: {
    group: {
      1: { adult: 620, student: 590, child: 560, baby: 0 },
      4: { adult: 595, student: 565, child: 535, baby: 0 },
      8: { adult: 570, student: 540, child: 510, baby: 0 },
    },
    private: {
      1: { adult: 1190, student: 1160, child: 1130, baby: 0 },
      2: { adult: 860, student: 830, child: 800, baby: 0 },
      4: { adult: 740, student: 710, child: 680, baby: 0 },
      6: { adult: 690, student: 660, child: 630, baby: 0 },
    },
  },
  services: [
    {
      service: 'walking-poles',
      label: { en: 'Pair, both days', es: 'Par, ambos días' },
      price: 10,
    },
    {
      service: 'hot-springs',
      label: {
        en: 'Aguas Calientes baths, evening of day 1',
        es: 'Baños de Aguas Calientes, noche del día 1',
      },
      price: 10,
    },
    {
      service: 'vistadome',
      label: { en: 'Per person, one way', es: 'Por persona, un tramo' },
      price: 65,
    },
    { service: 'huayna-picchu', label: { en: 'Per person', es: 'Por persona' }, price: 75 },
    { service: 'machu-picchu-mountain', label: { en: 'Per person', es: 'Por persona' }, price: 75 },
  ],
  related: ['100401', '400201', '200401'],
  itinerary: [
    {
      day: 1,
      name: {
        en: 'Pick-up at your hotel in Cusco at 4:30, drive to Ollantaytambo and train to Km 104',
        es: 'Recojo de su hotel en Cusco a las 4:30, viaje a Ollantaytambo y tren al km 104',
      },
    },
    {
      day: 1,
      name: {
        en: 'Chachabamba ruins and climb through the cloud forest to Wiñay Wayna (2,650 m)',
        es: 'Ruinas de Chachabamba y ascenso por el bosque nublado hasta Wiñay Wayna (2 650 m)',
      },
    },
    {
      day: 1,
      name: {
        en: 'First view of Machu Picchu from the Sun Gate; bus to Aguas Calientes and night at the hotel',
        es: 'Primera vista de Machu Picchu desde la Puerta del Sol; bus a Aguas Calientes y noche en el hotel',
      },
    },
    {
      day: 2,
      name: {
        en: 'Early bus to Machu Picchu and two-hour guided tour of the citadel',
        es: 'Bus temprano a Machu Picchu y visita guiada de dos horas por la ciudadela',
      },
    },
    {
      day: 2,
      name: {
        en: 'Afternoon train to Ollantaytambo and transfer to your hotel in Cusco',
        es: 'Tren de la tarde a Ollantaytambo y traslado a su hotel en Cusco',
      },
    },
  ],
  included: [
    { en: 'Pre-trek briefing in Cusco', es: 'Charla informativa previa en Cusco' },
    {
      en: 'Short Inca Trail permit and Machu Picchu entrance',
      es: 'Permiso del Camino Inka Corto y entrada a Machu Picchu',
    },
    { en: 'Professional bilingual guide', es: 'Guía profesional bilingüe' },
    {
      en: 'Transfer to Ollantaytambo and Expedition trains to Km 104 and back',
      es: 'Traslado a Ollantaytambo y trenes Expedition al km 104 y de regreso',
    },
    {
      en: 'Consetur buses between Aguas Calientes and Machu Picchu',
      es: 'Buses Consetur entre Aguas Calientes y Machu Picchu',
    },
    {
      en: 'One night in a three-star hotel in Aguas Calientes',
      es: 'Una noche en hotel de tres estrellas en Aguas Calientes',
    },
    {
      en: 'Box lunch on the trail, dinner and breakfast in Aguas Calientes',
      es: 'Almuerzo empacado en el camino, cena y desayuno en Aguas Calientes',
    },
    {
      en: 'First-aid kit and emergency oxygen',
      es: 'Botiquín de primeros auxilios y oxígeno de emergencia',
    },
  ],
  notIncluded: [
    { en: 'Breakfast on the first day', es: 'Desayuno del primer día' },
    { en: 'Lunch on the second day', es: 'Almuerzo del segundo día' },
    { en: 'Travel insurance', es: 'Seguro de viaje' },
    { en: 'Tips for the guide', es: 'Propinas para el guía' },
  ],
};
