import type { TourPageData } from '../data.ts';
import { bookingPath, type PageUrls, tourJsonLd } from '../structured-data.ts';
import { formatDay, formatUsd, otherLanguage, pageTexts } from '../texts.ts';
import { lengthOf } from './catalogue-page.tsx';
import { Document } from './document.tsx';

/** The group-size price table: a row per band of sizes, a column per type (and category). */
function PriceTable({ data }: { data: TourPageData }) {
  const { language, priceTable } = data;
  const texts = pageTexts[language];
  if (priceTable.series.length === 0) return null;
  return (
    <section aria-labelledby="prices">
      <h2 id="prices">{texts.prices}</h2>
      <div className="scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{texts.groupSize}</th>
              {priceTable.series.map((label) => (
                <th scope="col" key={label} className="n">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {priceTable.bands.map((band) => (
              <tr key={band.from}>
                <th scope="row">{texts.people(band.from, band.to)}</th>
                {band.prices.map((price, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns in the series' fixed order
                  <td key={index} className="n">
                    {price === null ? '—' : formatUsd(language, price)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="meta">{texts.pricesNote}</p>
    </section>
  );
}

function Itinerary({ data }: { data: TourPageData }) {
  const texts = pageTexts[data.language];
  const days = [...new Set(data.tour.itinerary.map((entry) => entry.day))];
  if (days.length === 0) return null;
  return (
    <section aria-labelledby="itinerary">
      <h2 id="itinerary">{texts.itinerary}</h2>
      <ol className="days">
        {days.map((day) => (
          <li key={day}>
            <h3>{texts.day(day)}</h3>
            <ul>
              {data.tour.itinerary
                .filter((entry) => entry.day === day)
                .map((entry, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the day's events in their order
                  <li key={index}>{entry.name}</li>
                ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Inclusions({ data }: { data: TourPageData }) {
  const texts = pageTexts[data.language];
  const lists = [
    { id: 'included', title: texts.included, items: data.tour.includeServices },
    { id: 'not-included', title: texts.notIncluded, items: data.tour.notincludeServices },
  ].filter((list) => list.items.length > 0);
  if (lists.length === 0) return null;
  return (
    <div className="lists">
      {lists.map((list) => (
        <section key={list.id} className="box" aria-labelledby={list.id}>
          <h2 id={list.id}>{list.title}</h2>
          <ul>
            {list.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the tour's list in its order
              <li key={index}>{item.name}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function Dates({ data }: { data: TourPageData }) {
  const { language, tour } = data;
  const texts = pageTexts[language];
  return (
    <section aria-labelledby="dates">
      <h2 id="dates">{texts.dates}</h2>
      {data.dates.length === 0 ? (
        <p>{texts.datesNone}</p>
      ) : (
        <ul className="dates">
          {data.dates.map((day) => (
            <li key={day.date}>
              <a href={bookingPath(tour.code, language, day.date)}>
                <time dateTime={day.date}>{formatDay(language, day.date)}</time>
                <span>{texts.seats(day.seatsLeft, day.more)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A tour's page: what a traveller decides on, and the way into the booking page. */
export function TourPage(props: { data: TourPageData; description: string; urls: PageUrls }) {
  const { data, urls } = props;
  const { language, tour } = data;
  const texts = pageTexts[language];
  const other = otherLanguage(language);
  const length = lengthOf(language, tour.days, tour.nights);
  return (
    <Document
      head={{
        language,
        title: `${tour.name} | ${texts.siteName}`,
        description: props.description,
        canonical: urls.tour(language, data.slugs[language]),
        alternates: { en: urls.tour('en', data.slugs.en), es: urls.tour('es', data.slugs.es) },
        ogType: 'product',
        image: urls.image,
        jsonLd: tourJsonLd(data, props.description, urls),
      }}
      switchTo={`/${other}/tours/${data.slugs[other]}`}
    >
      <nav className="crumbs" aria-label={texts.breadcrumb}>
        <ol>
          <li>
            <a href={`/${language}/tours`}>{texts.breadcrumbHome}</a>
          </li>
          <li aria-current="page">{tour.name}</li>
        </ol>
      </nav>
      <h1>{tour.name}</h1>
      <dl className="facts">
        <dt>{texts.duration}</dt>
        <dd>{length}</dd>
        <dt>{texts.modality}</dt>
        <dd>{data.modality}</dd>
        {data.familyName ? (
          <>
            <dt>{texts.family}</dt>
            <dd>{data.familyName}</dd>
          </>
        ) : null}
      </dl>
      <p className="price">
        {data.from ? (
          <>
            <small>{texts.from} </small>
            {formatUsd(language, data.from.price)} <small>{texts.perPerson}</small>
          </>
        ) : (
          texts.noPrice
        )}
      </p>
      <p className="cta">
        <a className="button" href={bookingPath(tour.code, language)}>
          {texts.bookTour(tour.name)}
        </a>
      </p>
      <Dates data={data} />
      <PriceTable data={data} />
      <Itinerary data={data} />
      <Inclusions data={data} />
      <section aria-labelledby="terms">
        <h2 id="terms">{texts.terms}</h2>
        <ul className="box">
          {data.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
        <p>
          <a href={bookingPath(tour.code, language)}>{texts.fullTerms}</a>
        </p>
      </section>
    </Document>
  );
}
