import type { TourSeed } from '../types.ts';
import { choquequiraoTrek } from './choquequirao-trek.ts';
import { classicIncaTrail } from './classic-inca-trail.ts';
import { cuscoMachuPicchuPackage } from './cusco-machu-picchu-package.ts';
import { cuscoSacredValleyMachuPicchu } from './cusco-sacred-valley-machu-picchu.ts';
import { laresTrek } from './lares-trek.ts';
import { machuPicchuFullDay } from './machu-picchu-full-day.ts';
import { machuPicchuTwoDays } from './machu-picchu-two-days.ts';
import { salkantayTrek } from './salkantay-trek.ts';
import { shortIncaTrail } from './short-inca-trail.ts';

/** The demo catalogue, in the order the tours page lists them within each tab. */
export const tourCatalogue: TourSeed[] = [
  classicIncaTrail,
  shortIncaTrail,
  salkantayTrek,
  laresTrek,
  choquequiraoTrek,
  cuscoMachuPicchuPackage,
  cuscoSacredValleyMachuPicchu,
  machuPicchuFullDay,
  machuPicchuTwoDays,
];
