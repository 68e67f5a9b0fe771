import { Box, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The voucher's QR code (issue 32): the signed text a guide's phone checks with no network,
 * drawn in the browser (uqr, loaded only for a booking that has one), so it shows offline too.
 */
export function VoucherQr({ text }: { text: string }) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ renderSVG }) => {
      if (live) setSvg(renderSVG(text, { border: 2, ecc: 'M' }));
    });
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <Stack gap={4} align="flex-start" mb="sm">
      <Box
        role="img"
        aria-label={t('offline.voucherQr')}
        data-testid="voucher-qr"
        data-code={text}
        w={200}
        h={200}
        bg="white"
        // uqr's own SVG markup, from the booking's code alone.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG uqr drew, no user markup
        dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
        style={{ lineHeight: 0 }}
      />
      <Text size="sm" c="dimmed">
        {t('offline.voucherQrHint')}
      </Text>
    </Stack>
  );
}
