import { Button, Group, Title } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';

/** The screen's heading; it also names the browser tab. */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
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

/** The screen's main action, beside its heading: a button with its icon. */
export function PageAction({
  icon: Icon,
  onClick,
  children,
}: {
  icon: TablerIcon;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <Button leftSection={<Icon size={18} aria-hidden />} onClick={onClick}>
      {children}
    </Button>
  );
}
