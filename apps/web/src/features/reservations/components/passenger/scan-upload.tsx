import { documentMimeTypes, MAX_DOCUMENT_BYTES } from '@cusco/shared';
import { Button, Fieldset, FileInput, Image, Stack } from '@mantine/core';
import { IconFileUpload, IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../../lib/api-client.ts';
import { showErrorModal } from '../../../../lib/error-modal.tsx';
import { useErrorText } from '../../../../lib/forms.ts';

/** The passport scan chosen to upload, and why it cannot be (too large, not JPEG or PNG). */
export function useScanFile() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    if (!chosen) return setFileError(null);
    if (chosen.size > MAX_DOCUMENT_BYTES) return setFileError(t('msg:fileTooLarge'));
    if (!documentMimeTypes.some((type) => type === chosen.type)) {
      return setFileError(t('msg:fileType'));
    }
    setFileError(null);
  };
  return { file, fileError, chooseFile };
}

export type ScanFile = ReturnType<typeof useScanFile>;

/** The document section: the scan to upload, and the one stored, if any. */
export function ScanUpload({ scan, storedUrl }: { scan: ScanFile; storedUrl: string | null }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Fieldset legend={t('passenger.document')}>
      <Stack gap="xs">
        <FileInput
          label={t('passenger.document')}
          description={t('passenger.documentHint')}
          accept={documentMimeTypes.join(',')}
          clearable
          clearButtonProps={{ 'aria-label': t('common.clear') }}
          leftSection={<IconFileUpload size={18} aria-hidden />}
          placeholder={t('passenger.choose')}
          value={scan.file}
          onChange={scan.chooseFile}
          error={scan.fileError ? errorText(scan.fileError) : undefined}
        />
        {storedUrl && <DocumentLink url={storedUrl} />}
      </Stack>
    </Fieldset>
  );
}

/** Shows the stored scan in place: it is fetched with the session's token, never exposed publicly. */
function DocumentLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );
  const show = async () => {
    setLoading(true);
    try {
      setObjectUrl(URL.createObjectURL(await download(url)));
    } catch (error) {
      showErrorModal(error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        leftSection={<IconPhoto size={18} aria-hidden />}
        onClick={show}
        loading={loading}
        disabled={objectUrl !== null}
        w="fit-content"
      >
        {t('passenger.viewDocument')}
      </Button>
      {objectUrl && (
        <Image src={objectUrl} alt={t('passenger.currentDocument')} radius="sm" maw={360} />
      )}
    </Stack>
  );
}
