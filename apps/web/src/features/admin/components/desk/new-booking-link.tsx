import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { useAdminText } from '../../i18n.ts';

/** "New booking": the desk's screen, beside the bookings' and the dashboard's headings. */
export function NewBookingLink() {
  const { t } = useAdminText();
  return (
    <Button
      component={Link}
      to={paths.adminNewBooking.href()}
      leftSection={<IconPlus size={18} aria-hidden />}
    >
      {t('desk.open')}
    </Button>
  );
}
