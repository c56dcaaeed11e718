import type { PriceResponse } from '@chatdesk/contract/subscriptions';
import { Group, List, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCrown } from '@tabler/icons-react';
import { SUBSCRIBE_PAGE_MESSAGES } from '../messages';
import classes from '../subscribe.module.css';
import { formatPrice } from '../subscribe-format';

type PlanCardProps = { price: PriceResponse | undefined; employeeName: string };

const perk = (
  <ThemeIcon variant="light" color="teal" radius="xl" size={22}>
    <IconCheck size={14} />
  </ThemeIcon>
);

export function PlanCard({ price, employeeName }: PlanCardProps) {
  return (
    <Stack gap="lg">
      <Paper
        radius="lg"
        p="lg"
        className={classes.planCard}
        aria-label="Premium Subscription"
        component="section"
      >
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon variant="light" radius="md">
              <IconCrown size={18} />
            </ThemeIcon>
            <Text fw={700} component="h2" m={0} fz="lg">
              Premium Subscription
            </Text>
          </Group>
          <Group gap={6} align="baseline">
            {price ? (
              <Text component="span" className={classes.price} data-testid="subscription-price">
                {formatPrice(price.unit_amount, price.currency)}
              </Text>
            ) : (
              <Skeleton h={40} w={120} />
            )}
            <Text component="span" c="dimmed" fw={500}>
              / month
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {SUBSCRIBE_PAGE_MESSAGES.billing}
          </Text>
        </Stack>
      </Paper>
      <List spacing="sm" size="sm" center icon={perk} styles={{ itemLabel: { lineHeight: 1.45 } }}>
        <List.Item>Exclusive premium content from {employeeName}</List.Item>
        <List.Item>New material every month</List.Item>
        <List.Item>No commitment: cancel whenever you like</List.Item>
      </List>
    </Stack>
  );
}
