/**
 * A receipt's total in Spanish words, as SUNAT's legend 1000 (cbc:Note languageLocaleID="1000")
 * and the printed receipt write it: "CIENTO VEINTE CON 50/100 DÓLARES AMERICANOS".
 */

const UNITS = [
  'cero',
  'uno',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
];
const TENS = [
  '',
  '',
  '',
  'treinta',
  'cuarenta',
  'cincuenta',
  'sesenta',
  'setenta',
  'ochenta',
  'noventa',
];
const HUNDREDS = [
  '',
  'ciento',
  'doscientos',
  'trescientos',
  'cuatrocientos',
  'quinientos',
  'seiscientos',
  'setecientos',
  'ochocientos',
  'novecientos',
];

/** 0 ≤ n < 1000 in words; `short` writes "un"/"veintiún" (before "mil", "millones"). */
function belowThousand(n: number, short: boolean): string {
  if (n === 100) return 'cien';
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(HUNDREDS[hundreds] as string);
  if (rest > 0 || hundreds === 0) {
    let words: string;
    if (rest < 30) words = UNITS[rest] as string;
    else {
      const unit = rest % 10;
      words = `${TENS[Math.floor(rest / 10)]}${unit > 0 ? ` y ${UNITS[unit]}` : ''}`;
    }
    if (short) words = words.replace(/veintiuno$/, 'veintiún').replace(/uno$/, 'un');
    parts.push(words);
  }
  return parts.join(' ');
}

/** A whole number (0 ≤ n < 10^12) in Spanish words, lower case. */
export function integerInWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= 1e12) throw new RangeError(`cannot write ${n}`);
  if (n === 0) return 'cero';
  const millions = Math.floor(n / 1e6);
  const thousands = Math.floor((n % 1e6) / 1000);
  const units = n % 1000;
  const parts: string[] = [];
  if (millions > 0) {
    parts.push(
      millions === 1
        ? 'un millón'
        : `${integerInWords(millions)
            .replace(/uno$/, 'un')
            .replace(/veintiun$/, 'veintiún')} millones`,
    );
  }
  if (thousands > 0) parts.push(thousands === 1 ? 'mil' : `${belowThousand(thousands, true)} mil`);
  if (units > 0) parts.push(belowThousand(units, false));
  return parts.join(' ');
}

const CURRENCIES: Readonly<Record<string, string>> = {
  PEN: 'SOLES',
  USD: 'DÓLARES AMERICANOS',
  EUR: 'EUROS',
};

/** The currency's name in SUNAT's legend (its ISO code when we know no name for it). */
export function currencyInWords(currency: string): string {
  return CURRENCIES[currency] ?? currency;
}

/** An amount in cents as SUNAT's legend writes it: "MIL CON 00/100 SOLES". */
export function amountInWords(cents: number, currency: string): string {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`cannot write ${cents}`);
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `${integerInWords(whole)} con ${fraction}/100 ${currencyInWords(currency)}`.toUpperCase();
}
