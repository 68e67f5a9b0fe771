import type { TourSeed } from '../types.ts';

export const classicIncaTrail: TourSeed = {
  code: '100401',
  family: 'incaTrail',
  name: { en: 'Classic Inca Trail 4D/3N', es: 'Camino Inka Clásico 4D/3N' },
  days: 4,
  nights: 3,
  maxGroupSize: 16,
  types: ['group', 'private'],
  categories: ['english', 'spanish'],
  prices: {
    group: {
      1: { adult: 790, student: 755, child: 720, baby: 0 },
      4: { adult: 760, student: 725, child: 690, baby: 0 },
      8: { adult: 730, student: 695, child: 660, baby: 0 },
    },
    private: {
      1: { adult: 1890, student: 1850, child: 1810, baby: 0 },
      2: { adult: 1290, student: 1255, child: 1220, baby: 0 },
      4: { adult: 1050, student: 1015, child: 980, baby: 0 },
      6: { adult: 960, student: 925, child: 890, baby: 0 },
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
      service: 'extra-porter',
      label: { en: 'Half porter, 7 kg', es: 'Medio porteador, 7 kg' },
      price: 140,
    },
    {
      service: 'vistadome',
      label: { en: 'Per person, one way', es: 'Por persona, un tramo' },
      price: 65,
    },
    { service: 'huayna-picchu', label: { en: 'Per person', es: 'Por persona' }, price: 75 },
    { service: 'machu-picchu-mountain', label: { en: 'Per person', es: 'Por persona' }, price: 75 },
  ],
  related: ['100201', '200501', '400201'],
  itinerary: [
    {
      day: 1,
      name: {
        en: 'Pick-up at your hotel in Cusco at 5:00 and drive to Ollantaytambo for breakfast',
        es: 'Recojo de su hotel en Cusco a las 5:00 y viaje a Ollantaytambo para el desayuno',
      },
    },
    {
      day: 1,
      name: {
        en: 'Km 82 checkpoint and start of the trail; Llactapata ruins; camp at Wayllabamba (3,000 m)',
        es: 'Control del km 82 e inicio del camino; ruinas de Llactapata; campamento en Wayllabamba (3 000 m)',
      },
    },
    {
      day: 2,
      name: {
        en: "Climb to Dead Woman's Pass (4,215 m), the highest point of the trail",
        es: 'Ascenso al abra de Warmiwañusca (4 215 m), el punto más alto del camino',
      },
    },
    {
      day: 2,
      name: {
        en: 'Descent into the Pacaymayo valley and camp (3,600 m)',
        es: 'Descenso al valle de Pacaymayo y campamento (3 600 m)',
      },
    },
    {
      day: 3,
      name: {
        en: 'Runkurakay, Sayacmarca and Phuyupatamarca through the cloud forest',
        es: 'Runkurakay, Sayacmarca y Phuyupatamarca a través del bosque nublado',
      },
    },
    {
      day: 3,
      name: {
        en: 'Intipata terraces and Wiñay Wayna; last camp',
        es: 'Terrazas de Intipata y Wiñay Wayna; último campamento',
      },
    },
    {
      day: 4,
      name: {
        en: 'Sunrise through the Sun Gate (Inti Punku) and guided tour of Machu Picchu',
        es: 'Amanecer por la Puerta del Sol (Inti Punku) y visita guiada de Machu Picchu',
      },
    },
    {
      day: 4,
      name: {
        en: 'Bus to Aguas Calientes, train to Ollantaytambo and transfer to your hotel in Cusco',
        es: 'Bus a Aguas Calientes, tren a Ollantaytambo y traslado a su hotel en Cusco',
      },
    },
  ],
  included: [
    { en: 'Pre-trek briefing in Cusco', es: 'Charla informativa previa en Cusco' },
    { en: 'Inca Trail and Machu Picchu permits', es: 'Permisos del Camino Inka y de Machu Picchu' },
    { en: 'Professional bilingual guide', es: 'Guía profesional bilingüe' },
    {
      en: 'Porters for the camping gear and food',
      es: 'Porteadores para el equipo de campamento y la comida',
    },
    {
      en: 'Three breakfasts, three lunches, three dinners and afternoon tea',
      es: 'Tres desayunos, tres almuerzos, tres cenas y té de la tarde',
    },
    {
      en: 'Two-person tents, dining tent and toilet tent',
      es: 'Carpas para dos personas, carpa comedor y carpa baño',
    },
    {
      en: 'Consetur bus from Machu Picchu to Aguas Calientes',
      es: 'Bus Consetur de Machu Picchu a Aguas Calientes',
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
    {
      en: 'Breakfast on the first day and lunch on the last day',
      es: 'Desayuno del primer día y almuerzo del último día',
    },
    { en: 'Sleeping bag (available to rent)', es: 'Bolsa de dormir (disponible en alquiler)' },
    { en: 'Travel insurance', es: 'Seguro de viaje' },
    {
      en: 'Tips for the guide, cook and porters',
      es: 'Propinas para el guía, el cocinero y los porteadores',
    },
  ],
};
