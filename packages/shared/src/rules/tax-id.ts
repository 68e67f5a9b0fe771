/**
 * Peru's taxpayer number (RUC, issue 30): 11 digits, the first two its kind (10 a person, 15/16/17
 * other persons, 20 a company), the last a check digit, modulo 11 over the first ten with the
 * weights 5 4 3 2 7 6 5 4 3 2. A factura is issued only to a RUC that passes it.
 */
export const RUC_PATTERN = /^(10|15|16|17|20)\d{9}$/;

const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** The check digit the first ten digits of a RUC call for (anything after them is not read). */
export function rucCheckDigit(firstTen: string): number {
  let sum = 0;
  RUC_WEIGHTS.forEach((weight, i) => {
    sum += Number(firstTen[i]) * weight;
  });
  const digit = 11 - (sum % 11);
  return digit === 11 ? 1 : digit === 10 ? 0 : digit;
}

/** True for an 11-digit RUC of a known kind whose check digit is right. */
export function isValidRuc(value: string): boolean {
  return RUC_PATTERN.test(value) && rucCheckDigit(value) === Number(value[10]);
}

/** A DNI: 8 digits (a boleta's customer who is resident). */
export const DNI_PATTERN = /^\d{8}$/;
