import { Group, Text } from '@mantine/core';

/** The agency's mark: a mountain over the Urubamba, and its name. */
export function Logo({ withName = true, size = 32 }: { withName?: boolean; size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
        <rect width="64" height="64" rx="14" fill="#0c5c46" />
        <path d="M8 50 26 20l8 13 6-9 16 26z" fill="#f4efe6" />
        <path d="M26 20l5 8-5 3-4-4z" fill="#c8a25c" />
      </svg>
      {withName && (
        <Text fw={800} size="lg" c="andes.9" style={{ whiteSpace: 'nowrap' }}>
          Cusco Treks
        </Text>
      )}
    </Group>
  );
}

/** Spec §2: while a booking loads, a logo placeholder is shown. */
export function LogoLoader({ label }: { label: string }) {
  return (
    <Group justify="center" py={80} role="status" aria-live="polite" aria-label={label}>
      <div style={{ animation: 'pulse 1.2s ease-in-out infinite' }}>
        <Logo withName={false} size={64} />
      </div>
    </Group>
  );
}
