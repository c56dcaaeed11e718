import type { PackBalance, PackCheck } from '@chatdesk/contract/packs';
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconAt,
  IconCalendarCheck,
  IconKey,
  IconPackage,
} from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Slot } from '../../../components/slots/slot-calendar';
import { ApiError } from '../../../lib/api-client';
import { pageText, usePageLanguage } from '../../../lib/page-language';
import type { BookedAppointment } from '../booking-state';
import { packBalanceText } from '../pack-format';
import { bookWithPack, confirmPackCode, requestPackCode } from '../packs-api';

type Step =
  | { kind: 'email' }
  | { kind: 'code'; verificationId: string; message: string }
  | { kind: 'checked'; check: PackCheck };

/**
 * "I have a pack": the customer proves their email with a code sent to it, then books the slot with
 * one session of their pack for the service, with no payment. A typed email shows nothing by itself.
 */
export function PackUsePanel({
  employeeId,
  serviceId,
  slot,
  onBooked,
  onCancel,
}: {
  employeeId: string;
  serviceId: string;
  slot: Slot;
  onBooked: (appointment: BookedAppointment, pack: PackBalance) => void;
  onCancel: () => void;
}) {
  const { say, language } = usePageLanguage();
  const texts = say.booking;
  const serverMessage = (error: unknown) =>
    error instanceof ApiError && error.serverMessage
      ? pageText(error.serverMessage, say)
      : texts.bookingFailed;
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(serverMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const sent = await requestPackCode(email.trim(), language);
      setCode('');
      setStep({ kind: 'code', verificationId: sent.verificationId, message: sent.message });
    });
  };

  const checkCode = (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'code') return;
    void run(async () => {
      const check = await confirmPackCode({
        verificationId: step.verificationId,
        email: email.trim(),
        code: code.trim(),
      });
      setStep({ kind: 'checked', check });
    });
  };

  const usable =
    step.kind === 'checked' ? step.check.packs.find((pack) => pack.serviceId === serviceId) : undefined;

  const book = () =>
    void run(async () => {
      if (step.kind !== 'checked') return;
      const booked = await bookWithPack({
        token: step.check.token,
        employeeId,
        serviceId,
        date: slot.date,
        timeSlot: slot.time,
        language,
      });
      onBooked(booked.appointment, booked.pack);
    });

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3} size="h4" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {texts.bookWithPack}
        </Title>
        <Text size="sm" c="dimmed">
          {texts.bookWithPackHelp}
        </Text>
      </Stack>
      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      ) : null}
      {step.kind === 'email' ? (
        <form onSubmit={sendCode} noValidate aria-label={texts.packEmailForm}>
          <Stack gap="sm">
            <TextInput
              label={texts.emailAddress}
              description={texts.packEmailHelp}
              type="email"
              autoComplete="email"
              leftSection={<IconAt size={16} />}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Button type="submit" loading={busy} fullWidth>
              {texts.emailMeACode}
            </Button>
          </Stack>
        </form>
      ) : step.kind === 'code' ? (
        <form onSubmit={checkCode} noValidate aria-label={texts.codeForm}>
          <Stack gap="sm">
            <Text size="sm" role="status">
              {pageText(step.message, say)}
            </Text>
            <TextInput
              label={texts.code}
              description={texts.sentTo(email.trim())}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              leftSection={<IconKey size={16} />}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
            />
            <Button type="submit" loading={busy} fullWidth>
              {texts.checkCode}
            </Button>
            <Button variant="subtle" color="gray" disabled={busy} onClick={() => setStep({ kind: 'email' })}>
              {texts.anotherEmail}
            </Button>
          </Stack>
        </form>
      ) : usable ? (
        <Stack gap="sm">
          <Alert color="teal" icon={<IconPackage size={18} />} data-testid="pack-balance">
            {packBalanceText(usable, say)}
          </Alert>
          <Button
            leftSection={<IconCalendarCheck size={17} />}
            loading={busy}
            size="md"
            fullWidth
            onClick={book}
          >
            {texts.bookWithMyPack}
          </Button>
        </Stack>
      ) : (
        <Alert color="yellow" icon={<IconPackage size={18} />} role="status">
          {texts.noPackHere}
        </Alert>
      )}
      <Button
        variant="subtle"
        color="gray"
        leftSection={<IconArrowLeft size={16} />}
        disabled={busy}
        onClick={onCancel}
      >
        {texts.payByCardInstead}
      </Button>
    </Stack>
  );
}
