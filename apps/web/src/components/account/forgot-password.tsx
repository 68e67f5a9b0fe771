import { Anchor } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog.tsx'));

/**
 * "Forgot your password?" (issue 15): asks for the e-mail address and always answers the same,
 * whether or not an account has it: a link is on its way if one does. The dialog's code loads
 * when it is first opened, not with the sign-in screen.
 */
export function ForgotPassword({
  initiallyOpen = false,
  email,
  label,
}: {
  initiallyOpen?: boolean;
  /** The address to fill in (a guest's form that found the e-mail taken). */
  email?: string;
  /** The link's words, when not "Forgot your password?". */
  label?: string;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(initiallyOpen);
  const [used, setUsed] = useState(initiallyOpen);
  return (
    <>
      <Anchor
        component="button"
        type="button"
        size="sm"
        fw={600}
        onClick={() => {
          setUsed(true);
          setOpened(true);
        }}
        style={{ alignSelf: 'center' }}
      >
        {label ?? t('account.forgot')}
      </Anchor>
      {used && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            opened={opened}
            onClose={() => setOpened(false)}
            {...(email ? { email } : {})}
          />
        </Suspense>
      )}
    </>
  );
}
