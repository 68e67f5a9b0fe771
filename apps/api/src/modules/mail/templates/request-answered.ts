import { nameIn } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import { bookings, incidentStatuses, incidents, users } from '../../../db/schema.ts';
import type { Draft, Template, Writer } from './writer.ts';

async function requestAnswered(w: Writer): Promise<Draft | { skip: string }> {
  const { db } = w.context;
  const [request] = await db
    .select({
      name: incidents.name,
      response: incidents.response,
      statusEn: incidentStatuses.nameEn,
      statusEs: incidentStatuses.nameEs,
      adviserName: users.name,
      adviserLastName: users.lastName,
      code: bookings.code,
    })
    .from(incidents)
    .innerJoin(incidentStatuses, eq(incidentStatuses.id, incidents.statusId))
    .innerJoin(bookings, eq(bookings.id, incidents.bookingId))
    .leftJoin(users, eq(users.id, incidents.adviserId))
    .where(eq(incidents.id, w.row.subjectId));
  if (!request) return { skip: 'request deleted' };
  return {
    subject: w.t('answeredSubject', { code: request.code }),
    blocks: [
      { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
      { type: 'paragraph', text: w.t('answeredIntro') },
      {
        type: 'facts',
        rows: [
          [w.t('factCode'), request.code],
          [w.t('factRequest'), request.name],
          [
            w.t('factStatus'),
            nameIn({ nameEn: request.statusEn, nameEs: request.statusEs }, w.language),
          ],
          [
            w.t('factAdviser'),
            request.adviserName
              ? `${request.adviserName} ${request.adviserLastName ?? ''}`.trim()
              : w.t('adviserAgency'),
          ],
        ],
      },
      { type: 'paragraph', text: w.t('answeredResponse') },
      { type: 'quote', text: request.response ?? '' },
      { type: 'button', label: w.t('seeRequests'), href: w.link('/#/main/incidents') },
    ],
  };
}

export const requestAnsweredTemplate: Template = { about: 'account', draft: requestAnswered };
