import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoginForm } from '../../../components/account/login-form.tsx';
import { SignUpForm } from '../../../components/account/sign-up-form.tsx';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { Logo } from '../../../components/logo.tsx';
import { homePath, paths } from '../../../config/paths.ts';
import { useSessionUser } from '../../../lib/session.ts';
import classes from './login-page.module.css';

/** Spec §2 /login and /login/signUp: the sliding two-panel sign-in and sign-up form. */
export function LoginPage() {
  const { t } = useTranslation();
  const { type } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const mode = type === 'signUp' ? 'signUp' : 'signIn';

  useEffect(() => {
    document.title = `${mode === 'signUp' ? t('account.signUpTitle') : t('account.signInTitle')} · Cusco Treks`;
  }, [mode, t]);

  if (user) return <Navigate to={homePath} replace />;

  const goHome = () => navigate(homePath, { replace: true });
  const show = (next: 'signIn' | 'signUp') =>
    navigate(next === 'signUp' ? paths.loginMode.href('signUp') : paths.login.href(), {
      replace: true,
    });

  return (
    <div className={classes.page}>
      <header className={classes.topBar}>
        <Logo />
        <LanguageSwitch />
      </header>
      <main className={classes.stage}>
        <div className={classes.container} data-mode={mode}>
          <section
            className={`${classes.panel} ${classes.signIn}`}
            inert={mode !== 'signIn'}
            aria-labelledby="sign-in-title"
          >
            <Stack gap="md">
              <Title order={1} size="h2" id="sign-in-title">
                {t('account.signInTitle')}
              </Title>
              {search.get('expired') && (
                <Alert color="andes" icon={<IconInfoCircle aria-hidden />}>
                  {t('account.sessionExpired')}
                </Alert>
              )}
              <LoginForm onSuccess={goHome} />
            </Stack>
          </section>

          <section
            className={`${classes.panel} ${classes.signUp}`}
            inert={mode !== 'signUp'}
            aria-labelledby="sign-up-title"
          >
            <Stack gap="md">
              <Title order={1} size="h2" id="sign-up-title">
                {t('account.signUpTitle')}
              </Title>
              <SignUpForm onSuccess={goHome} />
            </Stack>
          </section>

          <div className={classes.overlayContainer}>
            <div className={classes.overlay}>
              <div
                className={`${classes.overlayPanel} ${classes.overlayLeft}`}
                inert={mode !== 'signUp'}
              >
                <Title order={2} size="h3">
                  {t('account.welcomeBack')}
                </Title>
                <Text>{t('account.welcomeBackText')}</Text>
                <Button variant="white" onClick={() => show('signIn')}>
                  {t('account.signIn')}
                </Button>
              </div>
              <div
                className={`${classes.overlayPanel} ${classes.overlayRight}`}
                inert={mode !== 'signIn'}
              >
                <Title order={2} size="h3">
                  {t('account.newHere')}
                </Title>
                <Text>{t('account.newHereText')}</Text>
                <Button variant="white" onClick={() => show('signUp')}>
                  {t('account.createAccount')}
                </Button>
              </div>
            </div>
          </div>

          <div className={classes.mobileSwitch}>
            {mode === 'signIn' ? (
              <Text>
                {t('account.newHere')}{' '}
                <Anchor component="button" type="button" onClick={() => show('signUp')} fw={600}>
                  {t('account.createAccount')}
                </Anchor>
              </Text>
            ) : (
              <Text>
                {t('account.haveAccount')}{' '}
                <Anchor component="button" type="button" onClick={() => show('signIn')} fw={600}>
                  {t('account.signIn')}
                </Anchor>
              </Text>
            )}
          </div>
        </div>
      </main>
    </div>
  );
}
