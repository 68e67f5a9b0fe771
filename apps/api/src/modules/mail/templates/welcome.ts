import type { Draft, Template, Writer } from './writer.ts';

/** The welcome of a new account; a guest's (no password, issue 28) says how to come back. */
function welcome(w: Writer): Draft {
  const guest = (w.row.data as { guest?: boolean }).guest === true && !w.account.hasPassword;
  return {
    subject: w.t('welcomeSubject'),
    blocks: guest
      ? [
          { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
          { type: 'paragraph', text: w.t('welcomeGuestIntro', { email: w.account.email }) },
          { type: 'paragraph', text: w.t('welcomeGuestPassword') },
          { type: 'button', label: w.t('choosePassword'), href: w.link('/#/login?forgot=1') },
        ]
      : [
          { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
          { type: 'paragraph', text: w.t('welcomeIntro') },
          { type: 'paragraph', text: w.t('welcomeUser', { email: w.account.email }) },
          { type: 'button', label: w.t('openPortal'), href: w.link('/#/main/booking') },
        ],
  };
}

export const welcomeTemplate: Template = { about: 'account', draft: welcome };
