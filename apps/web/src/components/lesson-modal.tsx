import {
  LESSON_ANSWER_MAX,
  LESSON_EXAMPLE_MAX,
  type Lesson,
  type LessonSaved,
  TAUGHT_DAYS,
  TAUGHT_INTENT_LABELS,
  TAUGHT_INTENTS,
} from '@chatdesk/contract/teaching';
import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSchool } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useAllEmployees } from '../features/employees/api';
import { useServices } from '../features/services/api';
import { useSaveLesson } from '../features/teaching/api';
import { ApiError } from '../lib/api-client';
import {
  fieldOfRefusal,
  type LessonSource,
  type LessonValues,
  lessonBody,
  lessonValidation,
  lessonValues,
} from '../lib/lesson-form';
import { serverRefusal } from '../lib/mutation-feedback';
import { TAUGHT_DAY_LABELS } from '../lib/teaching-format';
import { useUnsavedChangesGuard } from '../lib/unsaved-changes';
import { ErrorAlert } from './error-alert';
import { TestRunAlert } from './test-run-alert';

const SAVE_FAILED = 'Failed to save the lesson. Please try again.';

const KIND_OPTIONS = [
  { value: 'meaning', label: 'What they meant' },
  { value: 'answer', label: 'The answer' },
];
const INTENT_OPTIONS = TAUGHT_INTENTS.map((intent) => ({
  value: intent,
  label: TAUGHT_INTENT_LABELS[intent],
}));
const DAY_OPTIONS = TAUGHT_DAYS.map((day) => ({ value: day, label: TAUGHT_DAY_LABELS[day] }));

const TITLES: Record<LessonSource['from'], string> = {
  review: 'Teach the assistant',
  lesson: 'Edit lesson',
  scratch: 'Add lesson',
};

type LessonModalProps = {
  /** What to teach from; null keeps the dialog closed. */
  source: LessonSource | null;
  onClose: () => void;
};

/**
 * Teaches the assistant one lesson: what a customer's words mean, or the business's answer to them.
 * Once saved, the dialog stays open on the test set's run, so a lesson that breaks another answer
 * is seen before anything else.
 */
export function LessonModal({ source, onClose }: LessonModalProps) {
  return (
    <Modal
      opened={source !== null}
      onClose={onClose}
      title={source ? TITLES[source.from] : ''}
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {source ? <LessonDialogContent key={keyOf(source)} source={source} onDone={onClose} /> : null}
    </Modal>
  );
}

function keyOf(source: LessonSource): string {
  if (source.from === 'review') return `review:${source.item.conversationId}`;
  return source.from === 'lesson' ? `lesson:${source.lesson.id}` : 'scratch';
}

/** The form, then the saved lesson's test run; "Change the lesson" goes back to the form on that lesson. */
function LessonDialogContent({ source, onDone }: { source: LessonSource; onDone: () => void }) {
  const [current, setCurrent] = useState(source);
  const [saved, setSaved] = useState<LessonSaved | null>(null);

  if (saved) {
    const change = () => {
      setCurrent({ from: 'lesson', lesson: saved.lesson });
      setSaved(null);
    };
    return <LessonResult saved={saved} onChange={change} onDone={onDone} />;
  }
  return <LessonForm key={keyOf(current)} source={current} onSaved={setSaved} onCancel={onDone} />;
}

type LessonResultProps = { saved: LessonSaved; onChange: () => void; onDone: () => void };

