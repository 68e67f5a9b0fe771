import type { PageLanguage } from '@cusco/shared';
import type { CatalogueData, TourPageData } from './data.ts';
import { pageTexts } from './texts.ts';

/** The addresses a page links to, absolute (canonical, Open Graph, sitemap, structured data). */
export interface PageUrls {
  /** PUBLIC_URL, without a trailing slash. */
  base: string;
  catalogue: (language: PageLanguage) => string;
  tour: (language: PageLanguage, slug: string) => string;
  booking: (code: string, language: PageLanguage, date?: string) => string;
  image: string;
}

export function pageUrls(base: string): PageUrls {
  return {
    base,
    catalogue: (language) => `${base}/${language}/tours`,
    tour: (language, slug) => `${base}/${language}/tours/${slug}`,
    booking: (code, language, date) => `${base}${bookingPath(code, language, date)}`,
    image: `${base}/icon-512.png`,
  };
}

/** The booking page's address (hash-routed, spec: language 0 English, 1 Spanish). */
export function bookingPath(code: string, language: PageLanguage, date?: string): string {
  const number = language === 'en' ? 0 : 1;
  return `/#/booking/${code}/${number}${date ? `?date=${date}` : ''}`;
}

/** The agency, as schema.org names it. */
function agency(urls: PageUrls) {
  return { '@type': 'TravelAgency', name: 'Cusco Treks', url: urls.base, logo: urls.image };
}

/** schema.org TouristTrip with its offer, and its BreadcrumbList, for a tour's page. */
export function tourJsonLd(data: TourPageData, description: string, urls: PageUrls): unknown[] {
  const { tour, language } = data;
  const url = urls.tour(language, data.slugs[language]);
  const texts = pageTexts[language];
  const days = [...new Set(tour.itinerary.map((entry) => entry.day))];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'TouristTrip',
      name: tour.name,
      description,
      url,
      inLanguage: language,
      image: urls.image,
      ...(data.familyName ? { touristType: data.familyName } : {}),
      provider: agency(urls),
      itinerary: {
        '@type': 'ItemList',
        numberOfItems: days.length,
        itemListElement: days.map((day, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name: `${texts.day(day)}: ${tour.itinerary
            .filter((entry) => entry.day === day)
            .map((entry) => entry.name)
            .join('; ')}`,
        })),
      },
      ...(data.from
        ? {
            offers: {
              '@type': 'Offer',
              price: data.from.price.toFixed(2),
              priceCurrency: 'USD',
              availability:
                data.dates.length > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
              url: urls.booking(tour.code, language),
              category: texts.perPerson,
              seller: agency(urls),
            },
          }
        : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 1,
          name: texts.breadcrumbHome,
          item: urls.catalogue(language),
        },
        { '@type': 'ListItem', position: 2, name: tour.name, item: url },
      ],
    },
  ];
}

/** The catalogue's structured data: the list of tours, and the agency. */
export function catalogueJsonLd(data: CatalogueData, urls: PageUrls): unknown[] {
  const tours = data.families.flatMap((family) => family.tours);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: pageTexts[data.language].catalogueHeading,
      numberOfItems: tours.length,
      itemListElement: tours.map((tour, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: tour.name,
        url: urls.tour(data.language, tour.slugs[data.language]),
      })),
    },
    { '@context': 'https://schema.org', ...agency(urls) },
  ];
}
