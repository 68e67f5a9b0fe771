import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { ForgotPassword } from '../../../components/account/forgot-password.tsx';
import { LoginForm } from '../../../components/account/login-form.tsx';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { Logo, LogoLoader } from '../../../components/logo.tsx';
import { landingPath, paths, returnPath } from '../../../config/paths.ts';
import { getSessionUser, useSessionUser } from '../../../lib/session.ts';
import classes from './login-page.module.css';

type Mode = 'signIn' | 'signUp';

// The sign-up form (its date picker, its country Select and the countries' list) is drawn in its
// hidden half of the card from the visitor's first touch, key or focus in the card, or at once on
// /login/signUp: not with the sign-in form's first paint (ADR 0053).
const loadSignUpForm = () => import('../../../components/account/sign-up-form.tsx');
const SignUpForm = lazy(() => loadSignUpForm().then((module) => ({ default: module.SignUpForm })));

/** Spec §2 /login and /login/signUp: the sliding two-panel sign-in and sign-up form. */
export function LoginPage() {
  const { t } = useTranslation();
  const { type } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const mode: Mode = type === 'signUp' ? 'signUp' : 'signIn';
  const [signUpWanted, setSignUpWanted] = useState(mode === 'signUp');
  if (mode === 'signUp' && !signUpWanted) setSignUpWanted(true);
  // From a touch, key or focus in the card, not anywhere on the page: a press on the toast's
  // "New version — Reload" (app/pwa.tsx) must not start loading code while the new version's
  // service worker takes over (the browser test of a new deploy caught it: no reload came).
  const wantSignUp = () => setSignUpWanted(true);

  useEffect(() => {
    document.title = `${mode === 'signUp' ? t('account.signUpTitle') : t('account.signInTitle')} · Cusco Treks`;
  }, [mode, t]);

  // After a session ended, the user returns to the screen they were on; else staff land on the
  // back office, customers on their reservations.
  const next = returnPath(search.get('next'));
  if (user) return <Navigate to={next ?? landingPath(user)} replace />;

  const goHome = () => navigate(next ?? landingPath(getSessionUser()), { replace: true });
  // Switching between the forms keeps where to go after (`next`) and why the user is here.
  const show = (side: Mode) =>
    navigate(
      `${side === 'signUp' ? paths.loginMode.href('signUp') : paths.login.href()}${
        search.size > 0 ? `?${search.toString()}` : ''
      }`,
      { replace: true },
    );

  return (
    <div className={classes.page}>
      <header className={classes.topBar}>
        <Logo />
        <Group gap="md">
          <Anchor component={Link} to={paths.catalogue.href()} fw={600}>
            {t('account.browseTours')}
          </Anchor>
          <LanguageSwitch />
        </Group>
      </header>
      <main
        className={classes.stage}
        onPointerDownCapture={wantSignUp}
        onKeyDownCapture={wantSignUp}
        onFocusCapture={wantSignUp}
      >
        <div className={classes.container} data-mode={mode}>
          <FormPanel side="signIn" mode={mode} title={t('account.signInTitle')}>
            {search.get('expired') && (
              // The spec's message, kept word for word in both languages (ADRs 0007 and 0024).
              <Alert
                color="andes"
                icon={<IconInfoCircle aria-hidden />}
                title={t('msg:sessionExpired')}
                role="status"
              >
                {t('account.sessionExpired')}
              </Alert>
            )}
            <LoginForm
              onSuccess={goHome}
              footer={<ForgotPassword initiallyOpen={search.get('forgot') === '1'} />}
            />
          </FormPanel>

          <FormPanel side="signUp" mode={mode} title={t('account.signUpTitle')}>
            {signUpWanted ? (
              <Suspense fallback={<LogoLoader label={t('common.loading')} />}>
                <SignUpForm onSuccess={goHome} />
              </Suspense>
            ) : null}
          </FormPanel>

          <div className={classes.overlayContainer}>
            <div className={classes.overlay}>
              <OverlayPanel side="signIn" mode={mode} onShow={show} />
              <OverlayPanel side="signUp" mode={mode} onShow={show} />
            </div>
          </div>

          <div className={classes.mobileSwitch}>
            <MobileSwitch mode={mode} onShow={show} />
          </div>
        </div>
      </main>
    </div>
  );
}

const panelClass = { signIn: classes.signIn, signUp: classes.signUp };
const titleId = { signIn: 'sign-in-title', signUp: 'sign-up-title' };

/** The sign-in or sign-up form's half of the card, out of reach while the other one shows. */
function FormPanel({
  side,
  mode,
  title,
  children,
}: {
  side: Mode;
  mode: Mode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section
      className={`${classes.panel} ${panelClass[side]}`}
      inert={mode !== side}
      aria-labelledby={titleId[side]}
    >
      <Stack gap="md">
        <Title order={1} size="h2" id={titleId[side]}>
          {title}
        </Title>
        {children}
      </Stack>
    </section>
  );
}

/** The overlay's invitation to show each form, and the button that shows it. */
const invitation = {
  signIn: {
    className: classes.overlayLeft,
    title: 'account.welcomeBack',
    text: 'account.welcomeBackText',
    action: 'account.signIn',
  },
  signUp: {
    className: classes.overlayRight,
    title: 'account.newHere',
    text: 'account.newHereText',
    action: 'account.createAccount',
  },
} as const;

/**
 * The overlay's invitation to show the form of `side`: the sign-in one over the left half while
 * the sign-up form shows, the sign-up one over the right half while the sign-in form shows.
 */
function OverlayPanel({
  side,
  mode,
  onShow,
}: {
  side: Mode;
  mode: Mode;
  onShow(side: Mode): void;
}) {
  const { t } = useTranslation();
  const { className, title, text, action } = invitation[side];
  return (
    <div className={`${classes.overlayPanel} ${className}`} inert={mode === side}>
      <Title order={2} size="h3">
        {t(title)}
      </Title>
      <Text>{t(text)}</Text>
      <Button variant="white" onClick={() => onShow(side)}>
        {t(action)}
      </Button>
    </div>
  );
}

/** On a phone, a link under the form shows the other one. */
function MobileSwitch({ mode, onShow }: { mode: Mode; onShow(side: Mode): void }) {
  const { t } = useTranslation();
  const other: Mode = mode === 'signIn' ? 'signUp' : 'signIn';
  return (
    <Text>
      {mode === 'signIn' ? t('account.newHere') : t('account.haveAccount')}{' '}
      <Anchor component="button" type="button" onClick={() => onShow(other)} fw={600}>
        {t(invitation[other].action)}
      </Anchor>
    </Text>
  );
}
