import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { LogoLoader } from '../../../components/logo.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { useEditableTour } from '../api/catalogue-api.ts';
import { ActiveSection, RelatedSection } from '../components/tour-editor/other-sections.tsx';
import { PoliciesSection } from '../components/tour-editor/policy-section.tsx';
import {
  HotelsSection,
  PricesSection,
  ServicesSection,
} from '../components/tour-editor/price-sections.tsx';
import { PurchaseItemsSection } from '../components/tour-editor/purchase-items-section.tsx';
import { RulesSection } from '../components/tour-editor/rules-section.tsx';
import { EditorProvider } from '../components/tour-editor/section.tsx';
import {
  InclusionsSection,
  ItinerarySection,
  NamesSection,
} from '../components/tour-editor/text-sections.tsx';
import { useAdminText } from '../i18n.ts';

/**
 * #/admin/tours/{code}: the catalogue editor of one tour (issue 14). Each section has its own
 * form and save, validated by the shared schemas; every save names the revision shown, and a
 * save refused because someone else saved first offers to reload. Agents read it without the
 * buttons. "Preview" opens the public booking page as a visitor sees it.
 */
export function TourEditorPage() {
  const { t } = useAdminText();
  const { code = '' } = useParams();
  const language = useLanguage();
  const user = useSessionUser();
  const tour = useEditableTour(code);
  // Bumped by "Reload": every section starts over from the tour read again.
  const [round, setRound] = useState(0);
  if (tour.error) return <LoadError error={tour.error} onRetry={() => void tour.refetch()} />;
  if (!tour.data) return <LogoLoader label={t('loading')} />;
  const data = tour.data;
  const canEdit = user?.role === 'admin';
  const reload = () => {
    void tour.refetch().then(() => setRound((value) => value + 1));
  };
  const name = language === 'en' ? data.nameEn : data.nameEs;
  return (
    <EditorProvider value={{ tour: data, canEdit, reload }}>
      <Anchor component={Link} to={paths.adminTours.href()} size="sm">
        ← {t('catalogue.title')}
      </Anchor>
      <PageTitle title={t('editor.title', { name })}>
        <Group gap="xs">
          {([0, 1] as const).map((lang) => (
            <Button
              key={lang}
              component="a"
              href={`#${paths.booking.href(data.code, lang)}`}
              target="_blank"
              rel="noopener"
              variant="light"
              rightSection={<IconExternalLink size={16} aria-hidden />}
            >
              {t(lang === 0 ? 'editor.previewEn' : 'editor.previewEs')}
            </Button>
          ))}
        </Group>
      </PageTitle>
      <Stack gap="lg" key={round}>
        <Card withBorder>
          <Stack gap="sm">
            <Text size="sm">
              {data.code} · {data.family} ·{' '}
              {t('catalogue.daysNights', {
                days: t('catalogue.days', { count: data.days }),
                nights: t('catalogue.nights', { count: data.nights }),
              })}
            </Text>
            <ActiveSection />
          </Stack>
        </Card>
        {!canEdit && (
          <Alert color="blue" variant="light">
            <Text size="sm" c="dark.7">
              {t('editor.readOnly')}
            </Text>
          </Alert>
        )}
        <NamesSection />
        <ItinerarySection />
        <InclusionsSection />
        <PricesSection />
        <RulesSection />
        <PoliciesSection />
        <PurchaseItemsSection />
        <HotelsSection />
        <ServicesSection />
        <RelatedSection />
      </Stack>
    </EditorProvider>
  );
}
