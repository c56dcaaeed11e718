import { formatDuration } from '@chatdesk/contract/schedule-rules';
import type { PublicService } from '@chatdesk/contract/services';
import { Button, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconChevronRight, IconClockHour4 } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { formatServicePrice } from '../lib/format';
import { usePageLanguage } from '../lib/page-language';
import classes from './service-picker.module.css';

type ServicePickerProps<S extends PublicService> = {
  services: S[];
  onChoose: (serviceId: string) => void;
  /** The step's heading, focused when the visitor comes back to it. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** A line more under each service (the business-wide page says who offers it). */
  detail?: (service: S) => ReactNode;
  /** What the step says when there is nothing to choose. */
  empty?: string;
};

/** The first step when a professional offers several services: what to book, before when. */
export function ServicePicker<S extends PublicService>({
  services,
  onChoose,
  headingRef,
  detail,
  empty,
}: ServicePickerProps<S>) {
  const { say } = usePageLanguage();
  const texts = say.booking;
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1} className={classes.stepHeading}>
          {texts.chooseService}
        </Title>
        <Text c="dimmed" size="sm">
          {texts.chooseServiceHelp}
        </Text>
      </div>
      {services.length === 0 && empty ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="ul" className={classes.serviceList}>
        {services.map((service) => (
          <li key={service.id}>
            <UnstyledButton className={classes.serviceOption} onClick={() => onChoose(service.id)}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Stack gap={4} miw={0}>
                  <Text fw={600} className={classes.serviceName}>
                    {service.name}
                  </Text>
                  {service.description ? (
                    <Text size="sm" c="dimmed" lineClamp={3}>
                      {service.description}
                    </Text>
                  ) : null}
                  <Group gap={6} wrap="nowrap">
                    <IconClockHour4 size={15} aria-hidden style={{ flexShrink: 0 }} />
                    <Text size="sm">{formatDuration(service.durationMinutes)}</Text>
                  </Group>
                  {detail?.(service)}
                </Stack>
                <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                  <Text fw={700}>
                    {formatServicePrice(service.price.amount, service.price.currency, say.locale, texts.free)}
                  </Text>
                  <IconChevronRight size={18} aria-hidden />
                </Group>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

type ChosenServiceProps = {
  service: PublicService;
  /** After a booking the service cannot change any more. */
  locked: boolean;
  busy: boolean;
  onChange: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
};

/** The service the calendar is for, with the way back to the list. */
export function ChosenService({ service, locked, busy, onChange, headingRef }: ChosenServiceProps) {
  const { say } = usePageLanguage();
  const texts = say.booking;
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap">
      <Stack gap={0} miw={0}>
        <Text size="xs" c="dimmed" fw={500} tt="uppercase">
          {texts.yourService}
        </Text>
        <Title order={2} size="h4" ref={headingRef} tabIndex={-1} className={classes.stepHeading}>
          {service.name}
        </Title>
        <Text size="sm" c="dimmed">
          {formatDuration(service.durationMinutes)} ·{' '}
          {formatServicePrice(service.price.amount, service.price.currency, say.locale, texts.free)}
        </Text>
      </Stack>
      {locked ? null : (
        <Button
          variant="default"
          size="sm"
          leftSection={<IconArrowLeft size={16} />}
          disabled={busy}
          onClick={onChange}
        >
          {texts.changeService}
        </Button>
      )}
    </Group>
  );
}
