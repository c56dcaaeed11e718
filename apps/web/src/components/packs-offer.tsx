import type { PublicPack } from '@chatdesk/contract/packs';
import { Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { formatServicePrice } from '../lib/format';
import { usePageLanguage } from '../lib/page-language';

/**
 * "Save with a pack": a service's packs on sale, each with its sessions, price and validity and the
 * action given (buy it here, or go where it is bought): the one list of both booking pages.
 */
export function PacksOffer({
  packs,
  action,
  className,
  children,
}: {
  packs: PublicPack[];
  action: (pack: PublicPack) => ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const titleId = useId();
  const { say } = usePageLanguage();
  const texts = say.booking;
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      px={{ base: 'md', sm: 'xl' }}
      py="md"
      className={className}
    >
      <Stack gap="sm">
        <Group gap={8} wrap="nowrap">
          <IconPackage size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Title order={2} size="h5" id={titleId}>
            {texts.saveWithPack}
          </Title>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {packs.map((pack) => (
            <Paper key={pack.id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} miw={0}>
                  <Text fw={600}>{pack.name}</Text>
                  <Text size="sm" c="dimmed">
                    {texts.sessions(pack.sessions)} ·{' '}
                    {formatServicePrice(pack.priceAmount, pack.currency, say.locale, texts.free)} ·{' '}
                    {texts.validDays(pack.validityDays)}
                  </Text>
                </Stack>
                {action(pack)}
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
      {children}
    </Box>
  );
}
