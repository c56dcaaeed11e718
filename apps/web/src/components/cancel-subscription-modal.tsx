import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from './error-alert';

/** Only a running subscription that is not already set to stop can be canceled (spec §4). */
export function canCancelSubscription(subscription: { status: string; cancelAtPeriodEnd: boolean }): boolean {
  return (
    (subscription.status === 'active' || subscription.status === 'trialing') &&
    !subscription.cancelAtPeriodEnd
  );
}

type CancelSubscriptionModalProps = {
  opened: boolean;
  planName: string;
  busy: boolean;
  error: string | null;
  onConfirm: (cancelImmediately: boolean) => void;
  onClose: () => void;
};

export function CancelSubscriptionModal({
  opened,
  planName,
  busy,
  error,
  onConfirm,
  onClose,
}: CancelSubscriptionModalProps) {
  const [when, setWhen] = useState<'period_end' | 'now'>('period_end');

  const close = () => {
    if (busy) return;
    setWhen('period_end');
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Cancel Subscription" centered>
      <Stack gap="md">
        <Text size="sm">
          How should the <strong>{planName}</strong> subscription end?
        </Text>
        <Radio.Group
          value={when}
          onChange={(value) => setWhen(value as typeof when)}
          aria-label="When to cancel"
        >
          <Stack gap="sm">
            <Radio
              value="period_end"
              label="Cancel at end of billing period"
              description="The client keeps access until the current period ends."
            />
            <Radio
              value="now"
              label="Cancel immediately"
              description="Access ends now and no further payments are taken."
            />
          </Stack>
        </Radio.Group>
        <ErrorAlert>{error}</ErrorAlert>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            Keep Subscription
          </Button>
          <Button color="red" loading={busy} onClick={() => onConfirm(when === 'now')}>
            Confirm Cancellation
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
