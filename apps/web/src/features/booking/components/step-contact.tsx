import type { LoginResponse } from '@cusco/shared';
import { Button, SegmentedControl, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuestForm } from '../../../components/account/guest-form.tsx';
import { LoginForm } from '../../../components/account/login-form.tsx';
import { SignUpForm } from '../../../components/account/sign-up-form.tsx';

type Mode = 'existing' | 'new' | 'guest';

/**
 * Spec §2 step 2: an existing user signs in, a new one registers (then is signed in); or, since
 * issue 28, continues as a guest with name, e-mail, phone and country only.
 */
export function StepContact({
  onSignedIn,
  onBack,
}: {
  onSignedIn(session: LoginResponse): void;
  onBack(): void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('existing');
  // Three choices do not fit side by side on a phone: one under the other there.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  // An e-mail the guest form found taken, to sign in with.
  const [email, setEmail] = useState('');
  const back = (
    <Button variant="default" onClick={onBack}>
      {t('common.back')}
    </Button>
  );
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('booking.contact.title')}
      </Title>
      <SegmentedControl
        value={mode}
        onChange={(value) => setMode(value as Mode)}
        aria-label={t('booking.contact.title')}
        data={[
          { value: 'existing', label: t('booking.contact.existing') },
          { value: 'new', label: t('booking.contact.new') },
          { value: 'guest', label: t('guest.option') },
        ]}
        fullWidth
        orientation={phone ? 'vertical' : 'horizontal'}
      />
      {mode === 'existing' ? (
        <LoginForm key={email} email={email} onSuccess={onSignedIn} footer={back} />
      ) : mode === 'new' ? (
        <SignUpForm onSuccess={onSignedIn} footer={back} />
      ) : (
        <GuestForm
          onSuccess={onSignedIn}
          onSignIn={(taken) => {
            setEmail(taken);
            setMode('existing');
          }}
          footer={back}
        />
      )}
    </Stack>
  );
}
