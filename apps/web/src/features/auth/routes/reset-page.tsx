import { type ResetPasswordRequest, resetPasswordRequest, resetToken } from '@cusco/shared';
import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormProblem, useFormProblem } from '../../../components/account/form-problem.tsx';
import { PasswordField } from '../../../components/account/password-field.tsx';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { Logo } from '../../../components/logo.tsx';
import { paths } from '../../../config/paths.ts';
import { useResetPassword } from '../../../lib/account/password-reset.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/error-modal.tsx';
import { schemaResolver, useInputProps } from '../../../lib/forms.ts';
import { clearSession } from '../../../lib/session.ts';
import classes from './login-page.module.css';

/**
 * #/reset/{token} (issue 15): the link of a password reset e-mail. A new password, twice; it ends
 * every session, so the customer then signs in with it.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const form = useForm<ResetPasswordRequest>({
    initialValues: { token, password: '', confirm: '' },
    validate: schemaResolver(resetPasswordRequest),
    validateInputOnBlur: false,
  });
  const inputProps = useInputProps(form);
  const problem = useFormProblem(form);
  const reset = useResetPassword();
  const expired = reset.error instanceof ApiError && reset.error.field === 'token';

  useEffect(() => {
    document.title = `${t('account.resetTitle')} · Cusco Treks`;
  }, [t]);

  const submit = form.onSubmit((values) => {
    reset.mutate(values, {
      onSuccess: () => {
        // Every session ended, this browser's too.
        clearSession();
        showSuccess(t('account.resetDoneTitle'), t('account.resetDone'));
        navigate(paths.login.href(), { replace: true });
      },
      onError: (error) => problem.refused(error, values),
    });
  }, problem.invalid);
  // A link cut short (or made up) is not worth a form: say so, and offer a new one.
  const malformed = !resetToken.safeParse(token).success;

  return (
    <div className={classes.page}>
      <header className={classes.topBar}>
        <Logo />
        <LanguageSwitch />
      </header>
      <main className={classes.stage}>
        <Card padding="xl" radius="lg" w="100%" maw={440}>
          <form onSubmit={submit} noValidate aria-labelledby="reset-title">
            <Stack gap="sm">
              <Title order={1} size="h2" id="reset-title">
                {t('account.resetTitle')}
              </Title>
              <Text size="sm">{t('account.resetHint')}</Text>
              <FormProblem
                problem={malformed ? t('account.resetInvalid') : problem.text}
                announce={problem.answers}
              />
              {(expired || malformed) && (
                <Anchor component={Link} to={`${paths.login.href()}?forgot=1`} size="sm" fw={600}>
                  {t('account.resetAskAgain')}
                </Anchor>
              )}
              <PasswordField
                isNew
                label={t('profile.new')}
                description={t('account.passwordHint')}
                data-autofocus
                {...inputProps('password')}
              />
              <PasswordField isNew label={t('profile.repeat')} {...inputProps('confirm')} />
              <Button type="submit" loading={reset.isPending} fullWidth>
                {t('account.resetSave')}
              </Button>
              <Anchor component={Link} to={paths.login.href()} size="sm" ta="center">
                {t('account.backToSignIn')}
              </Anchor>
            </Stack>
          </form>
        </Card>
      </main>
    </div>
  );
}
