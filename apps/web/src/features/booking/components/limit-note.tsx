import { Group, Text } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LimitMessage, LimitPlace } from '../model/draft.ts';

/**
 * The limits' messages of the booking page: `problem` is a limit the draft breaks (Reserve
 * does not go on until it is fixed), `notice` says why a number just typed was lowered.
 * `announce` changes when Reserve was refused, so the message is announced again.
 */
export interface LimitNotes {
  problem: LimitMessage | null;
  notice: LimitMessage | null;
  announce: number;
}

export type LimitNoteAt = { text: string; error: boolean; announce: number } | null;

/** The message to show by one input, if any: a broken limit first, then a lowered number. */
export function useLimitNoteAt(notes: LimitNotes) {
  const { t } = useTranslation();
  return (place: LimitPlace): LimitNoteAt => {
    const note = notes.problem?.place === place ? notes.problem : notes.notice;
    if (note?.place !== place) return null;
    return {
      text: t(`msg:${note.message}`, note.params),
      error: note === notes.problem,
      announce: notes.announce,
    };
  };
}

/** A limit's message by its input, announced as it appears. */
export function LimitNote({ note, id }: { note: LimitNoteAt; id: string }) {
  if (!note) return null;
  const Icon = note.error ? IconAlertCircle : IconInfoCircle;
  return (
    <Group
      key={note.announce}
      id={id}
      gap={6}
      wrap="nowrap"
      align="flex-start"
      mt="xs"
      role="alert"
      c={note.error ? 'var(--mantine-color-error)' : 'terracotta.8'}
    >
      <Icon size={18} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
      <Text size="sm" fw={600} c="inherit">
        {note.text}
      </Text>
    </Group>
  );
}
