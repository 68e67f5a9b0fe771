import type { CreditAnswer } from '@cusco/shared';
import { Card, Collapse, Group, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconWallet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useCredit } from '../api/get-credit.ts';

/**
 * The customer's credit with the agency (issue 27), above their reservations when there is some:
 * the balance, how to use it, and its movements behind a disclosure button. Nothing while it
 * loads, when it is zero, or when it cannot be read (the reservations matter more).
 */
export function CreditPanel() {
  const credit = useCredit();
  if (!credit.data || credit.data.balance <= 0) return null;
  return <CreditCard credit={credit.data} />;
}

function CreditCard({ credit }: { credit: CreditAnswer }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, { toggle }] = useDisclosure(false);
  return (
    <Card
      withBorder
      padding="md"
      mb="lg"
      component="section"
      aria-labelledby="credit-title"
      data-testid="credit-panel"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconWallet size={28} aria-hidden color="var(--mantine-color-andes-8)" />
        <div>
          <Title order={2} size="h4" id="credit-title">
            {t('credit.title', { amount: formatMoney(credit.balance, language) })}
          </Title>
          <Text size="sm" mt={4}>
            {t('credit.hint')}
          </Text>
        </div>
      </Group>
      {credit.movements.length > 0 && (
        <>
          <UnstyledButton
            onClick={toggle}
            aria-expanded={open}
            aria-controls="credit-movements"
            mt="sm"
            py={4}
            c="andes.8"
            fw={600}
          >
            <Group gap={4} wrap="nowrap" component="span">
              <span>{t('credit.movements')}</span>
              <IconChevronDown
                aria-hidden
                size={18}
                style={{
                  transform: open ? 'rotate(180deg)' : undefined,
                  transition: 'transform 150ms',
                }}
              />
            </Group>
          </UnstyledButton>
          <Collapse expanded={open} id="credit-movements" keepMountedMode="display-none">
            <Table mt="xs" verticalSpacing={6} aria-label={t('credit.movements')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('credit.date')}</Table.Th>
                  <Table.Th>{t('credit.movement')}</Table.Th>
                  <Table.Th ta="right">{t('credit.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {credit.movements.map((movement) => (
                  <Table.Tr key={`${movement.kind}-${movement.bookingCode}-${movement.at}`}>
                    <Table.Td>{formatDate(movement.at, language)}</Table.Td>
                    <Table.Td>
                      {t(`credit.${movement.kind}`, { code: movement.bookingCode })}
                    </Table.Td>
                    <Table.Td ta="right">
                      {formatMoney(
                        movement.kind === 'spent' ? -movement.amount : movement.amount,
                        language,
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Collapse>
        </>
      )}
    </Card>
  );
}
