import { documentMimeTypes, MAX_DOCUMENT_BYTES } from '@cusco/shared';
import { Button, Fieldset, FileInput, Image, Loader, Stack, Text } from '@mantine/core';
import { IconFileUpload, IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../../lib/api-client.ts';
import { showErrorModal } from '../../../../lib/error-modal.tsx';
import { useErrorText } from '../../../../lib/forms.ts';
import { fitImage } from '../../../../lib/images.ts';

const acceptedType = (file: File) => documentMimeTypes.some((type) => type === file.type);

/**
 * The passport scan chosen to upload, and why it cannot be (too large, not JPEG or PNG). A photo
 * over the limit, or in another image format the browser reads, is resized and re-encoded as
 * JPEG here to fit (issue 12); `preparing` while that runs.
 */
export function useScanFile() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const chosenLast = useRef<File | null>(null);
  const chooseFile = async (chosen: File | null) => {
    chosenLast.current = chosen;
    setFile(chosen);
    setFileError(null);
    if (!chosen || (chosen.size <= MAX_DOCUMENT_BYTES && acceptedType(chosen))) return;
    setPreparing(true);
    const fitted = await fitImage(chosen, MAX_DOCUMENT_BYTES);
    // Another file chosen meanwhile: this one's result is not wanted.
    if (chosenLast.current !== chosen) return;
    setPreparing(false);
    if (fitted) return setFile(fitted);
    setFileError(t(chosen.size > MAX_DOCUMENT_BYTES ? 'msg:fileTooLarge' : 'msg:fileType'));
  };
  return { file, fileError, preparing, chooseFile };
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
          description={t('passenger.documentHint', { size: MAX_DOCUMENT_BYTES / 1024 / 1024 })}
          accept={documentMimeTypes.join(',')}
          clearable
          clearButtonProps={{ 'aria-label': t('common.clear') }}
          leftSection={<IconFileUpload size={18} aria-hidden />}
          placeholder={t('passenger.choose')}
          value={scan.file}
          onChange={(chosen) => void scan.chooseFile(chosen)}
          error={scan.fileError ? errorText(scan.fileError) : undefined}
          rightSection={scan.preparing ? <Loader size="xs" aria-hidden /> : undefined}
        />
        {scan.preparing && (
          <Text size="sm" role="status">
            {t('passenger.preparingScan')}
          </Text>
        )}
        {scan.file && !scan.preparing && !scan.fileError && <ScanPreview file={scan.file} />}
        {storedUrl && <DocumentLink url={storedUrl} />}
      </Stack>
    </Fieldset>
  );
}

/** The scan about to be uploaded, as it will be sent (after any resizing). */
function ScanPreview({ file }: { file: File }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  if (!url) return null;
  return (
    <Image
      src={url}
      alt={t('passenger.newScan')}
      radius="sm"
      maw={240}
      data-size={file.size}
      data-testid="scan-preview"
    />
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
