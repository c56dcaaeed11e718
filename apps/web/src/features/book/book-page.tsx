import type { PublicServiceList } from '@chatdesk/contract/schedule';
import { formatDuration } from '@chatdesk/contract/schedule-rules';
import { Avatar, Box, Button, Center, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconUsers, IconWorld } from '@tabler/icons-react';
import { type Ref, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CustomerPage } from '../../components/customer-page';
import { ErrorAlert } from '../../components/error-alert';
import { PacksOffer } from '../../components/packs-offer';
import { PublicPageError, PublicPageLoader } from '../../components/public-page-states';
import { ServicePicker } from '../../components/service-picker';
import { type Slot, SlotCalendar } from '../../components/slots/slot-calendar';
import { visitorZoneNote } from '../../components/slots/visitor-time';
import { WaitlistJoin } from '../../components/waitlist-join';
import { ApiError } from '../../lib/api-client';
import { formatServicePrice, initials } from '../../lib/format';
import { pageText, usePageLanguage } from '../../lib/page-language';
import { paths } from '../../lib/paths';
import { formatLongDate, formatTime } from '../../lib/wall-clock';
import { useAnyoneSlots, useAssignAnyone, useBookServices, useServicePacks } from './api';
import classes from './book.module.css';
import { professionalNames } from './professional-names';

type BookService = PublicServiceList['services'][number];

const SERVICE_PARAM = 'service';

/** The server's refusal in the page's language, or the page's own words when it sent none. */
function useErrorMessage() {
  const { say } = usePageLanguage();
  return (error: unknown, fallback: string) =>
    error instanceof ApiError && error.serverMessage ? pageText(error.serverMessage, say) : fallback;
}

/** The business's booking page: a service, then a time with anyone available, then their page. */
export function BookPage() {
  return (
    <CustomerPage className={classes.page}>
      <Book />
    </CustomerPage>
  );
}

function Book() {
  const texts = usePageLanguage().say.booking;
  const errorMessage = useErrorMessage();
  const services = useBookServices();
  const [searchParams, setSearchParams] = useSearchParams();
  const serviceId = searchParams.get(SERVICE_PARAM);
  const chosen = services.data?.services.find((service) => service.id === serviceId) ?? null;
  useDocumentTitle(chosen ? texts.documentTitleService(chosen.name) : texts.documentTitle);

  const choose = (id: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(SERVICE_PARAM, id);
      else next.delete(SERVICE_PARAM);
      return next;
    });

  // The heading of the new step takes the focus, as on the professional's page.
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownBefore = useRef(chosen?.id ?? null);
  useEffect(() => {
    const shown = chosen?.id ?? null;
    if (shownBefore.current === shown) return;
    shownBefore.current = shown;
    stepHeading.current?.focus({ preventScroll: true });
  }, [chosen?.id]);

  return services.data ? (
    <Paper withBorder shadow="sm" className={classes.card}>
      <Box p={{ base: 'md', sm: 'xl' }} className={classes.header}>
        <BookHeader timeZone={services.data.timeZone} />
      </Box>
      {chosen ? (
        <ServiceTimes service={chosen} onChange={() => choose(null)} headingRef={stepHeading} />
      ) : (
        <Box p={{ base: 'md', sm: 'xl' }}>
          <ServiceList
            services={services.data.services}
            onChoose={(id) => choose(id)}
            headingRef={stepHeading}
          />
        </Box>
      )}
    </Paper>
  ) : services.isError ? (
    <PublicPageError message={errorMessage(services.error, texts.servicesLoadFailed)} />
  ) : (
    <PublicPageLoader label={texts.loadingServices} text={texts.loadingServicesText} />
  );
}

function BookHeader({ timeZone }: { timeZone: string }) {
  const texts = usePageLanguage().say.booking;
  const zoneNote = visitorZoneNote(timeZone, texts);
  return (
    <Stack gap={6}>
      <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2}>
        {texts.headingAnyone}
      </Title>
      <Text c="dimmed" fw={500}>
        {texts.anyoneIntro}
      </Text>
      <Group gap={6} c="dimmed" wrap="nowrap">
        <IconWorld size={15} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm">
          {texts.timesShownIn(timeZone)}
          {zoneNote ? ` · ${zoneNote}` : ''}
        </Text>
      </Group>
    </Stack>
  );
}

type HeadingRef = Ref<HTMLHeadingElement>;

function ServiceList({
  services,
  onChoose,
  headingRef,
}: {
  services: BookService[];
  onChoose: (id: string) => void;
  headingRef: HeadingRef;
}) {
  const texts = usePageLanguage().say.booking;
  return (
    <ServicePicker
      services={services.filter((service) => service.professionals.length > 0)}
      onChoose={onChoose}
      headingRef={headingRef}
      empty={texts.nothingToBook}
      detail={(service) => (
        <Group gap={6} wrap="nowrap">
          <IconUsers size={15} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">{texts.withPeople(professionalNames(service.professionals, texts))}</Text>
        </Group>
      )}
    />
  );
}

type Assignment = { slot: Slot; professional: BookService['professionals'][number] };

