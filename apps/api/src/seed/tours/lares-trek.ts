import type { TourSeed } from '../types.ts';

export const laresTrek: TourSeed = {
  code: '200401',
  family: 'alternativeTrek',
  name: { en: 'Lares Trek 4D/3N', es: 'Caminata a Lares 4D/3N' },
  days: 4,
  nights: 3,
  maxGroupSize: 14,
  types: ['group', 'private'],
  categories: ['english', 'spanish'],
  prices: {
    group: {
      1: { adult: 560, student: 530, child: 500, baby: 0 },
      4: { adult: 535, student: 505, child: 475, baby: 0 },
      8: { adult: 510, student: 480, child: 450, baby: 0 },
    },
    private: {
      1: { adult: 1290, student: 1260, child: 1230, baby: 0 },
      2: { adult: 950, student: 920, child: 890, baby: 0 },
      4: { adult: 790, student: 760, child: 730, baby: 0 },
      6: { adult: 720, student: 690, child: 660, baby: 0 },
    },
  },
  services: [
    {
      service: 'sleeping-bag',
      label: { en: 'Per person, whole trek', es: 'Por persona, toda la caminata' },
      price: 20,
    },
    {
      service: 'air-mattress',
      label: { en: 'Per person, whole trek', es: 'Por persona, toda la caminata' },
      price: 15,
    },
    {
      service: 'horse',
      label: { en: 'Day 2, over the Ipsaycocha pass', es: 'Día 2, por el abra Ipsaycocha' },
      price: 50,
    },
    {
      service: 'hot-springs',
      label: { en: 'Aguas Calientes, evening of day 3', es: 'Aguas Calientes, noche del día 3' },
      price: 10,
    },
    {
      service: 'vistadome',
      label: { en: 'Per person, one way', es: 'Por persona, un tramo' },
      price: 65,
    },
    {
      service: 'rainbow-mountain',
      label: { en: 'Per person, shared tour', es: 'Por persona, tour compartido' },
      price: 80,
    },
  ],
  related: ['200501', '100201', '200402'],
  itinerary: [
    {
      day: 1,
      name: {
        en: 'Pick-up in Cusco at 5:00 and drive through Pisac and Calca to the Lares hot springs',
        es: 'Recojo en Cusco a las 5:00 y viaje por Pisac y Calca hasta los baños termales de Lares',
      },
    },
    {
      day: 1,
      name: {
        en: 'Bath in the hot springs and hike to the weaving village of Huacahuasi (3,750 m); camp',
        es: 'Baño en las aguas termales y caminata a la comunidad tejedora de Huacahuasi (3 750 m); campamento',
      },
    },
    {
      day: 2,
      name: {
        en: 'Weaving demonstration by the families of Huacahuasi',
        es: 'Demostración de tejido por las familias de Huacahuasi',
      },
    },
    {
      day: 2,
      name: {
        en: 'Climb to the Ipsaycocha pass (4,450 m) with views of the Veronica glacier; camp by the Ipsaycocha lake',
        es: 'Ascenso al abra Ipsaycocha (4 450 m) con vistas del nevado Verónica; campamento junto a la laguna Ipsaycocha',
      },
    },
    {
      day: 3,
      name: {
        en: 'Descent through the Patacancha valley to Ollantaytambo and visit of its Inca fortress',
        es: 'Descenso por el valle de Patacancha hasta Ollantaytambo y visita de su fortaleza inca',
      },
    },
    {
      day: 3,
      name: {
        en: 'Afternoon train to Aguas Calientes and night at the hotel',
        es: 'Tren de la tarde a Aguas Calientes y noche en el hotel',
      },
    },
    {
      day: 4,
      name: {
        en: 'Early bus to Machu Picchu and guided tour of the citadel',
        es: 'Bus temprano a Machu Picchu y visita guiada de la ciudadela',
      },
    },
    {
      day: 4,
      name: {
        en: 'Train to Ollantaytambo and transfer to your hotel in Cusco',
        es: 'Tren a Ollantaytambo y traslado a su hotel en Cusco',
      },
    },
  ],
  included: [
    { en: 'Pre-trek briefing in Cusco', es: 'Charla informativa previa en Cusco' },
    {
      en: 'Transport from Cusco to Lares and entrance to the Lares hot springs',
      es: 'Transporte de Cusco a Lares y entrada a los baños termales de Lares',
    },
    { en: 'Professional bilingual guide', es: 'Guía profesional bilingüe' },
    {
      en: 'Cook, horses and muleteers for the camping gear',
      es: 'Cocinero, caballos y arrieros para el equipo de campamento',
    },
    {
      en: 'Three breakfasts, three lunches and two dinners',
      es: 'Tres desayunos, tres almuerzos y dos cenas',
    },
    {
      en: 'Two nights of camping and one night in a hotel in Aguas Calientes',
      es: 'Dos noches de campamento y una noche en hotel en Aguas Calientes',
    },
    {
      en: 'Expedition trains to Aguas Calientes and back to Ollantaytambo',
      es: 'Trenes Expedition a Aguas Calientes y de regreso a Ollantaytambo',
    },
    {
      en: 'Machu Picchu entrance and Consetur buses',
      es: 'Entrada a Machu Picchu y buses Consetur',
    },
  ],
  notIncluded: [
    { en: 'Breakfast on the first day', es: 'Desayuno del primer día' },
    {
      en: 'Dinner in Aguas Calientes and lunch on the last day',
      es: 'Cena en Aguas Calientes y almuerzo del último día',
    },
    { en: 'Sleeping bag (available to rent)', es: 'Bolsa de dormir (disponible en alquiler)' },
    { en: 'Travel insurance', es: 'Seguro de viaje' },
    {
      en: 'Tips for the guide, cook and muleteers',
      es: 'Propinas para el guía, el cocinero y los arrieros',
    },
  ],
};
