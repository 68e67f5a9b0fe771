import { Container, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';

/** Spec §2 paymentconfirm: a placeholder page showing only a stub text. */
export function PaymentConfirmPage() {
  const { t } = useTranslation();
  return (
    <Container py="lg">
      <PageTitle title={t('paymentConfirm.title')} />
      <Text>{t('paymentConfirm.text')}</Text>
    </Container>
  );
}
