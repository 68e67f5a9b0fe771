import type { CatalogueData, CatalogueTour } from '../data.ts';
import { catalogueJsonLd, type PageUrls } from '../structured-data.ts';
import { formatUsd, otherLanguage, pageTexts } from '../texts.ts';
import { Document } from './document.tsx';

/** A tour's length: "4 days / 3 nights". */
export function lengthOf(language: 'en' | 'es', days: number, nights: number) {
  const texts = pageTexts[language];
  return nights > 0 ? `${texts.days(days)} / ${texts.nights(nights)}` : texts.days(days);
}

function TourCard({ tour, language }: { tour: CatalogueTour; language: 'en' | 'es' }) {
  const texts = pageTexts[language];
  const href = `/${language}/tours/${tour.slugs[language]}`;
  return (
    <li className="card">
      <h3>
        <a href={href}>{tour.name}</a>
      </h3>
      <p className="meta">
        {lengthOf(language, tour.days, tour.nights)} · {tour.typename}
      </p>
      {tour.summary ? <p>{tour.summary}</p> : null}
      <p className="price">
        {tour.fromPrice === null ? (
          texts.noPrice
        ) : (
          <>
            <small>{texts.from} </small>
            {formatUsd(language, tour.fromPrice)} <small>{texts.perPerson}</small>
          </>
        )}
      </p>
    </li>
  );
}

/** The catalogue: the active tours by family (the app's tabs), each card linking to its page. */
export function CataloguePage({ data, urls }: { data: CatalogueData; urls: PageUrls }) {
  const { language } = data;
  const texts = pageTexts[language];
  const other = otherLanguage(language);
  return (
    <Document
      head={{
        language,
        title: `${texts.catalogueTitle} | ${texts.siteName}`,
        description: texts.catalogueDescription,
        canonical: urls.catalogue(language),
        alternates: { en: urls.catalogue('en'), es: urls.catalogue('es') },
        image: urls.image,
        jsonLd: catalogueJsonLd(data, urls),
      }}
      switchTo={`/${other}/tours`}
    >
      <h1>{texts.catalogueHeading}</h1>
      <nav aria-label={texts.families}>
        <ul className="families">
          {data.families.map((family) => (
            <li key={family.id}>
              <a href={`#family-${family.id}`}>{family.name}</a>
            </li>
          ))}
        </ul>
      </nav>
      {data.families.map((family) => (
        <section key={family.id} id={`family-${family.id}`} aria-labelledby={`h-${family.id}`}>
          <h2 id={`h-${family.id}`}>{family.name}</h2>
          <ul className="cards">
            {family.tours.map((tour) => (
              <TourCard key={tour.code} tour={tour} language={language} />
            ))}
          </ul>
        </section>
      ))}
    </Document>
  );
}
