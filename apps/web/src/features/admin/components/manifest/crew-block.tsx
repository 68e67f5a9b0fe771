import type { AdminManifest } from '@cusco/shared';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useAdminText } from '../../i18n.ts';

type CrewMember = AdminManifest['crew'][number];

/** Languages by their names in the page's language (qu → Quechua); a code the browser lacks as is. */
function languageNames(codes: string[], language: string): string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: 'language' });
  } catch {
    names = undefined;
  }
  return codes
    .map((code) => {
      try {
        return names?.of(code) ?? code;
      } catch {
        return code;
      }
    })
    .join(', ');
}

/**
 * The departure's crew on its manifest (issue 29): who works it, in what role, with the
 * document and phone the guide's PDF prints. Read-only: crew are assigned elsewhere.
 */
export function CrewBlock({ crew }: { crew: CrewMember[] }) {
  const { t } = useAdminText();
  const language = useLanguage();
  return (
    <section aria-labelledby="manifest-crew-title">
      <Title order={2} size="h4" mb="sm" id="manifest-crew-title">
        {t('manifest29.crewTitle', { count: crew.length })}
      </Title>
      {crew.length === 0 ? (
        <Text size="sm" mb="lg">
          {t('manifest29.noCrew')}
        </Text>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="sm"
          mb="lg"
          p={0}
          style={{ listStyle: 'none' }}
          data-testid="manifest-crew"
        >
          {crew.map((member) => (
            <Paper component="li" key={member.id} withBorder p="sm" radius="sm">
              <Stack gap={2}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text fw={600} size="sm">
                    {member.firstName} {member.lastName}
                  </Text>
                  <Text size="sm">{member.roleName}</Text>
                </Group>
                <Text size="sm">
                  {member.documentType} {member.documentNumber} · {member.nationality}
                </Text>
                <Text size="sm">
                  {t('manifest29.phone')}: {member.phone || '—'}
                </Text>
                <Text size="sm">
                  {t('manifest29.languages')}: {languageNames(member.languages, language) || '—'}
                </Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
