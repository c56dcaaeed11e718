import { ERASED_CLIENT_NAME, type PrivacyRequest } from '@chatdesk/contract/privacy';
import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadMore } from '../../../components/load-more';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { usePrivacyRequests } from '../../clients/api';

/** What the line did, in words: an export's format, or what an erasure kept. */
function describe(request: PrivacyRequest): string {
  if (request.kind === 'export')
    return request.details.format === 'html' ? 'Readable copy (HTML)' : 'Data as JSON';
  const count = (key: string, noun: string) => {
    const n = Number(request.details[key] ?? 0);
    return `${n} ${noun}${n === 1 ? '' : 's'}`;
  };
  return `Kept under the anonymous id: ${count('paymentsKept', 'payment')}, ${count('subscriptionsKept', 'subscription')}, ${count('appointmentsKept', 'appointment')}`;
}

function Who({ request }: { request: PrivacyRequest }) {
  if (request.client)
    return (
      <Anchor component={Link} to={paths.client(request.client.id)} fw={600} size="sm">
        {request.client.name}
      </Anchor>
    );
  return (
    <Text size="sm" fw={600}>
      {request.anonymousId ? `${ERASED_CLIENT_NAME} (${request.anonymousId})` : 'Deleted client'}
    </Text>
  );
}

/** The log of data-protection requests answered: each export and erasure, who made it and when. */
export function PrivacyRequestsSettings() {
  const requests = usePrivacyRequests();

  return (
    <Card p={{ base: 'md', sm: 'lg' }}>
      <Title order={3} fz="lg">
        Privacy requests
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Every export of a client's data and every erasure, with who made it and when. Export or erase a client
        from their page; an erased client is listed by the anonymous id their kept payments carry.
      </Text>

      {requests.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading privacy requests">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={48} radius="md" />
          ))}
        </Stack>
      ) : requests.isError ? (
        <Stack gap="xs" align="flex-start">
          <ErrorAlert>Failed to load privacy requests. Please try again.</ErrorAlert>
          <Button variant="light" onClick={() => void requests.refetch()}>
            Retry
          </Button>
        </Stack>
      ) : requests.data?.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          No exports or erasures yet.
        </Text>
      ) : (
        <>
          <Stack
            gap={0}
            component="ul"
            aria-label="Privacy requests"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {requests.data?.map((request) => (
              <Group
                key={request.id}
                component="li"
                justify="space-between"
                align="flex-start"
                wrap="wrap"
                gap="xs"
                py="sm"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Stack gap={2} miw={0} style={{ flex: 1, minWidth: 220 }}>
                  <Group gap="xs" wrap="wrap">
                    <Badge color={request.kind === 'erase' ? 'red' : 'blue'} variant="light">
                      {request.kind === 'erase' ? 'Erasure' : 'Export'}
                    </Badge>
                    <Who request={request} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    {describe(request)}
                  </Text>
                </Stack>
                <Stack gap={2} align="flex-end">
                  <Text size="sm">{formatDateTime(request.createdAt)}</Text>
                  <Text size="sm" c="dimmed">
                    by {request.staff.name}
                  </Text>
                </Stack>
              </Group>
            ))}
          </Stack>
          <LoadMore
            hasNextPage={requests.hasNextPage}
            isFetchingNextPage={requests.isFetchingNextPage}
            fetchNextPage={requests.fetchNextPage}
          />
        </>
      )}
    </Card>
  );
}
