/**
 * Text for pdf-lib's standard fonts (ADR 0045). They print WinAnsi only, and pdf-lib throws on a
 * character outside it, so every text goes through `printable` first:
 * - a letter with a diacritic the font lacks is printed as its base letter (ś → s, ễ → e; a compatibility form as its plain one: ﬁ → fi), and the
 *   few letters that do not decompose as ICAO 9303 writes them in a passport's machine-readable
 *   zone (ł → l, đ → d): the name as the checkpoint reads it in the passport;
 * - anything else the font cannot print (Chinese, Cyrillic, an emoji) is one '?' per character
 *   as a reader sees it (a grapheme: a family emoji is one '?'), and the caller is told, so that
 *   the page can say what '?' means;
 * - line breaks, tabs and other spaces are spaces; control and invisible format characters go.
 */

/** Letters with no decomposition into a base letter and a mark (ICAO 9303, table of Latin). */
const LETTERS: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŀ: 'l',
  Ŀ: 'L',
  ŧ: 't',
  Ŧ: 'T',
  ĸ: 'k',
  ŋ: 'n',
  Ŋ: 'N',
  ǥ: 'g',
  Ǥ: 'G',
  ƶ: 'z',
  Ƶ: 'Z',
};

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

export interface Printable {
  text: string;
  /** Whether a character had no printable form and became '?'. */
  replaced: boolean;
}

/** `text` as a font whose printable code points are `charset` can print it. */
export function printable(text: string, charset: ReadonlySet<number>): Printable {
  const fits = (value: string) =>
    value !== '' && [...value].every((char) => charset.has(char.codePointAt(0) ?? -1));
  let out = '';
  let replaced = false;
  for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
    if (/^\s+$/u.test(segment)) out += ' ';
    else if (/^[\p{Cc}\p{Cf}]+$/u.test(segment)) continue;
    else if (fits(segment)) out += segment;
    else {
      const base = LETTERS[segment] ?? segment.normalize('NFKD').replace(/\p{M}/gu, '');
      if (fits(base)) out += base;
      else {
        out += '?';
        replaced = true;
      }
    }
  }
  return { text: out, replaced };
}
