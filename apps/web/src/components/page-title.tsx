import { Group, Title } from '@mantine/core';
import { useEffect } from 'react';

/** The screen's heading; it also names the browser tab. */
export function PageTitle({ title, children }: { title: string; children?: React.ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Cusco Treks`;
  }, [title]);
  return (
    <Group justify="space-between" align="center" mb="lg" wrap="wrap" gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Group>
  );
}
