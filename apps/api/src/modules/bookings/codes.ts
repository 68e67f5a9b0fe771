import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L, U/V). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';

/** A new reservation code such as CT-4K7M2Q (29⁶ ≈ 595 million codes). */
export function newBookingCode(): string {
  let code = '';
  for (let index = 0; index < 6; index++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `CT-${code}`;
}

export const bookingCodePattern = /^CT-[2-9A-HJKMNP-TW-Z]{6}$/;
