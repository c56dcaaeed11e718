import { Anchor, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBrandGoogle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyField } from '../../../components/copy-field';
import { ErrorAlert } from '../../../components/error-alert';
import { refusalText } from '../../../lib/mutation-feedback';
import { useCalendarFeed, useRegenerateCalendarFeed } from '../api';

/** Google Calendar's "add by URL" page, prefilled with the feed. */
const googleCalendarLink = (webcalUrl: string) =>
  `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl)}`;

/** The employee's private calendar feed: a link calendar apps subscribe to, and a way to revoke it. */
export function CalendarFeedCard({ employeeId }: { employeeId: string }) {
  const feed = useCalendarFeed(employeeId);
  const regenerate = useRegenerateCalendarFeed(employeeId);
  const [confirming, setConfirming] = useState(false);

  const close = () => {
    setConfirming(false);
    regenerate.reset();
  };

  return (
    <Card p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <div>
          <Title order={3} fz="lg">
            Calendar feed
          </Title>
          <Text size="sm" c="dimmed">
            Subscribe to this link in Google Calendar, Apple Calendar or Outlook to see this employee's
            appointments there. Anyone with the link can see them: share it only with the employee.
          </Text>
        </div>
        {feed.isPending ? (
          <Skeleton height={36} role="status" aria-label="Loading calendar feed" />
        ) : feed.isError ? (
          <ErrorAlert>Failed to load the calendar feed</ErrorAlert>
        ) : (
          <>
            <CopyField label="Feed link" value={feed.data.webcalUrl} />
            <Group gap="sm">
              <Button
                component="a"
                href={googleCalendarLink(feed.data.webcalUrl)}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                leftSection={<IconBrandGoogle size={16} />}
              >
                Add to Google Calendar
              </Button>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconRefresh size={16} />}
                onClick={() => setConfirming(true)}
              >
                Regenerate link
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              Apple Calendar and Outlook: paste the link where they add a calendar from the internet, or{' '}
              <Anchor href={feed.data.webcalUrl} size="xs" underline="always">
                open it
              </Anchor>{' '}
              on a device with a calendar app.
            </Text>
          </>
        )}
      </Stack>

      <Modal opened={confirming} onClose={close} title="Regenerate calendar link?" centered>
        <Stack gap="md">
          <Text size="sm">
            Anyone using the old link will stop receiving updates. Calendars subscribed to it must be added
            again with the new link.
          </Text>
          <ErrorAlert>
            {regenerate.isError ? refusalText(regenerate.error, 'Failed to regenerate the link') : null}
          </ErrorAlert>
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} disabled={regenerate.isPending}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={regenerate.isPending}
            onClick={() => regenerate.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          >
            Regenerate
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
