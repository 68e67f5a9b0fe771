import type { PageLanguage } from '@cusco/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { CataloguePage, lengthOf } from './components/catalogue-page.tsx';
import { ErrorPage } from './components/error-page.tsx';
import { TourPage } from './components/tour-page.tsx';
import type { CatalogueData, TourPageData } from './data.ts';
import type { PageUrls } from './structured-data.ts';
import { formatUsd, pageTexts } from './texts.ts';

/**
 * The pages as HTML strings: React's server renderer, static markup (no hydration: the pages
 * carry no script of their own).
 */
const page = (element: React.ReactElement) => `<!DOCTYPE html>${renderToStaticMarkup(element)}`;

export function renderCatalogue(data: CatalogueData, urls: PageUrls): string {
  return page(<CataloguePage data={data} urls={urls} />);
}

/** A tour's meta description: its name, length and "from" price, in its language. */
export function tourDescription(data: TourPageData): string {
  const texts = pageTexts[data.language];
  const { tour } = data;
  const from = data.from ? formatUsd(data.language, data.from.price) : texts.noPrice;
  return texts
    .tourDescription(tour.name, lengthOf(data.language, tour.days, tour.nights), from)
    .slice(0, 300);
}

export function renderTour(data: TourPageData, urls: PageUrls): string {
  return page(<TourPage data={data} description={tourDescription(data)} urls={urls} />);
}

export function renderError(language: PageLanguage, gone: boolean, urls: PageUrls): string {
  return page(<ErrorPage language={language} gone={gone} image={urls.image} />);
}
