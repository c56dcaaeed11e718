import { Badge, Button, Group, Modal, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingBank, IconShieldLock } from '@tabler/icons-react';
import { formatMinorMoney } from '../../lib/format';
import { usePageLanguage } from '../../lib/page-language';

export type AuthenticationDialogProps = {
  opened: boolean;
  amount: number;
  currency: string;
  cardLast4: string | null;
  onAnswer: (approve: boolean) => void;
};

/** The local provider's stand-in for a bank's 3-D Secure page, as Stripe shows one in test mode. */
export function AuthenticationModal({
  opened,
  amount,
  currency,
  cardLast4,
  onAnswer,
}: AuthenticationDialogProps) {
  const { say } = usePageLanguage();
  const texts = say.booking.authentication;
  return (
    <Modal
      opened={opened}
      onClose={() => onAnswer(false)}
      title={texts.title}
      centered
      size="sm"
      radius="lg"
      closeOnClickOutside={false}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="xs">
            <ThemeIcon variant="light" color="gray" radius="md">
              <IconBuildingBank size={18} />
            </ThemeIcon>
            <Text fw={600}>{texts.yourBank}</Text>
          </Group>
          <Badge color="orange" variant="light">
            {say.booking.testMode}
          </Badge>
        </Group>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="brand" size="lg" radius="xl">
            <IconShieldLock size={20} />
          </ThemeIcon>
          <Text size="sm">{texts.explain}</Text>
        </Group>
        <Paper withBorder p="sm" radius="md" bg="var(--app-color-canvas)">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {texts.amount}
            </Text>
            <Text size="sm" fw={600}>
              {formatMinorMoney(amount, currency, say.locale)}
            </Text>
          </Group>
          {cardLast4 ? (
            <Group justify="space-between" mt={4}>
              <Text size="sm" c="dimmed">
                {texts.card}
              </Text>
              <Text size="sm" fw={600}>
                •••• {cardLast4}
              </Text>
            </Group>
          ) : null}
        </Paper>
        <Group grow>
          <Button variant="default" color="red" onClick={() => onAnswer(false)}>
            {texts.fail}
          </Button>
          <Button color="green" onClick={() => onAnswer(true)}>
            {texts.approve}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
