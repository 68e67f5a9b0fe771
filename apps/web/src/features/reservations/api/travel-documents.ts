import { download } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

export type TravelDocument = 'voucher' | 'calendar';

const files = {
  voucher: { path: 'voucher.pdf', name: (code: string) => `voucher-${code}.pdf` },
  calendar: { path: 'calendar.ics', name: (code: string) => `${code}.ics` },
} as const;

/**
 * GET tour/booking/{code}/voucher.pdf or calendar.ics (issue 15): downloads the booking's
 * voucher or calendar file with the session's token (in the page's language) and saves it.
 */
export async function downloadTravelDocument(code: string, document: TravelDocument) {
  const file = files[document];
  const blob = await download(`tour/booking/${encodeURIComponent(code)}/${file.path}`);
  saveFile(blob, file.name(code));
}
