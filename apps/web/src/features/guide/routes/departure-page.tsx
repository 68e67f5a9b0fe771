import '../i18n.ts';
import type { GuideManifest } from '@cusco/shared';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconNote, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useOnline } from '../../../lib/online.ts';
import { useDownloadManifest, useManifest } from '../api/manifest.ts';
import { NoteDialog } from '../components/note-dialog.tsx';
import { QueueBar } from '../components/queue-bar.tsx';
import { ScanDialog } from '../components/scan-dialog.tsx';
import { TravellerCard } from '../components/traveller-card.tsx';
import { departureNotes, travellerName, travellerStatus } from '../lib/attendance.ts';
import { recordAction } from '../lib/record.ts';
import { useQueueEntries } from '../lib/trail-queue.ts';

/** `#/guide/:tourCode/:date`: one departure on the trail, read from the phone. */
export function GuideDeparturePage() {
  const { tourCode = '', date = '' } = useParams();
  const { t } = useTranslation();
  const manifest = useManifest(tourCode, date);
  const online = useOnline();
  const back = (
    <Anchor component={Link} to={paths.guide.href()} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('guide:backToDepartures')}
      </Group>
    </Anchor>
  );
  if (manifest.data) {
    return (
      <Stack gap="md">
        {back}
        <Departure manifest={manifest.data} updatedAt={manifest.dataUpdatedAt} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {back}
      {manifest.isError ? (
        <Alert color="red">{manifest.error.message}</Alert>
      ) : !online ? (
        <Alert color="yellow">{t('guide:notDownloadedOffline')}</Alert>
      ) : (
        <Loader aria-label={t('common.loading')} />
      )}
    </Stack>
  );
}

function Departure({ manifest, updatedAt }: { manifest: GuideManifest; updatedAt: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const online = useOnline();
  const entries = useQueueEntries();
  const download = useDownloadManifest();
  const [scanning, setScanning] = useState(false);
  const [noteFor, setNoteFor] = useState<{ slotId?: string; name: string } | null>(null);
  const ofDeparture = entries.filter(
    (entry) => entry.action.tourCode === manifest.tourCode && entry.action.date === manifest.date,
  );
  const statuses = new Map(
    manifest.travellers.map((traveller) => [
      traveller.slotId,
      travellerStatus(traveller, ofDeparture),
    ]),
  );
  const isDone = (slotId: string) => (statuses.get(slotId)?.state ?? null) !== null;
  const record = (fields: Omit<Parameters<typeof recordAction>[0], 'tourCode' | 'date'>) =>
    void recordAction({ ...fields, tourCode: manifest.tourCode, date: manifest.date });
  const notes = departureNotes(manifest, ofDeparture);
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h3">
          {manifest.tour}
        </Title>
        <Text size="sm">
          {formatDate(manifest.date, language)}
          {manifest.endDate !== manifest.date && ` – ${formatDate(manifest.endDate, language)}`}
        </Text>
        {manifest.meeting && (
          <Text size="sm">
            {t('guide:meeting')}: {manifest.meeting}
          </Text>
        )}
        <Text size="sm" c="dimmed" data-testid="as-of">
          {t('guide:asOf', { time: formatDateTime(updatedAt, language) })}
        </Text>
      </Stack>
      <QueueBar />
      <Group gap="xs">
        <Button
          leftSection={<IconQrcode size={18} aria-hidden />}
          onClick={() => setScanning(true)}
        >
          {t('guide:scanVoucher')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconNote size={18} aria-hidden />}
          onClick={() => setNoteFor({ name: '' })}
        >
          {t('guide:noteDeparture')}
        </Button>
        {online ? (
          <Button
            variant="subtle"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => download.mutate({ tourCode: manifest.tourCode, date: manifest.date })}
            loading={download.isPending}
          >
            {t('guide:downloadAgain')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t('guide:downloadNeedsNetwork')}
          </Text>
        )}
      </Group>

      <section aria-labelledby="travellers-title">
        <Title order={2} size="h4" id="travellers-title" mb="xs">
          {t('guide:travellers', { count: manifest.travellers.length })}
        </Title>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {manifest.travellers.map((traveller) => {
            const status = statuses.get(traveller.slotId);
            if (!status) return null;
            return (
              <TravellerCard
                key={traveller.slotId}
                traveller={traveller}
                status={status}
                onCheckIn={() =>
                  record({ kind: 'check_in', slotId: traveller.slotId, method: 'name' })
                }
                onNoShow={() => record({ kind: 'no_show', slotId: traveller.slotId })}
                onNote={() =>
                  setNoteFor({ slotId: traveller.slotId, name: travellerName(traveller) })
                }
              />
            );
          })}
        </Stack>
      </section>

      {notes.length > 0 && (
        <section aria-labelledby="notes-title">
          <Title order={2} size="h4" id="notes-title" mb="xs">
            {t('guide:notes')}
          </Title>
          <Stack gap="xs">
            {notes.map((note) => (
              <Card key={note.id} withBorder padding="xs">
                <Text size="sm" fw={600}>
                  {note.traveller || t('guide:aboutDeparture')} ·{' '}
                  {formatDateTime(note.at, language)}
                  {note.by ? ` · ${note.by}` : ''}
                  {note.pending ? ` · ${t('guide:pendingShort')}` : ''}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {note.text}
                </Text>
              </Card>
            ))}
          </Stack>
        </section>
      )}

      <section aria-labelledby="crew-title">
        <Title order={2} size="h4" id="crew-title" mb="xs">
          {t('guide:crew')}
        </Title>
        <List spacing={4} size="sm">
          {manifest.crew.map((member) => (
            <List.Item key={member.id}>
              {member.firstName} {member.lastName} · {member.roleName}
              {member.phone && (
                <>
                  {' · '}
                  <Anchor size="sm" underline="always" href={`tel:${member.phone}`}>
                    {member.phone}
                  </Anchor>
                </>
              )}
            </List.Item>
          ))}
        </List>
      </section>

      <section aria-labelledby="itinerary-title">
        <Title order={2} size="h4" id="itinerary-title" mb="xs">
          {t('guide:itinerary')}
        </Title>
        <Stack gap="xs">
          {manifest.itinerary.map((day) => (
            <div key={day.day}>
              <Text size="sm" fw={600}>
                {t('guide:day', { day: day.day })} · {day.title}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {day.description}
              </Text>
            </div>
          ))}
        </Stack>
      </section>

      <section aria-labelledby="emergency-title">
        <Title order={2} size="h4" id="emergency-title" mb="xs">
          {t('guide:emergency')}
        </Title>
        <List spacing={4} size="sm">
          {manifest.emergency.map((entry) => (
            <List.Item key={`${entry.name}-${entry.phone}`}>
              {entry.name}:{' '}
              <Anchor size="sm" underline="always" href={`tel:${entry.phone}`}>
                {entry.phone}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </section>

      <ScanDialog
        manifest={manifest}
        opened={scanning}
        onClose={() => setScanning(false)}
        isCheckedIn={isDone}
        onCheckIn={(slotIds) => {
          for (const slotId of slotIds) record({ kind: 'check_in', slotId, method: 'qr' });
        }}
      />
      <NoteDialog
        about={noteFor?.name ?? null}
        onClose={() => setNoteFor(null)}
        onSave={(text) =>
          record({
            kind: 'note',
            note: text,
            ...(noteFor?.slotId ? { slotId: noteFor.slotId } : {}),
          })
        }
      />
    </Stack>
  );
}
