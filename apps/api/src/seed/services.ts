import type { ServiceSeed } from './types.ts';

/** Extras sold with the tours. Each tour offers some of them at its own price. */
export const serviceCatalogue: ServiceSeed[] = [
  {
    key: 'sleeping-bag',
    name: { en: 'Sleeping bag rental', es: 'Alquiler de bolsa de dormir' },
    description: {
      en: 'Down sleeping bag rated to −10 °C, washed after every trek, with a cotton liner.',
      es: 'Bolsa de dormir de plumas para −10 °C, lavada después de cada caminata, con funda de algodón.',
    },
    isTour: false,
  },
  {
    key: 'air-mattress',
    name: { en: 'Inflatable mattress', es: 'Colchón inflable' },
    description: {
      en: 'A thicker inflatable mattress in place of the standard foam pad.',
      es: 'Un colchón inflable más grueso en lugar de la colchoneta de espuma estándar.',
    },
    isTour: false,
  },
  {
    key: 'walking-poles',
    name: { en: 'Walking poles (pair)', es: 'Bastones de caminata (par)' },
    description: {
      en: 'Adjustable aluminium poles with rubber tips, as required inside the sanctuary.',
      es: 'Bastones de aluminio regulables con puntas de goma, como se exige dentro del santuario.',
    },
    isTour: false,
  },
  {
    key: 'extra-porter',
    name: { en: 'Personal porter (7 kg)', es: 'Porteador personal (7 kg)' },
    description: {
      en: 'A porter carries up to 7 kg of your personal gear between campsites.',
      es: 'Un porteador lleva hasta 7 kg de su equipo personal entre campamentos.',
    },
    isTour: false,
  },
  {
    key: 'horse',
    name: { en: 'Riding horse', es: 'Caballo de montar' },
    description: {
      en: 'An emergency riding horse with its muleteer for the high passes.',
      es: 'Un caballo de montar de emergencia con su arriero para los pasos altos.',
    },
    isTour: false,
  },
  {
    key: 'vistadome',
    name: { en: 'Vistadome train upgrade', es: 'Mejora a tren Vistadome' },
    description: {
      en: 'Return from Aguas Calientes in the panoramic Vistadome train instead of the Expedition train.',
      es: 'Retorno desde Aguas Calientes en el tren panorámico Vistadome en lugar del tren Expedition.',
    },
    isTour: false,
  },
  {
    key: 'hot-springs',
    name: { en: 'Hot springs entrance', es: 'Entrada a los baños termales' },
    description: {
      en: 'Entrance to the thermal baths of Aguas Calientes or Cocalmayo.',
      es: 'Entrada a los baños termales de Aguas Calientes o Cocalmayo.',
    },
    isTour: false,
  },
  {
    key: 'huayna-picchu',
    name: { en: 'Huayna Picchu mountain', es: 'Montaña Huayna Picchu' },
    description: {
      en: 'Permit to climb Huayna Picchu (circuit 4), subject to availability on the day of your visit.',
      es: 'Permiso para subir al Huayna Picchu (circuito 4), sujeto a disponibilidad el día de su visita.',
    },
    isTour: true,
  },
  {
    key: 'machu-picchu-mountain',
    name: { en: 'Machu Picchu mountain', es: 'Montaña Machu Picchu' },
    description: {
      en: 'Permit to climb Machu Picchu mountain (3,082 m), with views over the whole sanctuary.',
      es: 'Permiso para subir a la montaña Machu Picchu (3 082 m), con vistas a todo el santuario.',
    },
    isTour: true,
  },
  {
    key: 'rainbow-mountain',
    name: { en: 'Rainbow Mountain day trip', es: 'Excursión a la Montaña de Colores' },
    description: {
      en: 'Full-day trip to Vinicunca with breakfast and lunch, on the day after your tour.',
      es: 'Excursión de día completo a Vinicunca con desayuno y almuerzo, el día siguiente a su tour.',
    },
    isTour: true,
  },
  {
    key: 'sacred-valley',
    name: { en: 'Sacred Valley day tour', es: 'Tour de día completo al Valle Sagrado' },
    description: {
      en: 'Pisac, Urubamba and Ollantaytambo in a shared tour with lunch buffet.',
      es: 'Pisac, Urubamba y Ollantaytambo en tour compartido con almuerzo buffet.',
    },
    isTour: true,
  },
  {
    key: 'single-tent',
    name: { en: 'Single tent supplement', es: 'Suplemento de carpa individual' },
    description: {
      en: 'A two-person tent for your use only, for travellers who prefer not to share.',
      es: 'Una carpa para dos personas de uso exclusivo, para viajeros que prefieren no compartir.',
    },
    isTour: false,
  },
  {
    key: 'zipline',
    name: { en: 'Santa Teresa zip-line', es: 'Tirolesa en Santa Teresa' },
    description: {
      en: 'Six zip-line cables over the Vilcanota canyon near Santa Teresa, with a certified instructor and transport.',
      es: 'Seis cables de tirolesa sobre el cañón del Vilcanota cerca de Santa Teresa, con instructor certificado y transporte.',
    },
    isTour: false,
  },
  {
    key: 'hiram-bingham',
    name: { en: 'Hiram Bingham train upgrade', es: 'Mejora a tren Hiram Bingham' },
    description: {
      en: 'Belmond luxury train between Poroy or Ollantaytambo and Aguas Calientes, with brunch, dinner and live music.',
      es: 'Tren de lujo de Belmond entre Poroy u Ollantaytambo y Aguas Calientes, con brunch, cena y música en vivo.',
    },
    isTour: false,
  },
  {
    key: 'airport-transfer',
    name: { en: 'Private airport transfer', es: 'Traslado privado al aeropuerto' },
    description: {
      en: 'Private car with driver between Cusco airport and your hotel, at any time of the day.',
      es: 'Auto privado con conductor entre el aeropuerto de Cusco y su hotel, a cualquier hora del día.',
    },
    isTour: false,
  },
  {
    key: 'humantay-lake',
    name: { en: 'Humantay Lake day trip', es: 'Excursión a la laguna Humantay' },
    description: {
      en: 'Full-day trip to the turquoise Humantay lake (4,200 m) below Salkantay, with breakfast and lunch.',
      es: 'Excursión de día completo a la laguna turquesa de Humantay (4 200 m) al pie del Salkantay, con desayuno y almuerzo.',
    },
    isTour: true,
  },
];
