import { Card, Collapse, Group, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { usePhone } from '../../../../lib/media.ts';

interface SectionProps {
  id: string;
  title: string;
  /** On a phone, a long table: shown by its heading's button, closed at first (issue 12). */
  collapsible?: boolean;
  children: React.ReactNode;
}

/** A titled card section of the booking detail, labelled by its heading. */
export function Section({ id, title, collapsible = false, children }: SectionProps) {
  const phone = usePhone();
  if (collapsible && phone)
    return (
      <CollapsibleSection id={id} title={title}>
        {children}
      </CollapsibleSection>
    );
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The disclosure pattern: a heading holding a button that shows or hides the section's content. */
function CollapsibleSection({ id, title, children }: Omit<SectionProps, 'collapsible'>) {
  const [open, { toggle }] = useDisclosure(false);
  const panel = `${id}-panel`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4">
        <UnstyledButton
          id={id}
          onClick={toggle}
          aria-expanded={open}
          aria-controls={panel}
          w="100%"
          py={4}
        >
          <Group justify="space-between" wrap="nowrap" component="span">
            <span>{title}</span>
            <IconChevronDown
              aria-hidden
              size={20}
              style={{
                transform: open ? 'rotate(180deg)' : undefined,
                transition: 'transform 150ms',
              }}
            />
          </Group>
        </UnstyledButton>
      </Title>
      <Collapse expanded={open} id={panel} keepMountedMode="display-none">
        <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>{children}</div>
      </Collapse>
    </Card>
  );
}
