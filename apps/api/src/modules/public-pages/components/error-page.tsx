import type { PageLanguage } from '@cusco/shared';
import { otherLanguage, pageTexts } from '../texts.ts';
import { Document } from './document.tsx';

/** The page of an address with nothing at it (404), or of a tour no longer offered (410). */
export function ErrorPage(props: { language: PageLanguage; gone: boolean; image: string }) {
  const texts = pageTexts[props.language];
  const title = props.gone ? texts.goneTitle : texts.notFoundTitle;
  return (
    <Document
      head={{
        language: props.language,
        title: `${title} | ${texts.siteName}`,
        description: props.gone ? texts.goneText : texts.notFoundText,
        image: props.image,
      }}
      switchTo={`/${otherLanguage(props.language)}/tours`}
    >
      <h1>{title}</h1>
      <p>{props.gone ? texts.goneText : texts.notFoundText}</p>
      <p className="cta">
        <a className="button" href={`/${props.language}/tours`}>
          {texts.toCatalogue}
        </a>
      </p>
    </Document>
  );
}
