import { type ForgotPasswordRequest, forgotPasswordRequest } from '@cusco/shared';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForgotPassword } from '../../lib/account/password-reset.ts';
import { schemaResolver, useInputProps } from '../../lib/forms.ts';
import { FormModal } from '../form-modal.tsx';
import { EmailField } from './email-field.tsx';
import { FormProblem, useFormProblem } from './form-problem.tsx';

/** The "Forgot your password?" dialog, loaded when it is first opened. */
export default function ForgotPasswordDialog({
  opened,
  onClose,
  email = '',
}: {
  opened: boolean;
  onClose(): void;
  email?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('account.forgotTitle')}>
      {opened && <ForgotForm onDone={onClose} email={email} />}
    </FormModal>
  );
}

function ForgotForm({ onDone, email }: { onDone(): void; email: string }) {
  const { t } = useTranslation();
  const form = useForm<ForgotPasswordRequest>({
    initialValues: { email },
    validate: schemaResolver(forgotPasswordRequest),
    validateInputOnBlur: false,
  });
  const inputProps = useInputProps(form);
  const problem = useFormProblem(form);
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    return (
      <Stack gap="md">
        <Alert color="teal" icon={<IconMailCheck aria-hidden />} role="status">
          {t('account.forgotSent', { email: sentTo })}
        </Alert>
        <Button onClick={onDone}>{t('common.close')}</Button>
      </Stack>
    );
  }
  const submit = form.onSubmit((values) => {
    forgot.mutate(values, {
      onSuccess: () => setSentTo(values.email.trim().toLowerCase()),
      onError: (error) => problem.refused(error, values),
    });
  }, problem.invalid);
  return (
    <form onSubmit={submit} noValidate aria-label={t('account.forgotTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('account.forgotHint')}</Text>
        <FormProblem problem={problem.text} announce={problem.answers} />
        <EmailField label={t('account.email')} data-autofocus {...inputProps('email')} />
        <Button type="submit" loading={forgot.isPending} fullWidth>
          {t('account.forgotSend')}
        </Button>
      </Stack>
    </form>
  );
}
