import type { LoginResponse } from '@cusco/shared';
import { Button, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../../../components/account/login-form.tsx';
import { SignUpForm } from '../../../components/account/sign-up-form.tsx';

/** Spec §2 step 2: an existing user signs in, a new one registers (then is signed in). */
export function StepContact({
  onSignedIn,
  onBack,
}: {
  onSignedIn(session: LoginResponse): void;
  onBack(): void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
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
        onChange={(value) => setMode(value as 'existing' | 'new')}
        data={[
          { value: 'existing', label: t('booking.contact.existing') },
          { value: 'new', label: t('booking.contact.new') },
        ]}
        fullWidth
      />
      {mode === 'existing' ? (
        <LoginForm onSuccess={onSignedIn} footer={back} />
      ) : (
        <SignUpForm onSuccess={onSignedIn} footer={back} />
      )}
    </Stack>
  );
}
