import type { TourSeed } from '../types.ts';

export const salkantayTrek: TourSeed = {
  code: '200501',
  family: 'alternativeTrek',
  name: { en: 'Salkantay Trek 5D/4N', es: 'Caminata a Salkantay 5D/4N' },
  days: 5,
  nights: 4,
  maxGroupSize: 16,
  types: ['group', 'private'],
  categories: ['english', 'spanish'],
  prices: {
    group: {
      1: { adult: 620, student: 590, child: 560, baby: 0 },
      4: { adult: 590, student: 560, child: 530, baby: 0 },
      8: { adult: 560, student: 530, child: 500, baby: 0 },
    },
    private: {
      1: { adult: 1450, student: 1420, child: 1390, baby: 0 },
      2: { adult: 1050, student: 1020, child: 990, baby: 0 },
      4: { adult: 880, student: 850, child: 820, baby: 0 },
      6: { adult: 800, student: 770, child: 740, baby: 0 },
    },
  },
  services: [
    {
      service: 'sleeping-bag',
      label: { en: 'Per person, whole trek', es: 'Por persona, toda la caminata' },
      price: 25,
    },
    {
      service: 'walking-poles',
      label: { en: 'Pair, whole trek', es: 'Par, toda la caminata' },
      price: 15,
    },
    {
      service: 'horse',
      label: {
        en: 'Days 1 and 2, up to the Salkantay pass',
        es: 'Días 1 y 2, hasta el abra Salkantay',
      },
      price: 90,
    },
    {
      service: 'single-tent',
      label: {
        en: 'Per person, three camping nights',
        es: 'Por persona, tres noches de campamento',
      },
      price: 40,
    },
    {
      service: 'hot-springs',
      label: { en: 'Cocalmayo, evening of day 3', es: 'Cocalmayo, noche del día 3' },
      price: 10,
    },
    {
      service: 'zipline',
      label: { en: 'Morning of day 4', es: 'Mañana del día 4' },
      price: 45,
    },
    { service: 'huayna-picchu', label: { en: 'Per person', es: 'Por persona' }, price: 75 },
  ],
  related: ['200401', '200402', '100401'],
  itinerary: [
    {
      day: 1,
      name: {
        en: 'Pick-up in Cusco at 4:30 and drive via Mollepata to Soraypampa (3,900 m)',
        es: 'Recojo en Cusco a las 4:30 y viaje por Mollepata hasta Soraypampa (3 900 m)',
      },
    },
    {
      day: 1,
      name: {
        en: 'Hike to the turquoise Humantay lake (4,200 m) and back; camp at Soraypampa',
        es: 'Caminata a la laguna turquesa de Humantay (4 200 m) y regreso; campamento en Soraypampa',
      },
    },
    {
      day: 2,
      name: {
        en: 'Climb to the Salkantay pass (4,630 m) at the foot of the glacier',
        es: 'Ascenso al abra Salkantay (4 630 m) al pie del glaciar',
      },
    },
    {
      day: 2,
      name: {
        en: 'Long descent to Huayracmachay and camp at Chaullay (2,900 m)',
        es: 'Largo descenso a Huayracmachay y campamento en Chaullay (2 900 m)',
      },
    },
    {
      day: 3,
      name: {
        en: 'Through the cloud forest along the Santa Teresa river to La Playa (2,100 m)',
        es: 'Por el bosque nublado a lo largo del río Santa Teresa hasta La Playa (2 100 m)',
      },
    },
    {
      day: 3,
      name: {
        en: 'Coffee farm visit; optional Cocalmayo hot springs and camp in Santa Teresa',
        es: 'Visita a una finca de café; baños termales de Cocalmayo opcionales y campamento en Santa Teresa',
      },
    },
    {
      day: 4,
      name: {
        en: 'Drive to Hidroeléctrica and walk along the railway to Aguas Calientes',
        es: 'Traslado a Hidroeléctrica y caminata junto a la vía férrea hasta Aguas Calientes',
      },
    },
    {
      day: 4,
      name: {
        en: 'Dinner and night in a hostel in Aguas Calientes',
        es: 'Cena y noche en un hostal de Aguas Calientes',
      },
    },
    {
      day: 5,
      name: {
        en: 'Early bus to Machu Picchu and guided tour of the citadel',
        es: 'Bus temprano a Machu Picchu y visita guiada de la ciudadela',
      },
    },
    {
      day: 5,
      name: {
        en: 'Train to Ollantaytambo and transfer to your hotel in Cusco',
        es: 'Tren a Ollantaytambo y traslado a su hotel en Cusco',
      },
    },
  ],
  included: [
    { en: 'Pre-trek briefing in Cusco', es: 'Charla informativa previa en Cusco' },
    {
      en: 'Transport from Cusco to Soraypampa and from Santa Teresa to Hidroeléctrica',
      es: 'Transporte de Cusco a Soraypampa y de Santa Teresa a Hidroeléctrica',
    },
    { en: 'Professional bilingual guide', es: 'Guía profesional bilingüe' },
    {
      en: 'Cook and mules with muleteers for the camping gear and 7 kg of personal gear',
      es: 'Cocinero y mulas con arrieros para el equipo de campamento y 7 kg de equipo personal',
    },
    {
      en: 'Four breakfasts, four lunches and four dinners',
      es: 'Cuatro desayunos, cuatro almuerzos y cuatro cenas',
    },
    {
      en: 'Two-person tents and foam mattresses for three nights; hostel in Aguas Calientes',
      es: 'Carpas para dos personas y colchonetas para tres noches; hostal en Aguas Calientes',
    },
    {
      en: 'Machu Picchu entrance and Consetur bus up to the citadel',
      es: 'Entrada a Machu Picchu y bus Consetur de subida a la ciudadela',
    },
    {
      en: 'Expedition train to Ollantaytambo and transfer to Cusco',
      es: 'Tren Expedition a Ollantaytambo y traslado a Cusco',
    },
    {
      en: 'First-aid kit and emergency oxygen',
      es: 'Botiquín de primeros auxilios y oxígeno de emergencia',
    },
  ],
  notIncluded: [
    { en: 'Breakfast on the first day', es: 'Desayuno del primer día' },
    { en: 'Sleeping bag (available to rent)', es: 'Bolsa de dormir (disponible en alquiler)' },
    {
      en: 'Entrance to the Cocalmayo hot springs',
      es: 'Entrada a los baños termales de Cocalmayo',
    },
    { en: 'Travel insurance', es: 'Seguro de viaje' },
    {
      en: 'Tips for the guide, cook and muleteers',
      es: 'Propinas para el guía, el cocinero y los arrieros',
    },
  ],
};
