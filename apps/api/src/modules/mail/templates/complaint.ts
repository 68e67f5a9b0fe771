import { complaintNumber, todayInLima } from '@cusco/shared';
import { type BookOwner, loadComplaint } from '../../complaints/book.ts';
import { complaintPdf, complaintPdfName } from '../../complaints/pdf.ts';
import { longDate } from '../texts.ts';
import type { AddressWriter, Draft, Skip, Template } from './writer.ts';

/**
 * The complaints book's two mails (issue 30), to the consumer's address (no account) and, for a
 * new sheet, to the agency's operations address: the sheet's facts and its PDF. The provider's
 * name, RUC and address are those kept with the row when the event happened.
 */
async function complaintMail(w: AddressWriter, answered: boolean): Promise<Draft | Skip> {
  const row = await loadComplaint(w.context.db, w.row.subjectId);
  if (!row) return { skip: 'complaint not found' };
  const owner = (w.row.data as { owner?: BookOwner }).owner;
  if (!owner) return { skip: 'no provider kept with the row' };
  const filed = todayInLima(row.createdAt);
  const number = complaintNumber(row.number, filed);
  const operations = w.row.audience === 'operations';
  const facts: [string, string][] = [
    [w.t('complaintFactNumber'), number],
    [
      w.t('complaintFactKind'),
      w.t(row.kind === 'grievance' ? 'complaintKindGrievance' : 'complaintKindComplaint'),
    ],
    [w.t('complaintFactFiled'), longDate(filed, w.language)],
    [w.t('complaintFactDue'), longDate(row.dueDate, w.language)],
    [w.t('complaintFactProvider'), `${owner.legalName} · RUC ${owner.ruc}`],
  ];
  const attachments = [
    {
      filename: complaintPdfName(row),
      contentType: 'application/pdf',
      content: Buffer.from(await complaintPdf(row, owner, w.language)),
    },
  ];
  if (answered) {
    if (!row.answer) return { skip: 'not answered' };
    return {
      subject: w.t('complaintAnsweredSubject', { number }),
      blocks: [
        { type: 'paragraph', text: w.t('complaintHello', { name: row.consumerName }) },
        { type: 'paragraph', text: w.t('complaintAnsweredIntro') },
        { type: 'facts', rows: facts },
        { type: 'quote', text: row.answer },
        { type: 'paragraph', text: w.t('complaintAnsweredIndecopi') },
        { type: 'paragraph', text: w.t('signOff') },
      ],
      attachments,
    };
  }
  if (operations) {
    return {
      subject: w.t('complaintFiledOperationsSubject', { number }),
      blocks: [
        { type: 'paragraph', text: w.t('complaintFiledOperationsIntro') },
        {
          type: 'facts',
          rows: [...facts, [w.t('factCustomer'), `${row.consumerName} <${row.email}>`]],
        },
        {
          type: 'button',
          label: w.t('complaintOpenQueue'),
          href: w.link(`/#/admin/complaints/${row.id}`),
        },
      ],
      attachments,
    };
  }
  return {
    subject: w.t('complaintFiledSubject', { number }),
    blocks: [
      { type: 'paragraph', text: w.t('complaintHello', { name: row.consumerName }) },
      { type: 'paragraph', text: w.t('complaintFiledIntro') },
      { type: 'facts', rows: facts },
      {
        type: 'paragraph',
        text: w.t('complaintFiledDeadline', { date: longDate(row.dueDate, w.language) }),
      },
      { type: 'paragraph', text: w.t('signOff') },
    ],
    attachments,
  };
}

export const complaintFiledTemplate: Template = {
  about: 'address',
  draft: (w) => complaintMail(w, false),
};

export const complaintAnsweredTemplate: Template = {
  about: 'address',
  draft: (w) => complaintMail(w, true),
};
