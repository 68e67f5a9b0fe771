import type { Tour } from '@cusco/shared';
import { Anchor, Button, Container, Group, Loader, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../../components/logo.tsx';
import { paths } from '../../../config/paths.ts';
import { loadSoon } from '../../../lib/on-demand.ts';
import { useTourList } from '../../../lib/queries/tour-list.ts';
import { useSessionUser } from '../../../lib/session.ts';
import type { RelatedToursProps } from './related-tours-menu.tsx';

/**
 * The booking page's header: logo, related tours, page language, the signed-in user. While the
 * tour loads, it already takes the room it will take (a disabled related-tours button, the
 * language links from the address): the page below does not move when the tour arrives.
 */
export const BookingHeader = memo(function BookingHeader({
  code,
  tour,
  language,
  variant,
}: {
  /** The tour's code, from the address ('' when it is not one). */
  code: string;
  tour: Tour | undefined;
  language: 'en' | 'es';
  variant: 'public' | 'corporate';
}) {
  const { t } = useTranslation();
  const user = useSessionUser();
  // The corporate header lists every tour (spec §2 "tour-list dropdown"); the public one, the related tours.
  const tours = useTourList({ enabled: variant === 'corporate' });
  const related =
    variant === 'corporate'
      ? (tours.data ?? [])
          .filter((item) => item.code !== tour?.code)
          .map((item) => ({ value: item.code, label: item.name }))
      : (tour?.relatedTours ?? []);
  const bookingHref = (code: string) =>
    variant === 'corporate' ? paths.corporative.href(code) : paths.booking.href(code);

  return (
    <header style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'white' }}>
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Anchor
            component={Link}
            to={user ? paths.reservations.href() : paths.login.href()}
            underline="never"
          >
            <Logo />
          </Anchor>
          <Group gap="sm" wrap="wrap">
            {variant === 'corporate' && user?.corporateClientName && (
              <Text fw={600} data-testid="company-name">
                {user.corporateClientName}
              </Text>
            )}
            {(related.length > 0 || !tour) && (
              <RelatedTours
                items={related}
                label={variant === 'corporate' ? t('booking.allTours') : t('booking.relatedTours')}
                href={bookingHref}
              />
            )}
            {variant === 'corporate' && (
              <Button component={Link} to={paths.tours.href()} variant="light">
                {t('nav.corporateBooking')}
              </Button>
            )}
            {variant === 'public' && (
              <Anchor component={Link} to={paths.catalogue.href()} fw={600} size="sm">
                {t('booking.browseTours')}
              </Anchor>
            )}
            {variant === 'public' && code && <PageLanguage code={code} language={language} />}
            {user && (
              <Text fw={600} data-testid="header-user">
                {user.name} {user.lastName}
              </Text>
            )}
          </Group>
        </Group>
      </Container>
    </header>
  );
});

const loadRelatedTours = () => import('./related-tours-menu.tsx');
const RelatedToursMenu = lazy(() =>
  loadRelatedTours().then((module) => ({ default: module.RelatedToursMenu })),
);

/**
 * The related tours (or, for a corporate user, every tour), each opening in a new tab. The menu's
 * code (Menu, Popover, Floating UI) loads at the visitor's first touch or key (ADR 0053); its
 * button is drawn meanwhile, and the menu takes its place only once the button has been pressed
 * (opened), never under a finger. Pressed before the code is there, the button shows a loader.
 */
function RelatedTours(props: Omit<RelatedToursProps, 'opened'>) {
  const [pressed, setPressed] = useState(false);
  useEffect(() => loadSoon(loadRelatedTours), []);
  const button = (
    <Button
      variant="subtle"
      rightSection={
        pressed ? <Loader size="xs" aria-hidden /> : <IconChevronDown size={16} aria-hidden />
      }
      aria-busy={pressed || undefined}
      disabled={props.items.length === 0}
      onClick={() => setPressed(true)}
    >
      {props.label}
    </Button>
  );
  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <RelatedToursMenu {...props} opened />
    </Suspense>
  );
}

/** The public booking page's language: the same tour's page in English or in Spanish. */
function PageLanguage({ code, language }: { code: string; language: 'en' | 'es' }) {
  const { t } = useTranslation();
  // The step goes along (the draft is kept in the tab): the other language, same place.
  const { search } = useLocation();
  const link = (target: 'en' | 'es', name: string) => (
    <Anchor
      component={Link}
      to={{ pathname: paths.booking.href(code, target === 'en' ? 0 : 1), search }}
      fw={language === target ? 700 : 400}
      aria-current={language === target ? 'page' : undefined}
      lang={target}
    >
      {name}
    </Anchor>
  );
  return (
    <Group gap={4} role="group" aria-label={t('booking.pageLanguage')}>
      {link('en', 'English')}
      <Text span aria-hidden>
        ·
      </Text>
      {link('es', 'Español')}
    </Group>
  );
}
