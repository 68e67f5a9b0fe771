import type { PageLanguage } from '@cusco/shared';
import type { ReactNode } from 'react';
import { otherLanguage, pageTexts } from '../texts.ts';
import { PAGE_CSS } from './styles.ts';

/** What a page's head says about it (search engines, link previews). */
export interface PageHead {
  language: PageLanguage;
  title: string;
  description: string;
  /** The page's absolute address; none for an error page (not to be indexed). */
  canonical?: string;
  /** The page's absolute address in each language (hreflang), x-default being the Spanish one. */
  alternates?: Record<PageLanguage, string>;
  /** Open Graph's kind of page. */
  ogType?: 'website' | 'product';
  /** The absolute address of the preview image. */
  image: string;
  /** Structured data (schema.org), serialized inline. */
  jsonLd?: unknown[];
}

/**
 * JSON for an inline script: `<` written as \u003c so that no text (a tour name with
 * "</script>") can end the script element; U+2028/9 too, for old parsers.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The mountain mark of the app's icon, drawn inline at a fixed size (no request, no shift). */
function Mark() {
  return (
    <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#f4efe6" />
      <path d="M8 50 26 20l8 13 6-9 16 26z" fill="#0c5c46" />
      <path d="M26 20l5 8-5 3-4-4z" fill="#c8a25c" />
    </svg>
  );
}

/** A whole public page: head, the agency's bar with the language switch, content, footer. */
export function Document(props: {
  head: PageHead;
  /** Where the language switch leads (the same page in the other language). */
  switchTo?: string;
  children: ReactNode;
}) {
  const { head } = props;
  const texts = pageTexts[head.language];
  const other = otherLanguage(head.language);
  return (
    <html lang={head.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        <meta name="theme-color" content="#0c5c46" />
        {head.canonical ? null : <meta name="robots" content="noindex" />}
        {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
        {head.alternates ? (
          <>
            <link rel="alternate" hrefLang="en" href={head.alternates.en} />
            <link rel="alternate" hrefLang="es" href={head.alternates.es} />
            <link rel="alternate" hrefLang="x-default" href={head.alternates.es} />
          </>
        ) : null}
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <meta property="og:site_name" content={texts.siteName} />
        <meta property="og:type" content={head.ogType ?? 'website'} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        {head.canonical ? <meta property="og:url" content={head.canonical} /> : null}
        <meta property="og:image" content={head.image} />
        <meta property="og:image:width" content="512" />
        <meta property="og:image:height" content="512" />
        <meta property="og:locale" content={head.language === 'en' ? 'en_US' : 'es_PE'} />
        <meta property="og:locale:alternate" content={other === 'en' ? 'en_US' : 'es_PE'} />
        <meta name="twitter:card" content="summary" />
        <meta name="twitter:title" content={head.title} />
        <meta name="twitter:description" content={head.description} />
        <meta name="twitter:image" content={head.image} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own style sheet, a constant */}
        <style dangerouslySetInnerHTML={{ __html: PAGE_CSS }} />
        {(head.jsonLd ?? []).map((data, index) => (
          <script
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
            key={index}
            type="application/ld+json"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every < escaped (inlineJson)
            dangerouslySetInnerHTML={{ __html: inlineJson(data) }}
          />
        ))}
      </head>
      <body>
        <a className="skip" href="#content">
          {texts.skip}
        </a>
        <header>
          <div className="bar">
            <a className="brand" href={`/${head.language}/tours`}>
              <Mark />
              {texts.siteName}
            </a>
            <nav aria-label={texts.siteName}>
              {props.switchTo ? (
                <a
                  href={props.switchTo}
                  hrefLang={other}
                  lang={other}
                  title={texts.otherLanguageLabel}
                >
                  {texts.otherLanguage}
                </a>
              ) : null}
              <a href="/#/login">{texts.signIn}</a>
            </nav>
          </div>
        </header>
        <main id="content">{props.children}</main>
        <footer>
          <p>
            {texts.siteName} · {texts.agencyTagline}
          </p>
        </footer>
      </body>
    </html>
  );
}
