import type { TourSeed } from '../types.ts';

export const cuscoMachuPicchuPackage: TourSeed = {
  code: '300501',
  family: 'package',
  name: { en: 'Cusco and Machu Picchu 5D/4N', es: 'Cusco y Machu Picchu 5D/4N' },
  days: 5,
  nights: 4,
  maxGroupSize: 20,
  types: ['group', 'private'],
  categories: ['english', 'spanish'],
  prices: {
    group: {
      1: { adult: 990, student: 950, child: 900, baby: 0 },
      4: { adult: 950, student: 910, child: 860, baby: 0 },
      8: { adult: 910, student: 870, child: 820, baby: 0 },
    },
    private: {
      1: { adult: 1690, student: 1650, child: 1600, baby: 0 },
      2: { adult: 1290, student: 1250, child: 1200, baby: 0 },
      4: { adult: 1120, student: 1080, child: 1030, baby: 0 },
      6: { adult: 1040, student: 1000, child: 950, baby: 0 },
    },
  },
  hotelNights: 4,
  // No triple rooms at the five-star hotels: the booking page shows that choice as not configured.
  hotels: {
    tourist3: { single: 70, double: 85, triple: 110 },
    superior4: { single: 140, double: 160, triple: 200 },
    luxury5: { single: 420, double: 460 },
  },
  services: [
    {
      service: 'vistadome',
      label: { en: 'Per person, one way', es: 'Por persona, un tramo' },
      price: 65,
    },
    {
      service: 'hiram-bingham',
      label: {
        en: 'Per person, return to Cusco on day 3',
        es: 'Por persona, retorno a Cusco el día 3',
      },
      price: 480,
    },
    { service: 'huayna-picchu', label: { en: 'Per person', es: 'Por persona' }, price: 75 },
    { service: 'machu-picchu-mountain', label: { en: 'Per person', es: 'Por persona' }, price: 75 },
    {
      service: 'hot-springs',
      label: { en: 'Aguas Calientes, evening of day 2', es: 'Aguas Calientes, noche del día 2' },
      price: 10,
    },
    {
      service: 'rainbow-mountain',
      label: { en: 'Per person, in place of day 4', es: 'Por persona, en lugar del día 4' },
      price: 80,
    },
  ],
  related: ['300401', '400201', '100201'],
  itinerary: [
    {
      day: 1,
      name: {
        en: 'Reception at Cusco airport, transfer to your hotel and coca tea to acclimatise',
        es: 'Recepción en el aeropuerto de Cusco, traslado a su hotel y mate de coca para aclimatarse',
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
        en: 'Sacred Valley: Pisac market and ruins, buffet lunch in Urubamba',
        es: 'Valle Sagrado: mercado y ruinas de Pisac, almuerzo buffet en Urubamba',
      },
    },
    {
      day: 2,
      name: {
        en: 'Ollantaytambo fortress and evening train to Aguas Calientes; night at the hotel',
        es: 'Fortaleza de Ollantaytambo y tren de la noche a Aguas Calientes; noche en el hotel',
      },
    },
    {
      day: 3,
      name: {
        en: 'Early bus to Machu Picchu and guided tour of the citadel',
        es: 'Bus temprano a Machu Picchu y visita guiada de la ciudadela',
      },
    },
    {
      day: 3,
      name: {
        en: 'Afternoon train to Ollantaytambo and transfer to your hotel in Cusco',
        es: 'Tren de la tarde a Ollantaytambo y traslado a su hotel en Cusco',
      },
    },
    {
      day: 4,
      name: {
        en: 'Half-day tour to Chinchero, the Moray terraces and the Maras salt pans',
        es: 'Tour de medio día a Chinchero, los andenes de Moray y las salineras de Maras',
      },
    },
    {
      day: 4,
      name: {
        en: 'Free afternoon in Cusco to visit San Pedro market and San Blas',
        es: 'Tarde libre en Cusco para visitar el mercado de San Pedro y San Blas',
      },
    },
    {
      day: 5,
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
      en: 'Four nights with breakfast at the hotel category of your choice (three in Cusco, one in Aguas Calientes)',
      es: 'Cuatro noches con desayuno en la categoría de hotel que elija (tres en Cusco, una en Aguas Calientes)',
    },
    {
      en: 'City tour, Sacred Valley and Maras–Moray tours in shared service',
      es: 'City tour, tour al Valle Sagrado y a Maras y Moray en servicio compartido',
    },
    { en: 'Professional bilingual guide', es: 'Guía profesional bilingüe' },
    {
      en: 'Cusco tourist ticket (boleto turístico) and Machu Picchu entrance',
      es: 'Boleto turístico del Cusco y entrada a Machu Picchu',
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
    {
      en: 'Lunches and dinners not mentioned',
      es: 'Almuerzos y cenas no mencionados',
    },
    { en: 'Entrance to the Cathedral and Koricancha', es: 'Entrada a la Catedral y al Qorikancha' },
    { en: 'Travel insurance', es: 'Seguro de viaje' },
    { en: 'Tips for guides and drivers', es: 'Propinas para guías y conductores' },
  ],
};
