import type { Lesson } from '@chatdesk/contract/teaching';
import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmRemovalModal } from '../../../components/confirm-removal-modal';
import { ErrorAlert } from '../../../components/error-alert';
import { LessonModal } from '../../../components/lesson-modal';
import { RowActions } from '../../../components/row-actions';
import type { LessonSource } from '../../../lib/lesson-form';
import { paths } from '../../../lib/paths';
import { describeMeaning } from '../../../lib/teaching-format';
import { useLessons, useRemoveLesson } from '../../teaching/api';

/** What the team has taught the assistant: each lesson's words and what they mean, or their answer. */
export function LessonsSettings() {
  const lessons = useLessons();
  const [teaching, setTeaching] = useState<LessonSource | null>(null);
  const [removing, setRemoving] = useState<Lesson | null>(null);

  return (
    <Card p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md" mb="md">
        <div style={{ flex: 1, minWidth: 240 }}>
          <Title order={3} fz="lg">
            Assistant lessons
          </Title>
          <Text size="sm" c="dimmed">
            Customers' words the assistant did not understand, and what they mean or how to answer them. It
            uses them from the next message on, for these words and for messages close to them.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setTeaching({ from: 'scratch' })}>
          Add lesson
        </Button>
      </Group>

      {lessons.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading lessons">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={48} radius="md" />
          ))}
        </Stack>
      ) : lessons.isError ? (
        <Stack gap="xs" align="flex-start">
          <ErrorAlert>Failed to load lessons. Please try again.</ErrorAlert>
          <Button variant="light" onClick={() => void lessons.refetch()}>
            Retry
          </Button>
        </Stack>
      ) : lessons.data.lessons.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          No lessons yet. Teach the assistant from the{' '}
          <Anchor component={Link} to={paths.insights} inherit underline="always">
            review queue in Insights
          </Anchor>
          , or add a lesson here.
        </Text>
      ) : (
        <Stack
          gap={0}
          component="ul"
          aria-label="Assistant lessons"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {lessons.data.lessons.map((lesson) => (
            <LessonRow
              key={lesson.id}
              lesson={lesson}
              onEdit={() => setTeaching({ from: 'lesson', lesson })}
              onRemove={() => setRemoving(lesson)}
            />
          ))}
        </Stack>
      )}

      <LessonModal source={teaching} onClose={() => setTeaching(null)} />
      <RemoveLessonModal lesson={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}

function LessonRow({
  lesson,
  onEdit,
  onRemove,
}: {
  lesson: Lesson;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const words = `“${lesson.example}”`;
  const meaning = describeMeaning(lesson);
  return (
    <Group
      component="li"
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      py="sm"
      style={{ borderTop: '1px solid var(--app-color-border)' }}
    >
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {words}
        </Text>
        {meaning ? (
          <Group gap={6} wrap="wrap">
            <Text size="sm" c="dimmed" span>
              means
            </Text>
            <Badge variant="light" tt="none">
              {meaning.intent}
            </Badge>
            {meaning.named.map((part) => (
              <Badge key={part.key} variant="outline" color="gray" tt="none">
                {part.label}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <Text span inherit fw={500}>
              Answer:{' '}
            </Text>
            {lesson.answer}
          </Text>
        )}
      </Stack>
      <RowActions
        actions={[
          { label: `Edit lesson ${words}`, tooltip: 'Edit', icon: <IconEdit size={18} />, onClick: onEdit },
          {
            label: `Remove lesson ${words}`,
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

function RemoveLessonModal({ lesson, onClose }: { lesson: Lesson | null; onClose: () => void }) {
  const remove = useRemoveLesson();
  return (
    <ConfirmRemovalModal
      item={lesson}
      title="Remove lesson"
      remove={remove}
      idOf={(item) => item.id}
      failure="Failed to remove the lesson."
      onClose={onClose}
    >
      {lesson?.kind === 'answer' ? 'The assistant forgets its answer to ' : 'The assistant forgets what '}
      <strong>“{lesson?.example}”</strong>
      {lesson?.kind === 'answer' ? '.' : ' means.'} Customers who write it are answered as before the lesson.
    </ConfirmRemovalModal>
  );
}