function LessonResult({ saved, onChange, onDone }: LessonResultProps) {
  const done = useRef<HTMLButtonElement>(null);
  // The Save button that had the focus is gone: the focus stays in the dialog, on what comes next.
  useEffect(() => done.current?.focus(), []);
  return (
    <Stack gap="md">
      <Text size="sm">The assistant uses this lesson from the next message on.</Text>
      <TestRunAlert run={saved.tests} listFailures />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onChange}>
          Change the lesson
        </Button>
        <Button ref={done} onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

type LessonFormProps = {
  source: LessonSource;
  onSaved: (saved: LessonSaved) => void;
  onCancel: () => void;
};

function LessonForm({ source, onSaved, onCancel }: LessonFormProps) {
  const save = useSaveLesson();
  const [failure, setFailure] = useState<string | null>(null);
  const kindLabelId = useId();
  const form = useForm<LessonValues>({
    mode: 'controlled',
    initialValues: lessonValues(source),
    validate: lessonValidation,
  });
  useUnsavedChangesGuard(form.isDirty() && !save.isPending);
  const lesson = source.from === 'lesson' ? source.lesson : null;
  const { employees, services } = useLessonOptions(lesson);
  const meaning = form.getValues().kind === 'meaning';

  const refused = (error: unknown) => {
    const message = serverRefusal(error);
    if (error instanceof ApiError && error.status === 409 && message) {
      form.setFieldError('example', message);
      return;
    }
    const field = message ? fieldOfRefusal(message) : null;
    if (field) form.setFieldError(field.field, field.message);
    else setFailure(message ?? SAVE_FAILED);
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const conversationId = source.from === 'review' ? source.item.conversationId : null;
    save.mutate(
      { id: lesson?.id ?? null, body: lessonBody(values, conversationId) },
      { onSuccess: onSaved, onError: refused },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert>{failure}</ErrorAlert>
        <Textarea
          label="The customer's words"
          description="The assistant also understands messages close to these words."
          autosize
          minRows={2}
          maxRows={6}
          maxLength={LESSON_EXAMPLE_MAX}
          withAsterisk
          data-autofocus
          key={form.key('example')}
          {...form.getInputProps('example')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={kindLabelId}>
            What to teach
          </Text>
          <SegmentedControl
            aria-labelledby={kindLabelId}
            data={KIND_OPTIONS}
            fullWidth
            key={form.key('kind')}
            {...form.getInputProps('kind')}
          />
        </Stack>
        {meaning ? (
          <>
            <Select
              label="They meant"
              placeholder="Choose what the customer meant"
              data={INTENT_OPTIONS}
              searchable
              withAsterisk
              comboboxProps={{ shadow: 'md' }}
              key={form.key('intent')}
              {...form.getInputProps('intent')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Select
                label="Professional"
                placeholder="Any"
                data={employees}
                searchable
                clearable
                comboboxProps={{ shadow: 'md' }}
                key={form.key('employeeId')}
                {...form.getInputProps('employeeId')}
              />
              <Select
                label="Service"
                placeholder="Any"
                data={services}
                searchable
                clearable
                comboboxProps={{ shadow: 'md' }}
                key={form.key('serviceId')}
                {...form.getInputProps('serviceId')}
              />
              <Select
                label="Day"
                placeholder="Any"
                data={DAY_OPTIONS}
                clearable
                comboboxProps={{ shadow: 'md' }}
                key={form.key('day')}
                {...form.getInputProps('day')}
              />
            </SimpleGrid>
          </>
        ) : (
          <Textarea
            label="Answer"
            description="What the assistant replies when a customer writes these words, or something close."
            autosize
            minRows={3}
            maxRows={10}
            maxLength={LESSON_ANSWER_MAX}
            withAsterisk
            key={form.key('answer')}
            {...form.getInputProps('answer')}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" leftSection={<IconSchool size={18} />} loading={save.isPending}>
            Save lesson
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Option = { value: string; label: string };

/**
 * The professionals who take bookings and the services on offer, as the assistant knows them. The
 * lesson's own professional or service stays offered once no longer among them, so an edit keeps it.
 */
function useLessonOptions(lesson: Lesson | null) {
  const allEmployees = useAllEmployees();
  const activeServices = useServices();
  const employees: Option[] = (allEmployees.data ?? [])
    .filter((employee) => employee.isActive && employee.takesBookings)
    .map((employee) => ({ value: employee.id, label: employee.name }));
  const services: Option[] = (activeServices.data ?? []).map((service) => ({
    value: service.id,
    label: service.name,
  }));
  return {
    employees: withKept(employees, lesson?.employeeId, lesson?.employeeName),
    services: withKept(services, lesson?.serviceId, lesson?.serviceName),
  };
}

function withKept(options: Option[], id: string | null | undefined, name: string | null | undefined) {
  if (!id || options.some((option) => option.value === id)) return options;
  return [...options, { value: id, label: name ?? 'No longer offered' }];
}
