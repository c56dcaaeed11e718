import { Alert, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { SUBSCRIBE_PAGE_MESSAGES } from '../messages';

type SubscribeSuccessProps = { securityChecked: boolean; employeeName: string };

export function SubscribeSuccess({ securityChecked, employeeName }: SubscribeSuccessProps) {
  return (
    <Alert
      color="teal"
      variant="light"
      title={SUBSCRIBE_PAGE_MESSAGES.successTitle}
      icon={<IconCircleCheck size={22} />}
      role="status"
      radius="md"
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text size="sm">
        {securityChecked ? SUBSCRIBE_PAGE_MESSAGES.securityCheckSucceeded : SUBSCRIBE_PAGE_MESSAGES.succeeded}
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        Thank you for supporting {employeeName}. You can cancel anytime.
      </Text>
    </Alert>
  );
}
