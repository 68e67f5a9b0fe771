import type { Draft, Template, Writer } from './writer.ts';

function welcome(w: Writer): Draft {
  return {
    subject: w.t('welcomeSubject'),
    blocks: [
      { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
      { type: 'paragraph', text: w.t('welcomeIntro') },
      { type: 'paragraph', text: w.t('welcomeUser', { email: w.account.email }) },
      { type: 'button', label: w.t('openPortal'), href: w.link('/#/main/booking') },
    ],
  };
}

export const welcomeTemplate: Template = { about: 'account', draft: welcome };
