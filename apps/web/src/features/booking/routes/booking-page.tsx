import { cleanTourCode } from '@cusco/shared';
import { Alert, Anchor, Box, Container, Text } from '@mantine/core';
import { useDeferredValue, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LogoLoader } from '../../../components/logo.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { showAlert, showErrorModal } from '../../../lib/error-modal.tsx';
import { useFixedLanguage } from '../../../lib/fixed-language.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { bookingPageLanguage } from '../../../lib/page-language.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { type BookingVariant, useTour } from '../api/get-tour.ts';
import { BookingFlow } from '../components/booking-flow.tsx';
import { BookingHeader } from '../components/booking-header.tsx';
import { useStartingDays } from '../hooks/use-booking-draft.ts';

/** Spec §2 public booking page (booking/{tour}/{lang}). */
export function BookingPage() {
  return <BookingScreen key={useVisitKey()} variant="public" />;
}

/** Spec §2 corporate booking page (corporative/{tour}), in the app's language. */
export function CorporateBookingPage() {
  return <BookingScreen key={useVisitKey()} variant="corporate" />;
}

/**
 * Each address is a visit of its own: what the screen reported (a bad code or language, a tour
 * that failed to load) is about the address it was given. Without it, an address followed while
 * the router still waits for the login screen the last report sent it to would find the same
 * screen, which had already reported, and say nothing.
 */
function useVisitKey(): string {
  const { tour, lang } = useParams();
  return `${tour ?? ''}/${lang ?? ''}`;
}

function BookingScreen({ variant }: { variant: BookingVariant }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const appLanguage = useLanguage();
  const code = cleanTourCode(params.tour ?? '');
  const requested = variant === 'public' ? bookingPageLanguage(params.lang) : appLanguage;
  const language = requested === 'invalid' ? null : requested;
  const ready = useFixedLanguage(code ? language : null);
  const tour = useTour(code && ready ? code : null, language ?? 'en', variant);
  // The whole flow renders in the background once the tour arrives: React yields to the browser
  // between its pieces, so a phone stays responsive while the page builds (the loader stays
  // meanwhile, in the same place). The header takes the tour with it: the answer's arrival is a
  // synchronous render (TanStack Query's store), which then only draws this screen again, its
  // header being memoized on unchanged props.
  const shown = useDeferredValue(tour.data);
  // Step 1 is drawn with its first departure's days, which were asked for with the tour; in the
  // background too when they arrive after it (their arrival, like the tour's, is a synchronous
  // render).
  const daysAtHand = useDeferredValue(useStartingDays(shown, variant, language ?? 'en'));

  // Spec §2/§8: a bad tour code or language is reported (once, however often the effect runs)
  // and the visitor goes to login.
  const reported = useRef(false);
  useEffect(() => {
    const problem = !code ? 'invalidTourCode' : requested === 'invalid' ? 'invalidLanguage' : null;
    if (!problem) return;
    if (!reported.current) showAlert(t('common.error'), t(`msg:${problem}`));
    reported.current = true;
    navigate(paths.login.href(), { replace: true });
  }, [code, requested, navigate, t]);

  // A corporate client's user books on credit: the public page sends them to the corporate one.
  const user = useSessionUser();
  useEffect(() => {
    if (variant === 'public' && code && user?.corporateClientId) {
      navigate(paths.corporative.href(code), { replace: true });
    }
  }, [variant, code, user?.corporateClientId, navigate]);

  // A tour the agency no longer offers (issue 14): the page says so, in place.
  const notOffered = isNotOffered(tour.error);

  // A tour that cannot be loaded: the public page goes to login, the corporate one to the tours.
  const failureShown = useRef(false);
  useEffect(() => {
    if (!tour.isError || isNotOffered(tour.error)) return;
    const expired = tour.error instanceof ApiError && tour.error.status === 401;
    if (!expired && !failureShown.current) showErrorModal(tour.error);
    failureShown.current = true;
    navigate(variant === 'corporate' ? paths.tours.href() : paths.login.href(), { replace: true });
  }, [tour.isError, tour.error, navigate, variant]);

  useEffect(() => {
    if (tour.data) document.title = `${tour.data.name} · Cusco Treks`;
  }, [tour.data]);

  return (
    <Box mih="100vh" bg="gray.0">
      <BookingHeader code={code ?? ''} tour={shown} language={language ?? 'en'} variant={variant} />
      <Container size="lg" pt="lg" pb={{ base: 96, md: 'lg' }} component="main">
        {notOffered ? (
          <NotOffered message={tour.error instanceof Error ? tour.error.message : ''} />
        ) : shown && ready && daysAtHand ? (
          <BookingFlow key={`${shown.code}:${language}`} tour={shown} variant={variant} />
        ) : (
          <LogoLoader label={t('booking.loadingTour')} />
        )}
      </Container>
    </Box>
  );
}

/** The answer for a tour the agency took out of its catalogue (404 with `details.inactive`). */
function isNotOffered(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 404 && error.body?.details?.inactive === true
  );
}

/** What the page shows instead of the booking flow when the tour is not offered. */
function NotOffered({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" role="status">
      <Text fw={700} c="dark.7" mb="xs">
        {message}
      </Text>
      <Anchor component={Link} to={paths.catalogue.href()}>
        {t('booking.seeCatalogue')}
      </Anchor>
    </Alert>
  );
}
