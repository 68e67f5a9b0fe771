import { type GuideManifest, type GuideTraveller, verifyVoucherCode } from '@cusco/shared';

/**
 * A scanned (or typed) voucher code checked on the phone with no network (issue 32,
 * docs/voucher-codes.md): the signature against the agency's public keys from the download, then
 * the booking against the departure.
 */
export type VoucherOutcome =
  /** Not one of our codes (another QR code, a typo). */
  | { kind: 'notVoucher' }
  /** The signature does not match: altered or made up. Never accepted. */
  | { kind: 'forged' }
  /** Signed by a key the phone does not have: download the departure again. */
  | { kind: 'unknownKey' }
  /** A genuine voucher of another departure (another date, or another tour that day). */
  | { kind: 'otherDeparture'; code: string; travelDate: string }
  /** A genuine voucher of a booking of this departure that was cancelled. */
  | { kind: 'cancelled'; code: string }
  /** The right booking: its travellers, to check in. */
  | { kind: 'ok'; code: string; passengers: number; travellers: GuideTraveller[] };

export async function checkVoucher(
  text: string,
  manifest: Pick<GuideManifest, 'date' | 'bookings' | 'travellers' | 'voucherKeys'>,
): Promise<VoucherOutcome> {
  const check = await verifyVoucherCode(text, manifest.voucherKeys);
  if (!check.ok) return { kind: check.reason };
  const { code, travelDate, passengers } = check.voucher;
  const booking = manifest.bookings.find((candidate) => candidate.code === code);
  if (!booking || travelDate !== manifest.date) {
    return { kind: 'otherDeparture', code, travelDate };
  }
  if (booking.cancelled) return { kind: 'cancelled', code };
  return {
    kind: 'ok',
    code,
    passengers,
    travellers: manifest.travellers.filter((traveller) => traveller.bookingCode === code),
  };
}
