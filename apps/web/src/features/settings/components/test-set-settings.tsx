import {
  type AssistantTest,
  TEST_EXPECTED_ACTION_LABELS,
  type TestResult,
  type TestRun,
} from '@chatdesk/contract/teaching';
import {
  Badge,
  Box,
  Button,
  Card,
  Collapse,
  Group,
  List,
  Modal,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronDown, IconEdit, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ConfirmRemovalModal } from '../../../components/confirm-removal-modal';
import { ErrorAlert } from '../../../components/error-alert';
import { RowActions } from '../../../components/row-actions';
import { TestRunAlert } from '../../../components/test-run-alert';
import { refusalText } from '../../../lib/mutation-feedback';
import { useAssistantTests, useRemoveAssistantTest, useRunAssistantTests } from '../../teaching/api';
import { AssistantTestForm } from './assistant-test-form';

/**
 * The business's own test set: conversations the assistant must always get right, run on request
 * here and by itself on every lesson.
 */
export function TestSetSettings() {
  const tests = useAssistantTests();
  const run = useRunAssistantTests();
  // null: the dialog is closed; 'new': adding; a test: changing it.
  const [editing, setEditing] = useState<AssistantTest | 'new' | null>(null);
  const [removing, setRemoving] = useState<AssistantTest | null>(null);
  const count = tests.data?.tests.length ?? 0;
  // A run says nothing of a test set changed since: its results go until the next run.
  const changed = () => run.reset();

  return (
    <Card p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md" mb="md">
        <div style={{ flex: 1, minWidth: 240 }}>
          <Title order={3} fz="lg">
            Test set
          </Title>
          <Text size="sm" c="dimmed">
            Conversations the assistant must always get right. They run on every lesson, so a lesson that
            breaks another answer shows at once.
          </Text>
        </div>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconPlayerPlay size={18} />}
            loading={run.isPending}
            disabled={count === 0}
            onClick={() => run.mutate()}
          >
            Run all tests
          </Button>
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            Add test
          </Button>
        </Group>
      </Group>

      <Stack gap="md">
        <ErrorAlert>
          {run.isError ? refusalText(run.error, 'Failed to run the test set. Please try again.') : null}
        </ErrorAlert>
        {run.data ? <TestRunAlert run={run.data} /> : null}

        {tests.isPending ? (
          <Stack gap="sm" role="status" aria-label="Loading the test set">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={48} radius="md" />
            ))}
          </Stack>
        ) : tests.isError ? (
          <Stack gap="xs" align="flex-start">
            <ErrorAlert>Failed to load the test set. Please try again.</ErrorAlert>
            <Button variant="light" onClick={() => void tests.refetch()}>
              Retry
            </Button>
          </Stack>
        ) : count === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            No tests yet. Add what customers write most often, and what the assistant must answer.
          </Text>
        ) : (
          <Stack
            gap={0}
            component="ul"
            aria-label="Test cases"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {tests.data.tests.map((test) => (
              <TestRow
                key={test.id}
                test={test}
                result={resultOf(run.data, test.id)}
                onEdit={() => setEditing(test)}
                onRemove={() => setRemoving(test)}
              />
            ))}
          </Stack>
        )}
      </Stack>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add test' : 'Edit test'}
        centered
        radius="lg"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing !== null ? (
          <AssistantTestForm
            key={editing === 'new' ? 'new' : editing.id}
            test={editing === 'new' ? null : editing}
            onSaved={() => {
              changed();
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <RemoveTestModal test={removing} onRemoved={changed} onClose={() => setRemoving(null)} />
    </Card>
  );
}

function resultOf(run: TestRun | undefined, testId: string): TestResult | null {
  return run?.results.find((result) => result.testId === testId) ?? null;
}

type TestRowProps = {
  test: AssistantTest;
  result: TestResult | null;
  onEdit: () => void;
  onRemove: () => void;
};

function TestRow({ test, result, onEdit, onRemove }: TestRowProps) {
  const expected = TEST_EXPECTED_ACTION_LABELS[test.mustDo];
  return (
    <Group
      component="li"
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      py="sm"
      style={{ borderTop: '1px solid var(--app-color-border)' }}
      data-testid="test-case"
    >
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {test.name}
          </Text>
          {result ? (
            <Badge color={result.passed ? 'teal' : 'red'} variant="light">
              {result.passed ? 'Pass' : 'Fail'}
            </Badge>
          ) : null}
        </Group>
        <List size="sm" type="ordered" spacing={2} aria-label={`What the customer writes in ${test.name}`}>
          {test.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: messages have no identity besides their place.
            <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
              “{line}”
            </List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {test.mustContain ? `${expected}, with “${test.mustContain}” in the last reply` : expected}
        </Text>
        {result?.failure ? (
          <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
            {result.failure}
          </Text>
        ) : null}
        {result ? <Replies result={result} /> : null}
      </Stack>
      <RowActions
        actions={[
          { label: `Edit test ${test.name}`, tooltip: 'Edit', icon: <IconEdit size={18} />, onClick: onEdit },
          {
            label: `Remove test ${test.name}`,
            tooltip: 'Remove',
            icon: <IconTrash size={18} />,
            color: 'red',
            onClick: onRemove,
          },
        ]}
      />
    </Group>
  );
}

/** What the assistant answered to each message of the test, on request. */
function Replies({ result }: { result: TestResult }) {
  const [opened, setOpened] = useState(false);
  const contentId = useId();
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        aria-expanded={opened}
        aria-controls={contentId}
        rightSection={
          <IconChevronDown
            size={16}
            style={{ transition: 'transform 200ms ease', transform: opened ? 'rotate(180deg)' : 'none' }}
          />
        }
        onClick={() => setOpened((value) => !value)}
      >
        {opened ? 'Hide replies' : 'Show replies'}
      </Button>
      <Collapse expanded={opened} id={contentId}>
        <Stack gap={8} mt={6}>
          {result.turns.map((turn, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: turns have no identity besides their place.
            <Box key={index} pl="sm" style={{ borderLeft: '2px solid var(--app-color-border)' }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                Customer: {turn.customer}
              </Text>
              {turn.replies.map((reply, replyIndex) => (
                <Text
                  // biome-ignore lint/suspicious/noArrayIndexKey: replies have no identity besides their place.
                  key={replyIndex}
                  size="sm"
                  c="dimmed"
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  Assistant: {reply}
                </Text>
              ))}
              {turn.handedOver ? (
                <Text size="sm" c="orange" fs="italic">
                  Handed over to a person
                </Text>
              ) : null}
              {turn.replies.length === 0 && !turn.handedOver ? (
                <Text size="sm" c="dimmed" fs="italic">
                  No reply
                </Text>
              ) : null}
            </Box>
          ))}
        </Stack>
      </Collapse>
    </div>
  );
}

type RemoveTestModalProps = { test: AssistantTest | null; onRemoved: () => void; onClose: () => void };

function RemoveTestModal({ test, onRemoved, onClose }: RemoveTestModalProps) {
  const remove = useRemoveAssistantTest();
  return (
    <ConfirmRemovalModal
      item={test}
      title="Remove test"
      remove={remove}
      idOf={(item) => item.id}
      failure="Failed to remove the test."
      onRemoved={onRemoved}
      onClose={onClose}
    >
      <strong>{test?.name}</strong> will no longer run on lessons or with the test set.
    </ConfirmRemovalModal>
  );
}
