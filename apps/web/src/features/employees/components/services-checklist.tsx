import { formatDuration } from '@chatdesk/contract/schedule-rules';
import type { Service } from '@chatdesk/contract/services';
import { Anchor, Card, Checkbox, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { formatServicePrice } from '../../../lib/format';
import { paths } from '../../../lib/paths';

type ServicesChecklistProps = {
  /** The active services; undefined while they load. */
  services: Service[] | undefined;
  ticked: string[];
  loading: boolean;
  failed: boolean;
  onChange: (ticked: string[]) => void;
};

/** Which services this person offers, saved with the rest of the form. */
export function ServicesChecklist({ services, ticked, loading, failed, onChange }: ServicesChecklistProps) {
  const headingId = useId();
  return (
    <Card p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ flex: 1, minWidth: 220 }}>
            <Title order={3} fz="lg" id={headingId}>
              Services
            </Title>
            <Text size="sm" c="dimmed">
              What clients can book with this person, on the booking page and through the assistant.
            </Text>
          </div>
          <Anchor component={Link} to={paths.services} size="sm">
            Manage services
          </Anchor>
        </Group>
        {failed ? (
          <ErrorAlert>Failed to load the services. Reload the page to try again.</ErrorAlert>
        ) : loading || !services ? (
          <Stack gap="sm" role="status" aria-label="Loading services">
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Stack>
        ) : (
          <Checkbox.Group value={ticked} onChange={onChange} aria-labelledby={headingId}>
            <Stack gap="sm">
              {services.map((service) => (
                <Checkbox
                  key={service.id}
                  value={service.id}
                  label={
                    <>
                      {service.name}
                      {service.isDefault ? (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          (default)
                        </Text>
                      ) : null}
                    </>
                  }
                  description={`${formatDuration(service.durationMinutes)} · ${formatServicePrice(service.priceAmount, service.currency)}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {services && ticked.length === 0 ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconAlertTriangle
              size={16}
              color="var(--mantine-color-orange-6)"
              style={{ flexShrink: 0, marginTop: 2 }}
              aria-hidden
            />
            <Text size="sm">With no service ticked, nothing can be booked with this person.</Text>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
