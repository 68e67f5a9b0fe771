import { eq } from 'drizzle-orm';
import { passwordResets } from '../../../db/schema.ts';
import type { Block } from '../render.ts';
import type { Draft, Template, Writer } from './writer.ts';

async function passwordReset(w: Writer): Promise<Draft | { skip: string }> {
  const token = (w.row.data as { token?: string }).token;
  const [reset] = await w.context.db
    .select({ expiresAt: passwordResets.expiresAt, usedAt: passwordResets.usedAt })
    .from(passwordResets)
    .where(eq(passwordResets.id, w.row.subjectId));
  // A link that can no longer work is not sent (SMTP was down for longer than its 30 minutes).
  if (!token || !reset || reset.usedAt || reset.expiresAt <= new Date()) {
    return { skip: 'link expired or used' };
  }
  const around = (link: Block): Block[] => [
    { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
    { type: 'paragraph', text: w.t('resetIntro', { email: w.account.email }) },
    link,
    { type: 'paragraph', text: w.t('resetValidity') },
    { type: 'note', text: w.t('resetNotYou') },
  ];
  return {
    subject: w.t('resetSubject'),
    blocks: around({
      type: 'button',
      label: w.t('chooseNewPassword'),
      href: w.link(`/#/reset/${token}`),
    }),
    // The mailbox's copy never holds the link: whoever reads it could take the account over.
    keptBlocks: around({ type: 'note', text: w.t('resetLinkWithheld') }),
  };
}

export const passwordResetTemplate: Template = { about: 'account', draft: passwordReset };
