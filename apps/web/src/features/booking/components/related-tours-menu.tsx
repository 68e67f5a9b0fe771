import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface RelatedToursProps {
  items: { value: string; label: string }[];
  label: string;
  href(code: string): string;
  /** Open at once (the button was pressed before this code arrived). */
  opened?: boolean;
}

/**
 * The related tours (or, for a corporate user, every tour), each opening in a new tab. Loaded
 * after the page is drawn (booking-header.tsx draws the same button meanwhile).
 */
export function RelatedToursMenu(props: RelatedToursProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={props.opened}>
      <Menu.Target>
        {/* The same button as booking-header.tsx's RelatedTours draws before this code arrives. */}
        <Button
          variant="subtle"
          rightSection={<IconChevronDown size={16} aria-hidden />}
          disabled={props.items.length === 0}
        >
          {props.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('booking.relatedToursHint')}</Menu.Label>
        {props.items.map((item) => (
          <Menu.Item
            key={item.value}
            component="a"
            href={`#${props.href(item.value)}`}
            target="_blank"
            rel="noopener"
            rightSection={<IconExternalLink size={14} aria-hidden />}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
