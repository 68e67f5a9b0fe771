import { type LoginRequest, type LoginResponse, loginRequest } from '@cusco/shared';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../../lib/account/login.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { schemaResolver, useFormErrorSummary, useInputProps } from '../../lib/forms.ts';

interface LoginFormProps {
  onSuccess(session: LoginResponse): void;
  /** Extra controls under the submit button (e.g. Back on the booking page). */
  footer?: React.ReactNode;
}

/** User (e-mail) and password (spec §2 login, §5: both required; a password up to 128 characters). */
export function LoginForm({ onSuccess, footer }: LoginFormProps) {
  const { t } = useTranslation();
  const form = useForm<LoginRequest>({
    initialValues: { username: '', password: '' },
    validate: schemaResolver(loginRequest),
    validateInputOnBlur: false,
  });
  const inputProps = useInputProps(form);
  const summary = useFormErrorSummary();
  const login = useLogin();
  const [problem, setProblem] = useState<string | null>(null);
  /** Counts the answers shown, so that the same refusal twice is announced twice. */
  const [answers, setAnswers] = useState(0);

  const submit = form.onSubmit(
    (values) => {
      login.mutate(values, {
        onSuccess,
        // A wrong password, or too many failures (429: the server says how long to wait).
        onError: (error) => {
          setProblem(errorMessage(error));
          setAnswers((count) => count + 1);
        },
      });
    },
    (errors) => {
      setProblem(summary(errors));
      setAnswers((count) => count + 1);
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('account.signInTitle')}>
      <Stack gap="sm">
        {problem && (
          <Alert key={answers} color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {problem}
          </Alert>
        )}
        <TextInput
          label={t('account.user')}
          type="email"
          autoComplete="username"
          maxLength={50}
          required
          {...inputProps('username')}
        />
        <PasswordInput
          label={t('account.password')}
          autoComplete="current-password"
          required
          {...inputProps('password')}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('account.signIn')}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
