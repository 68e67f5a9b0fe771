import { todayInLima } from '@cusco/shared';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadReceiptsExport } from '../../api/receipts-api.ts';
import { useAdminText } from '../../i18n.ts';
import { ErrorAlert } from '../error-alert.tsx';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The accountant's export: a month's sales register as CSV (this month by default). */
export function ExportPanel() {
  const { t } = useAdminText();
  const [month, setMonth] = useState(() => todayInLima().slice(0, 7));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const valid = MONTH.test(month);
  const get = () => {
    if (!valid) return;
    setBusy(true);
    setError(null);
    downloadReceiptsExport(month)
      .catch(setError)
      .finally(() => setBusy(false));
  };
  return (
    <section aria-labelledby="receipts-export">
      <Text fw={700} id="receipts-export" size="sm">
        {t('receipts.exportTitle')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap" mt={4}>
        <TextInput
          type="month"
          label={t('receipts.month')}
          placeholder="YYYY-MM"
          value={month}
          onChange={(event) => setMonth(event.currentTarget.value)}
          error={month && !valid ? t('receipts.monthInvalid') : undefined}
          w={{ base: '100%', sm: 190 }}
        />
        <Button
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          onClick={get}
          loading={busy}
          disabled={!valid}
        >
          {t('receipts.exportCsv')}
        </Button>
      </Group>
      <ErrorAlert error={error} mt="xs" />
    </section>
  );
}
