import { documentChangeMimeTypes, MAX_DOCUMENT_CHANGE_BYTES } from '@cusco/shared';
import { FileInput, Image, Loader, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fitImage } from '../../../../lib/images.ts';

const accepted = (file: File) => documentChangeMimeTypes.some((type) => type === file.type);

/**
 * One scan of a document change (JPEG, PNG or PDF, at most 1 MB): a photo over the limit, or in
 * another format the browser reads, is made smaller and sent as JPEG, as the passport upload
 * does; a PDF over the limit is refused here. `error` is a message key or text.
 */
export function useScan() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const last = useRef<File | null>(null);
  const choose = async (chosen: File | null) => {
    last.current = chosen;
    setFile(chosen);
    setError(null);
    if (!chosen || (chosen.size <= MAX_DOCUMENT_CHANGE_BYTES && accepted(chosen))) return;
    if (chosen.type === 'application/pdf') {
      setError('fileTooLarge');
      return;
    }
    setPreparing(true);
    const fitted = await fitImage(chosen, MAX_DOCUMENT_CHANGE_BYTES);
    if (last.current !== chosen) return;
    setPreparing(false);
    if (fitted) return setFile(fitted);
    setError(chosen.size > MAX_DOCUMENT_CHANGE_BYTES ? 'fileTooLarge' : 'docChangeFileType');
  };
  return { file, error, setError, preparing, choose };
}

export type Scan = ReturnType<typeof useScan>;

/** The file input of a scan, with the chosen file's name and, for an image, its preview. */
export function ScanField({
  scan,
  label,
  name,
  errorText,
}: {
  scan: Scan;
  label: string;
  /** The field's name (the API's part name), for the tests and the error's place. */
  name: string;
  errorText?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <FileInput
        label={label}
        name={name}
        description={t('docChange.scanHint')}
        accept={documentChangeMimeTypes.join(',')}
        clearable
        clearButtonProps={{ 'aria-label': t('common.clear') }}
        leftSection={<IconFileUpload size={18} aria-hidden />}
        placeholder={t('passenger.choose')}
        value={scan.file}
        onChange={(chosen) => void scan.choose(chosen)}
        error={errorText}
        withAsterisk
        rightSection={scan.preparing ? <Loader size="xs" aria-hidden /> : undefined}
      />
      {scan.preparing && (
        <Text size="sm" role="status">
          {t('passenger.preparingScan')}
        </Text>
      )}
      {scan.file && !scan.preparing && !scan.error && <Preview file={scan.file} label={label} />}
    </Stack>
  );
}

/** An image as it will be sent; a PDF by its name and size. */
function Preview({ file, label }: { file: File; label: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const image = file.type.startsWith('image/');
  useEffect(() => {
    if (!image) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file, image]);
  if (!image) {
    return (
      <Text size="sm" c="dimmed">
        {t('docChange.fileChosen', { name: file.name, size: Math.ceil(file.size / 1024) })}
      </Text>
    );
  }
  if (!url) return null;
  return <Image src={url} alt={label} radius="sm" maw={200} data-testid="doc-change-preview" />;
}
