import referenceFile from './content/reference.json' with { type: 'json' };
import servicesFile from './content/services.json' with { type: 'json' };
import choquequiraoTrek from './content/tours/choquequirao-trek.json' with { type: 'json' };
import classicIncaTrail from './content/tours/classic-inca-trail.json' with { type: 'json' };
import cuscoMachuPicchuPackage from './content/tours/cusco-machu-picchu-package.json' with {
  type: 'json',
};
import cuscoSacredValleyMachuPicchu from './content/tours/cusco-sacred-valley-machu-picchu.json' with {
  type: 'json',
};
import laresTrek from './content/tours/lares-trek.json' with { type: 'json' };
import machuPicchuFullDay from './content/tours/machu-picchu-full-day.json' with { type: 'json' };
import machuPicchuTwoDays from './content/tours/machu-picchu-two-days.json' with { type: 'json' };
import salkantayTrek from './content/tours/salkantay-trek.json' with { type: 'json' };
import shortIncaTrail from './content/tours/short-inca-trail.json' with { type: 'json' };
import {
  parseSeedFile,
  referenceSeed,
  SeedFileError,
  serviceCatalogueSeed,
  type TourSeed,
  tourSeed,
} from './schemas.ts';

/**
 * The seed's data files, checked as they load (see schemas.ts): a wrong file stops the start-up
 * with its name and fields. They are imported as JSON modules, so that the esbuild bundle
 * carries them inline and tsx and vitest read them where they are. A new tour file is added to
 * `tourFiles` below. The seed only inserts rows that are missing: after an edit, bump
 * SEED_VERSION (index.ts) for existing databases to receive new rows; changed rows stay as
 * they were there.
 */

/** A data file as error messages name it. */
const where = (file: string) => `apps/api/src/seed/content/${file}`;

export const referenceLists = parseSeedFile(where('reference.json'), referenceSeed, referenceFile);

export const serviceCatalogue = parseSeedFile(
  where('services.json'),
  serviceCatalogueSeed,
  servicesFile,
);

/** The demo catalogue, in the order the tours page lists them within each tab. */
const tourFiles = {
  'classic-inca-trail': classicIncaTrail,
  'short-inca-trail': shortIncaTrail,
  'salkantay-trek': salkantayTrek,
  'lares-trek': laresTrek,
  'choquequirao-trek': choquequiraoTrek,
  'cusco-machu-picchu-package': cuscoMachuPicchuPackage,
  'cusco-sacred-valley-machu-picchu': cuscoSacredValleyMachuPicchu,
  'machu-picchu-full-day': machuPicchuFullDay,
  'machu-picchu-two-days': machuPicchuTwoDays,
};

/** A tour and the file it comes from. */
export interface TourFile {
  file: string;
  tour: TourSeed;
}

/**
 * What one file cannot see by itself: its code must be no other tour's, its services in the
 * services catalogue and its related tours in the catalogue (else the seed would skip a tour
 * or stop on a foreign key).
 */
export function checkReferences({ file, tour }: TourFile, catalogue: TourFile[]): TourSeed {
  const serviceKeys = new Set(serviceCatalogue.map((service) => service.key));
  const codes = new Set(catalogue.map((other) => other.tour.code));
  const twin = catalogue.find((other) => other.tour.code === tour.code && other.file !== file);
  const problems = [
    ...(twin ? [`code: "${tour.code}" is also the code of ${twin.file}`] : []),
    ...tour.services.flatMap(({ service }, index) =>
      serviceKeys.has(service)
        ? []
        : [`services[${index}].service: "${service}" is not a key of services.json`],
    ),
    ...tour.related.flatMap((code, index) =>
      codes.has(code) ? [] : [`related[${index}]: no tour has the code "${code}"`],
    ),
  ];
  if (problems.length > 0) throw new SeedFileError(file, problems);
  return tour;
}

const tourFileList: TourFile[] = Object.entries(tourFiles).map(([name, content]) => {
  const file = where(`tours/${name}.json`);
  return { file, tour: parseSeedFile(file, tourSeed, content) };
});

export const tourCatalogue: TourSeed[] = tourFileList.map((entry) =>
  checkReferences(entry, tourFileList),
);
