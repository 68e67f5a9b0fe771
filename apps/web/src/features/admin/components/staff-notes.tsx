import { STAFF_NOTE_MAX_LENGTH, staffNoteRequest } from '@cusco/shared';
import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useId } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { schemaResolver, useInputProps } from '../../../lib/forms.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { type NoteSubject, useAddStaffNote, useStaffNotes } from '../api/staff-notes-api.ts';
import { useAdminText } from '../i18n.ts';
import { ErrorAlert } from './error-alert.tsx';

/** "15 Mar 2027, 14:05" in the agency's time. */
function noteMoment(iso: string, language: string) {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-PE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'America/Lima',
  }).format(new Date(iso));
}

/**
 * Notes only staff see (issue 28), on a booking or a request: the list, the newest first, and a
 * field to add one. `heading` is the level of the section's title (2 on a page, 3 in a dialog).
 */
export function StaffNotes({ subject, heading = 2 }: { subject: NoteSubject; heading?: 2 | 3 }) {
  const { t } = useAdminText();
  const language = useLanguage();
  const titleId = useId();
  const notes = useStaffNotes(subject);
  const add = useAddStaffNote(subject);
  const form = useForm({
    mode: 'controlled',
    initialValues: { text: '' },
    validate: schemaResolver(staffNoteRequest),
  });
  const inputProps = useInputProps(form);
  const submit = form.onSubmit((values) => add.mutate(values, { onSuccess: () => form.reset() }));
  return (
    <section aria-labelledby={titleId} data-testid="staff-notes">
      <Group gap={6} mb={4}>
        <IconLock size={18} aria-hidden />
        <Title order={heading} size="h4" id={titleId}>
          {t('ops.notes.title')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ops.notes.help')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Textarea
            label={t('ops.notes.new')}
            autosize
            minRows={2}
            maxLength={STAFF_NOTE_MAX_LENGTH}
            {...inputProps('text')}
          />
          <ErrorAlert error={add.error} />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={add.isPending}>
              {t('ops.notes.add')}
            </Button>
          </Group>
        </Stack>
      </form>
      {notes.error && <LoadError error={notes.error} onRetry={() => void notes.refetch()} />}
      {notes.isPending && !notes.error && <Text size="sm">{t('loading')}</Text>}
      {notes.data && notes.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('ops.notes.empty')}
        </Text>
      )}
      {notes.data && notes.data.length > 0 && (
        <Stack gap="xs" mt="xs" component="ul" style={{ listStyle: 'none', padding: 0 }}>
          {notes.data.map((note) => (
            <Card key={note.id} withBorder padding="sm" component="li" bg="yellow.0">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {note.text}
              </Text>
              <Text size="xs" c="dark.5" mt={4}>
                {t('ops.notes.by', {
                  name: note.author,
                  when: noteMoment(note.createdAt, language),
                })}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </section>
  );
}