function ServiceTimes({
  service,
  onChange,
  headingRef,
}: {
  service: BookService;
  onChange: () => void;
  headingRef: HeadingRef;
}) {
  const { say } = usePageLanguage();
  const texts = say.booking;
  const errorMessage = useErrorMessage();
  const slots = useAnyoneSlots(service.id);
  const assign = useAssignAnyone(service.id);
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [assignment, setAssignment] = useState<Assignment | null>(null);

  const pick = (chosen: Slot) => {
    setSlot(chosen);
    setDate(chosen.date);
    setAssignment(null);
    assign.mutate(chosen, {
      onSuccess: ({ professional }) => setAssignment({ slot: chosen, professional }),
      // The times reload (api.ts); the one taken disappears and the visitor picks another.
      onError: () => setSlot(null),
    });
  };

  return (
    <>
      <Box px={{ base: 'md', sm: 'xl' }} py="md" className={classes.serviceBar}>
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
              {formatServicePrice(service.price.amount, service.price.currency, say.locale, texts.free)} ·{' '}
              {texts.withPeople(professionalNames(service.professionals, texts))}
            </Text>
          </Stack>
          <Button variant="default" size="sm" leftSection={<IconArrowLeft size={16} />} onClick={onChange}>
            {texts.changeService}
          </Button>
        </Group>
      </Box>
      <ServicePacks service={service} />
      {slots.data ? (
        <Grid gap={0}>
          <Grid.Col span={{ base: 12, md: 6 }} p={{ base: 'md', sm: 'xl' }}>
            <SlotCalendar
              slots={slots.data.slots}
              timeZone={slots.data.timeZone}
              date={date}
              selected={slot}
              locked={false}
              busy={assign.isPending}
              onDateChange={(day) => {
                setDate(day);
                setSlot(null);
                setAssignment(null);
                assign.reset();
              }}
              onSlotSelect={pick}
            />
            {/* A time every professional of the service has booked has a line: the first of them to free it. */}
            {service.seats ? null : (
              <Box mt="lg">
                <WaitlistJoin serviceId={service.id} date={date} />
              </Box>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }} className={classes.panel} p={{ base: 'md', sm: 'xl' }}>
            <AssignmentPanel
              service={service}
              slot={slot}
              assignment={assignment}
              pending={assign.isPending}
              error={assign.isError ? errorMessage(assign.error, texts.reserveFailed) : null}
            />
          </Grid.Col>
        </Grid>
      ) : slots.isError ? (
        <Box p={{ base: 'md', sm: 'xl' }}>
          <ErrorAlert>{errorMessage(slots.error, texts.timesLoadFailed)}</ErrorAlert>
        </Box>
      ) : (
        <Center mih={320} role="status" aria-label={texts.loadingTimes}>
          <Loader />
        </Center>
      )}
    </>
  );
}

/**
 * The service's packs on sale, beside booking one session. Buying one opens its purchase on a
 * professional's page of the service, where the card form is (any of them: a pack is the service's).
 */
function ServicePacks({ service }: { service: BookService }) {
  const texts = usePageLanguage().say.booking;
  const packs = useServicePacks(service.id);
  const host = service.professionals[0];
  if (!host || !packs.data || packs.data.length === 0) return null;
  return (
    <PacksOffer
      packs={packs.data}
      className={classes.serviceBar}
      action={(pack) => (
        <Button
          component={Link}
          to={paths.schedule(host.username, { service: service.id, pack: pack.id })}
          variant="light"
          size="sm"
          aria-label={texts.buyPack(pack.name)}
          style={{ flexShrink: 0 }}
        >
          {texts.buy}
        </Button>
      )}
    />
  );
}

function AssignmentPanel({
  service,
  slot,
  assignment,
  pending,
  error,
}: {
  service: BookService;
  slot: Slot | null;
  assignment: Assignment | null;
  pending: boolean;
  error: string | null;
}) {
  // On a phone the panel is below the times: the focus takes the visitor, and a screen reader, to
  // who it is with.
  const { say } = usePageLanguage();
  const texts = say.booking;
  const heading = useRef<HTMLHeadingElement>(null);
  // A booking link from a chat (`?c=`) stays the chat's on the professional's page.
  const [searchParams] = useSearchParams();
  useEffect(() => {
    if (assignment) heading.current?.focus();
  }, [assignment]);
  if (assignment) {
    const { professional } = assignment;
    return (
      <Stack gap="lg">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {texts.slotAt(
              formatLongDate(assignment.slot.date, say.locale),
              formatTime(assignment.slot.time, say.locale),
            )}
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Avatar size={48} radius="xl" color="brand" variant="filled" aria-hidden>
              {initials(professional.name)}
            </Avatar>
            <Stack gap={0} miw={0}>
              <Title order={2} size="h3" ref={heading} tabIndex={-1} className={classes.stepHeading}>
                {texts.withProfessional(professional.name)}
              </Title>
              {professional.title ? (
                <Text c="dimmed" size="sm">
                  {professional.title}
                </Text>
              ) : null}
            </Stack>
          </Group>
        </Stack>
        <Text size="sm">{texts.nextDetails(service.price.amount > 0)}</Text>
        <Button
          component={Link}
          to={paths.schedule(professional.username, {
            service: service.id,
            date: assignment.slot.date,
            time: assignment.slot.time,
            c: searchParams.get('c'),
          })}
          size="md"
          fullWidth
          rightSection={<IconArrowRight size={17} />}
        >
          {texts.continue}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md" py={{ base: 0, md: 'xl' }}>
      <ErrorAlert>{error}</ErrorAlert>
      {slot && pending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{texts.findingWho}</Text>
        </Group>
      ) : (
        <Stack gap={4}>
          <Title order={2} size="h4">
            {texts.pickATime}
          </Title>
          <Text c="dimmed" size="sm">
            {texts.pickATimeAnyone}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
