import { type CrewRole, crewRoleList, licensedRoles, todayInLima } from '@cusco/shared';
import { Text } from '@mantine/core';
import dayjs from 'dayjs';
import { formatDate } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useAdminText } from '../../i18n.ts';
import { ToneBadge } from '../status-badge.tsx';

/** The crew's small parts (issue 29): roles, licences, languages, as staff read them. */

/** A licence expiring within this many days is said to expire soon. */
const SOON_DAYS = 30;

/** The roles as choices, in the roster's order. */
export function useRoleOptions() {
  const { t } = useAdminText();
  return crewRoleList.map((role) => ({ value: role, label: t(`crew.roles.${role}`) }));
}

/** A role as a badge: guides in one colour, the rest of the crew in another. */
export function RoleBadge({ role }: { role: CrewRole }) {
  const { t } = useAdminText();
  const guiding = role === 'guide' || role === 'assistant_guide';
  return <ToneBadge color={guiding ? 'grape' : 'teal'}>{t(`crew.roles.${role}`)}</ToneBadge>;
}

/**
 * A guide's licence: none (said for the roles that need one, '—' for the others), expired (red),
 * expiring within the month (orange), or valid until.
 */
export function LicenceStatus({
  expiry,
  number,
  role,
}: {
  expiry: string | null;
  number?: string | null;
  role: CrewRole;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  if (!expiry) {
    if (!licensedRoles.includes(role)) return '—';
    return (
      <Text size="sm" c="red.9">
        {t('crew.noLicence')}
      </Text>
    );
  }
  const today = todayInLima();
  const date = formatDate(expiry, language);
  const soon = dayjs(today).add(SOON_DAYS, 'day').format('YYYY-MM-DD');
  return (
    <>
      {number && (
        <Text size="sm" fw={600}>
          {number}
        </Text>
      )}
      {expiry < today ? (
        <ToneBadge color="red">{t('crew.licenceExpired', { date })}</ToneBadge>
      ) : expiry <= soon ? (
        <ToneBadge color="orange">{t('crew.licenceExpiring', { date })}</ToneBadge>
      ) : (
        <Text size="sm">{t('crew.licenceUntil', { date })}</Text>
      )}
    </>
  );
}

/** A language's name in the reader's language (its code when the browser has no name for it). */
export function useLanguageName() {
  const language = useLanguage();
  const names = new Intl.DisplayNames([language === 'en' ? 'en' : 'es'], { type: 'language' });
  return (code: string) => {
    const name = names.of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  };
}

/** "1 guide, 3 porters": counts of roles, in words. */
export function useRoleCounts() {
  const { t } = useAdminText();
  return (counts: { role: CrewRole; count: number }[]) =>
    counts.map(({ role, count }) => t(`crew.counts.${role}`, { count })).join(', ');
}
