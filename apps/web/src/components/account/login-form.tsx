import { type LoginRequest, type LoginResponse, loginRequest } from '@cusco/shared';
import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../../lib/account/login.ts';
import { schemaResolver, useInputProps } from '../../lib/forms.ts';
import { EmailField } from './email-field.tsx';
import { FormProblem, useFormProblem } from './form-problem.tsx';
import { PasswordField } from './password-field.tsx';

interface LoginFormProps {
  onSuccess(session: LoginResponse): void;
  /** Extra controls under the submit button (e.g. Back on the booking page). */
  footer?: React.ReactNode;
  /** The e-mail to start with (a guest's form that found it taken). */
  email?: string;
}

/** User (e-mail) and password (spec §2 login, §5: both required; a password up to 128 characters). */
export function LoginForm({ onSuccess, footer, email = '' }: LoginFormProps) {
  const { t } = useTranslation();
  const form = useForm<LoginRequest>({
    initialValues: { username: email, password: '' },
    validate: schemaResolver(loginRequest),
    validateInputOnBlur: false,
  });
  const inputProps = useInputProps(form);
  const problem = useFormProblem(form);
  const login = useLogin();

  const submit = form.onSubmit((values) => {
    // A wrong password, or too many failures (429: the server says how long to wait).
    login.mutate(values, { onSuccess, onError: (error) => problem.refused(error) });
  }, problem.invalid);

  return (
    <form onSubmit={submit} noValidate aria-label={t('account.signInTitle')}>
      <Stack gap="sm">
        {/* The same refusal twice is announced twice. */}
        <FormProblem problem={problem.text} announce={problem.answers} />
        <EmailField isUsername label={t('account.user')} {...inputProps('username')} />
        <PasswordField label={t('account.password')} {...inputProps('password')} />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('account.signIn')}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
