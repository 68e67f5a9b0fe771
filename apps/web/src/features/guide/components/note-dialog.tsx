import { TRAIL_NOTE_MAX } from '@cusco/shared';
import { Button, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A note on the trail (an incident), about a traveller or the whole departure. */
export function NoteDialog({
  about,
  onClose,
  onSave,
}: {
  /** The traveller's name, '' for the departure; null: closed. */
  about: string | null;
  onClose: () => void;
  onSave: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const close = () => {
    setText('');
    onClose();
  };
  return (
    <Modal
      opened={about !== null}
      onClose={close}
      title={about ? t('guide:noteAbout', { name: about }) : t('guide:noteDeparture')}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!text.trim()) return;
          onSave(text.trim());
          close();
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('guide:noteText')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={TRAIL_NOTE_MAX}
            autosize
            minRows={3}
            data-autofocus
          />
          <Button type="submit" disabled={!text.trim()}>
            {t('guide:saveNote')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
