import { type AdminTourEditor, CATALOGUE_LIMITS, nameIn, tourRelatedRequest } from '@cusco/shared';
import { Alert, Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import * as z from 'zod/mini';
import { FormModal } from '../../../../components/form-modal.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useSaveTourSection } from '../../api/catalogue-api.ts';
import { useAdminText } from '../../i18n.ts';
import { ErrorAlert } from '../error-alert.tsx';
import { ToneBadge } from '../status-badge.tsx';
import { EditorSection, useEditor, useSectionForm } from './section.tsx';

/** The tours offered beside this one on its booking page, in order. */
export function RelatedSection() {
  const { t } = useAdminText();
  const { tour } = useEditor();
  const section = useSectionForm<{ related: string[] }>({
    section: 'related',
    schema: z.omit(tourRelatedRequest, { revision: true }),
    from: (next: AdminTourEditor) => ({ related: [...next.related] }),
  });
  const { field } = section;
  const data = tour.choices.tours.map((other) => ({
    value: other.code,
    label: `${other.code} · ${other.name}${other.active ? '' : ` (${t('catalogue.notOffered')})`}`,
  }));
  return (
    <EditorSection id="related" description={t('editor.related.help')} section={section}>
      <MultiSelect
        label={t('editor.related.tours')}
        data={data}
        searchable
        maxValues={CATALOGUE_LIMITS.related}
        {...field('related')}
      />
    </EditorSection>
  );
}

/**
 * Whether the tour is offered. Taking it out of the catalogue is confirmed first: visitors no
 * longer find or book it; its bookings keep working. Offering it again needs no confirmation.
 */
export function ActiveSection() {
  const { t } = useAdminText();
  const { tour, canEdit, reload } = useEditor();
  const language = useLanguage();
  const save = useSaveTourSection(tour.code);
  const [confirming, setConfirming] = useState(false);
  const setActive = (active: boolean) =>
    save.mutate(
      { section: 'active', body: { active } },
      {
        onSuccess: () => {
          setConfirming(false);
          notifications.show({
            color: 'teal',
            message: t(active ? 'editor.active.offeredAgain' : 'editor.active.withdrawn'),
          });
        },
      },
    );
  return (
    <section id="active" aria-labelledby="active-title">
      <Stack gap="xs">
        <Group gap="sm">
          <Text id="active-title" fw={700}>
            {t('editor.active.title')}
          </Text>
          <ToneBadge color={tour.active ? 'teal' : 'gray'}>
            {t(tour.active ? 'catalogue.offered' : 'catalogue.notOffered')}
          </ToneBadge>
        </Group>
        <Text size="sm">{t(tour.active ? 'editor.active.helpOn' : 'editor.active.helpOff')}</Text>
        {save.error && !confirming && (
          <Alert color="red" role="alert">
            <Text size="sm">{errorMessage(save.error)}</Text>
            <Button mt="xs" variant="light" color="red" onClick={reload}>
              {t('editor.reload')}
            </Button>
          </Alert>
        )}
        {canEdit && (
          <Group>
            {tour.active ? (
              <Button
                color="red.9"
                variant="outline"
                onClick={() => {
                  save.reset();
                  setConfirming(true);
                }}
              >
                {t('editor.active.withdraw')}
              </Button>
            ) : (
              <Button loading={save.isPending} onClick={() => setActive(true)}>
                {t('editor.active.offer')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <WithdrawModal
        opened={confirming}
        name={nameIn(tour, language)}
        save={save}
        onClose={() => setConfirming(false)}
        onConfirm={() => setActive(false)}
      />
    </section>
  );
}

/** The confirmation before the tour is taken out of the catalogue, with what went wrong. */
function WithdrawModal({
  opened,
  name,
  save,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  name: string;
  save: { error: Error | null; isPending: boolean };
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useAdminText();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('editor.active.confirmTitle')}
      closeLabel={t('cancel')}
    >
      <Stack>
        <Text>{t('editor.active.confirm', { name })}</Text>
        <ErrorAlert error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('cancel')}
          </Button>
          <Button color="red.9" loading={save.isPending} onClick={onConfirm}>
            {t('editor.active.confirmButton')}
          </Button>
        </Group>
      </Stack>
    </FormModal>
  );
}
