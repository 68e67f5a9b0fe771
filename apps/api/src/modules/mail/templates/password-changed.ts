import { limaMoment } from '../texts.ts';
import type { Draft, Template, Writer } from './writer.ts';

function passwordChanged(w: Writer): Draft {
  const data = w.row.data as { changedAt?: string };
  return {
    subject: w.t('passwordChangedSubject'),
    blocks: [
      { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
      { type: 'paragraph', text: w.t('passwordChangedIntro') },
      {
        type: 'facts',
        rows: [
          [w.t('factAccount'), w.account.email],
          [w.t('factWhen'), limaMoment(new Date(data.changedAt ?? w.row.createdAt), w.language)],
        ],
      },
      { type: 'paragraph', text: w.t('passwordChangedNotYou') },
      { type: 'button', label: w.t('resetNow'), href: w.link('/#/login?forgot=1') },
    ],
  };
}

export const passwordChangedTemplate: Template = { about: 'account', draft: passwordChanged };
