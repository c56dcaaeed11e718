import { REVIEW_DAYS, type ReviewItem } from '@chatdesk/contract/teaching';
import { Anchor, Badge, Box, Button, Card, Group, Spoiler, Stack, Text, Title } from '@mantine/core';
import { IconSchool, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LessonModal } from '../../../components/lesson-modal';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { REVIEW_REASON_LABELS } from '../../../lib/teaching-format';
import { useDismissReview, useReviewQueue } from '../../teaching/api';
import { InsightsSection } from './insights-section';

/**
 * The conversations the assistant did not understand or that came back, whatever the period
 * above: staff teach it from each one, or take it off the queue.
 */
export function ReviewQueue() {
  const queue = useReviewQueue();
  const [teaching, setTeaching] = useState<ReviewItem | null>(null);

  return (
    <InsightsSection
      title="Review queue"
      description={`Conversations of the last ${REVIEW_DAYS} days the assistant did not understand, or that the customer came back to. Teach it what the customer meant, or dismiss them.`}
    >
      <Card p={{ base: 'md', sm: 'lg' }}>
        <QueryState
          query={queue}
          loadingLabel="Loading the review queue"
          errorTitle="Failed to load the review queue"
        >
          {({ items }) =>
            items.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="lg">
                Nothing to review: the assistant understood every conversation.
              </Text>
            ) : (
              <Stack
                gap={0}
                component="ul"
                aria-label="Conversations to review"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {items.map((item, index) => (
                  <ReviewEntry
                    key={item.conversationId}
                    item={item}
                    first={index === 0}
                    onTeach={() => setTeaching(item)}
                  />
                ))}
              </Stack>
            )
          }
        </QueryState>
      </Card>
      <LessonModal
        source={teaching ? { from: 'review', item: teaching } : null}
        onClose={() => setTeaching(null)}
      />
    </InsightsSection>
  );
}

type ReviewEntryProps = { item: ReviewItem; first: boolean; onTeach: () => void };

function ReviewEntry({ item, first, onTeach }: ReviewEntryProps) {
  const dismiss = useDismissReview();
  const whose = `${item.customerName}'s conversation`;

  return (
    <Stack
      component="li"
      gap="sm"
      pt={first ? 0 : 'md'}
      pb="md"
      // A line between conversations; the card's own edge is the first one's.
      style={{ borderTop: first ? undefined : '1px solid var(--app-color-border)' }}
      data-testid="review-item"
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ flex: 1, minWidth: 200 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={4} fz="md" style={{ overflowWrap: 'anywhere' }}>
              {item.customerName}
            </Title>
            <Badge color={item.reason === 'not_understood' ? 'orange' : 'grape'} variant="light">
              {REVIEW_REASON_LABELS[item.reason]}
            </Badge>
            {item.channel === 'simulator' ? (
              <Badge color="gray" variant="outline">
                Simulator
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {formatDateTime(item.startedAt)} ·{' '}
            <Anchor
              component={Link}
              to={paths.chat(item.chatId)}
              inherit
              underline="always"
              aria-label={`Open chat with ${item.customerName}`}
            >
              Open chat
            </Anchor>
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <Button leftSection={<IconSchool size={18} />} onClick={onTeach} aria-label={`Teach from ${whose}`}>
            Teach
          </Button>
          <Button
            variant="default"
            leftSection={<IconX size={18} />}
            loading={dismiss.isPending}
            onClick={() => dismiss.mutate(item.conversationId)}
            aria-label={`Dismiss ${whose}`}
          >
            Dismiss
          </Button>
        </Group>
      </Group>
      <Exchanges item={item} />
    </Stack>
  );
}

/** The customer's words on the left, the assistant's replies on the right, as in a chat. */
function Exchanges({ item }: { item: ReviewItem }) {
  return (
    // A conversation that came back can be long: its start is enough to decide, the rest on request.
    <Spoiler maxHeight={240} showLabel="Show the whole conversation" hideLabel="Show less">
      <Stack
        gap={6}
        component="ol"
        aria-label={`Messages of ${item.customerName}'s conversation`}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {item.exchanges.map((exchange, index) => {
          const customer = exchange.sender === 'customer';
          return (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: exchanges have no identity besides their place.
              key={index}
              component="li"
              maw="85%"
              px="sm"
              py={6}
              style={{
                alignSelf: customer ? 'flex-start' : 'flex-end',
                borderRadius: 'var(--mantine-radius-md)',
                background: customer ? 'var(--app-color-bubble)' : 'var(--app-color-bubble-assistant)',
                border: `1px solid ${customer ? 'var(--app-color-border)' : 'var(--app-color-bubble-assistant-border)'}`,
              }}
            >
              <Text size="xs" fw={600} c="dimmed" component="span" display="block">
                {customer ? 'Customer' : 'Assistant'}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {exchange.text}
              </Text>
            </Box>
          );
        })}
      </Stack>
    </Spoiler>
  );
}
