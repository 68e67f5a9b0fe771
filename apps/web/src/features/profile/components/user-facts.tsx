import type { SessionUser } from '@cusco/shared';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../../components/fact-list.tsx';

/** The user's name and last name, then one more fact (the e-mail, or the telephone), on a row. */
export function UserFacts({ user, last }: { user: SessionUser; last: 'email' | 'telephone' }) {
  const { t } = useTranslation();
  return (
    <FactList
      cols={{ base: 1, sm: 3 }}
      m={0}
      facts={[
        [t('profile.name'), user.name],
        [t('profile.lastName'), user.lastName],
        [last === 'email' ? t('profile.email') : t('profile.telephone'), user[last]],
      ]}
    />
  );
}
