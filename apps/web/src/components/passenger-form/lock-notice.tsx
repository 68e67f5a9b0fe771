import type { LockedFieldGroup, PassengerRegistryItem } from '@cusco/shared';
import { Alert, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n.ts';

/**
 * The lock of a passenger (issue 29): once a permit or ticket is bought in their name, their
 * names, nationality, birth date and document are read-only here, and the form says why, since
 * when, and what to do instead (a document change). The server refuses the change anyway (409).
 */

/** "3 March" / "3 de marzo": the day a purchase was made, as the notice says it. */
function dayOf(date: string, language: 'en' | 'es') {
  return dayjs(date)
    .locale(language)
    .format(language === 'es' ? 'D [de] MMMM' : 'D MMMM');
}

/** The notice above the identity fields of a locked passenger; nothing when none is locked. */
export function LockNotice({ slot }: { slot: PassengerRegistryItem }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const locked = slot.locked ?? [];
  if (locked.length === 0 || !slot.lockedReason || !slot.lockedSince) return null;
  const fields = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(
    locked.map((group) => t(`lock.fields.${group}`)),
  );
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconLock aria-hidden />}
      mb="sm"
      data-testid="passenger-lock"
    >
      <Text size="sm" fw={700} c="dark.9">
        {t('lock.title')}
      </Text>
      <Text size="sm" c="dark.7">
        {t('lock.reason', {
          item: t(`lock.kinds.${slot.lockedReason}`),
          date: dayOf(slot.lockedSince, language),
          fields,
        })}
      </Text>
    </Alert>
  );
}

/** The note under each locked field, by group (undefined: the group is not locked). */
export function useLockNotes(
  slot: Pick<PassengerRegistryItem, 'locked'>,
): Partial<Record<LockedFieldGroup, string>> {
  const { t } = useTranslation();
  return Object.fromEntries((slot.locked ?? []).map((group) => [group, t('lock.field')]));
}
