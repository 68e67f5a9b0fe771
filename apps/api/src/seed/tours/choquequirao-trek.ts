import type { TourSeed } from '../types.ts';

export const choquequiraoTrek: TourSeed = {
  code: '200402',
  family: 'alternativeTrek',
  name: { en: 'Choquequirao Trek 4D/3N', es: 'Caminata a Choquequirao 4D/3N' },
  days: 4,
  nights: 3,
  maxGroupSize: 12,
  types: ['group', 'private'],
  categories: ['english', 'spanish'],
  prices: {
    group: {
      1: { adult: 620, student: 595, child: 560, baby: 0 },
      4: { adult: 590, student: 565, child: 530, baby: 0 },
      8: { adult: 560, student: 535, child: 500, baby: 0 },
    },
    private: {
      1: { adult: 1390, student: 1365, child: 1330, baby: 0 },
      2: { adult: 1000, student: 975, child: 940, baby: 0 },
      4: { adult: 840, student: 815, child: 780, baby: 0 },
      6: { adult: 760, student: 735, child: 700, baby: 0 },
    },
  },
  services: [
    {
      service: 'sleeping-bag',
      label: { en: 'Per person, whole trek', es: 'Por persona, toda la caminata' },
      price: 25,
    },
    {
      service: 'air-mattress',
      label: { en: 'Per person, whole trek', es: 'Por persona, toda la caminata' },
      price: 20,
    },
    {
      service: 'walking-poles',
      label: { en: 'Pair, whole trek', es: 'Par, toda la caminata' },
      price: 15,
    },
    {
      service: 'horse',
      label: { en: 'Per day', es: 'Por día' },
      price: 45,
    },
    {
      service: 'horse',
      label: { en: 'Whole trek', es: 'Toda la caminata' },
      price: 150,
    },
    {
      service: 'single-tent',
      label: { en: 'Per person, three nights', es: 'Por persona, tres noches' },
      price: 35,
    },
  ],
  related: ['200501', '200401', '400101'],
  itinerary: [
    {
      day: 1,
      name: {
        en: 'Pick-up in Cusco at 5:00 and drive via Limatambo and Curahuasi to Cachora (2,900 m)',
        es: 'Recojo en Cusco a las 5:00 y viaje por Limatambo y Curahuasi hasta Cachora (2 900 m)',
      },
    },
    {
      day: 1,
      name: {
        en: 'Hike to the Capuliyoc viewpoint over the Apurímac canyon and descend to Chiquisca (1,930 m); camp',
        es: 'Caminata al mirador de Capuliyoc sobre el cañón del Apurímac y descenso a Chiquisca (1 930 m); campamento',
      },
    },
    {
      day: 2,
      name: {
        en: 'Cross the Apurímac river at Playa Rosalina (1,550 m)',
        es: 'Cruce del río Apurímac en Playa Rosalina (1 550 m)',
      },
    },
    {
      day: 2,
      name: {
        en: 'Steep climb through Santa Rosa to Marampata (2,850 m) and camp below Choquequirao',
        es: 'Ascenso empinado por Santa Rosa hasta Marampata (2 850 m) y campamento al pie de Choquequirao',
      },
    },
    {
      day: 3,
      name: {
        en: 'Guided visit of Choquequirao: main square, Usnu and the terraces of the llamas',
        es: 'Visita guiada de Choquequirao: plaza principal, Usnu y las andenerías de las llamas',
      },
    },
    {
      day: 3,
      name: {
        en: 'Afternoon descent back across the river to camp at Chiquisca',
        es: 'Descenso por la tarde cruzando de nuevo el río hasta el campamento de Chiquisca',
      },
    },
    {
      day: 4,
      name: {
        en: 'Climb back to Capuliyoc and walk to Cachora',
        es: 'Ascenso de regreso a Capuliyoc y caminata hasta Cachora',
      },
    },
    {
      day: 4,
      name: {
        en: 'Drive back to Cusco, arriving around 19:00',
        es: 'Retorno en vehículo a Cusco, con llegada alrededor de las 19:00',
      },
    },
  ],
  included: [
    { en: 'Pre-trek briefing in Cusco', es: 'Charla informativa previa en Cusco' },
    {
      en: 'Private transport from Cusco to Cachora and back',
      es: 'Transporte privado de Cusco a Cachora y de regreso',
    },
    { en: 'Choquequirao entrance ticket', es: 'Boleto de entrada a Choquequirao' },
    { en: 'Professional bilingual guide', es: 'Guía profesional bilingüe' },
    {
      en: 'Cook, mules and muleteers for the camping gear and 7 kg of personal gear',
      es: 'Cocinero, mulas y arrieros para el equipo de campamento y 7 kg de equipo personal',
    },
    {
      en: 'Three breakfasts, four lunches and three dinners',
      es: 'Tres desayunos, cuatro almuerzos y tres cenas',
    },
    {
      en: 'Two-person tents, foam mattresses and dining tent',
      es: 'Carpas para dos personas, colchonetas y carpa comedor',
    },
    {
      en: 'First-aid kit and emergency oxygen',
      es: 'Botiquín de primeros auxilios y oxígeno de emergencia',
    },
  ],
  notIncluded: [
    { en: 'Breakfast on the first day', es: 'Desayuno del primer día' },
    { en: 'Sleeping bag (available to rent)', es: 'Bolsa de dormir (disponible en alquiler)' },
    { en: 'Riding horse (available to hire)', es: 'Caballo de montar (disponible a pedido)' },
    { en: 'Travel insurance', es: 'Seguro de viaje' },
    {
      en: 'Tips for the guide, cook and muleteers',
      es: 'Propinas para el guía, el cocinero y los arrieros',
    },
  ],
};
