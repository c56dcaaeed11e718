import type { ClientInfo, PaymentIntentResponse, PublicSchedule } from '@chatdesk/contract/schedule';
import { useRef, useState } from 'react';
import {
  type ConfirmCard,
  type ConfirmedPayment,
  PaymentError,
} from '../../components/payments/payment-types';
import type { Slot } from '../../components/slots/slot-calendar';
import { ApiError } from '../../lib/api-client';
import { pageText, usePageLanguage } from '../../lib/page-language';
import { useBookAppointment, useBookFree, useCreatePaymentIntent } from './api';
import { weekdayOf } from './booking-format';
import type { BookedAppointment } from './booking-state';

export type CheckoutOutcome = { ok: true; appointment: BookedAppointment } | { ok: false; message: string };

/** The payment opened for one slot; a retry after a declined card confirms it again instead of opening another. */
type OpenPayment = { slotKey: string; intent: PaymentIntentResponse; paid: ConfirmedPayment | null };

// A hold about to run out is not worth reusing: the booking would race its expiry.
const HOLD_MARGIN_MS = 30_000;

const slotKeyOf = (employeeId: string, serviceId: string | undefined, slot: Slot) =>
  `${employeeId}|${serviceId}|${slot.date}|${slot.time}`;

const trimmed = (clientInfo: ClientInfo): ClientInfo => ({
  name: clientInfo.name.trim(),
  email: clientInfo.email.trim(),
  phone: clientInfo.phone.trim(),
});

/**
 * Pay, then book: opens (or reuses) the slot's payment, confirms the card, and books with the payment
 * id, both for the service the page's times are for (the server decides its price).
 */
export function useCheckout(schedule: PublicSchedule) {
  const { say, language } = usePageLanguage();
  const texts = say.booking;
  const serviceId = schedule.service?.id;
  // The server's refusal in the page's language, or ours when it sent none.
  const refusal = (error: unknown, otherwise: string) =>
    error instanceof ApiError && error.serverMessage ? pageText(error.serverMessage, say) : otherwise;
  const paymentMessage = (error: unknown) =>
    error instanceof PaymentError ? pageText(error.message, say) : refusal(error, texts.paymentFailed);
  const createIntent = useCreatePaymentIntent();
  const book = useBookAppointment();
  const free = useBookFree();
  const open = useRef<OpenPayment | null>(null);
  const [busy, setBusy] = useState(false);
  // The chat conversation a booking link came from (`?c=`), read as the page opened: choosing a
  // service or a day rewrites the address, and the booking still counts as the chat's.
  const [chatRef] = useState(() => new URLSearchParams(window.location.search).get('c') ?? undefined);

  async function openPayment(slot: Slot, clientInfo: ClientInfo): Promise<OpenPayment> {
    const slotKey = slotKeyOf(schedule.employee.id, serviceId, slot);
    const current = open.current;
    if (
      current?.slotKey === slotKey &&
      new Date(current.intent.holdExpiresAt).getTime() - Date.now() > HOLD_MARGIN_MS
    ) {
      return current;
    }
    const intent = await createIntent.mutateAsync({
      employeeId: schedule.employee.id,
      serviceId,
      date: slot.date,
      timeSlot: slot.time,
      clientInfo,
      language,
      ...(chatRef ? { chatRef } : {}),
    });
    open.current = { slotKey, intent, paid: null };
    return open.current;
  }

  async function run(slot: Slot, clientInfo: ClientInfo, confirm: ConfirmCard): Promise<CheckoutOutcome> {
    let payment: OpenPayment;
    try {
      payment = await openPayment(slot, clientInfo);
    } catch (error) {
      return { ok: false, message: refusal(error, texts.bookingFailed) };
    }

    if (!payment.paid) {
      try {
        const confirmed = await confirm(payment.intent.clientSecret, clientInfo);
        if (confirmed.status !== 'succeeded') return { ok: false, message: texts.paymentFailed };
        // Paid: a retry after a failed booking call books again with this payment, never pays twice.
        payment.paid = confirmed;
      } catch (error) {
        return { ok: false, message: paymentMessage(error) };
      }
    }

    const paid = payment.paid;
    try {
      const { appointment } = await book.mutateAsync({
        employeeId: schedule.employee.id,
        serviceId,
        date: slot.date,
        timeSlot: slot.time,
        day: weekdayOf(slot.date),
        clientInfo,
        payment: {
          id: paid.id,
          amount: paid.amount,
          currency: paid.currency,
          status: paid.status,
          method: paid.method,
          card: paid.card,
        },
      });
      open.current = null;
      return { ok: true, appointment };
    } catch (error) {
      // Someone else's booking won the slot: the server refunded this payment and let it go.
      if (error instanceof ApiError && error.status === 409) open.current = null;
      return { ok: false, message: refusal(error, texts.bookingFailed) };
    }
  }

  async function pay(slot: Slot, clientInfo: ClientInfo, confirm: ConfirmCard): Promise<CheckoutOutcome> {
    setBusy(true);
    try {
      return await run(slot, trimmed(clientInfo), confirm);
    } finally {
      setBusy(false);
    }
  }

  /** A free service: booked at once, with no payment to open. */
  async function bookFree(slot: Slot, clientInfo: ClientInfo): Promise<CheckoutOutcome> {
    if (!serviceId) return { ok: false, message: texts.bookingFailed };
    setBusy(true);
    try {
      const { appointment } = await free.mutateAsync({
        employeeId: schedule.employee.id,
        serviceId,
        date: slot.date,
        timeSlot: slot.time,
        clientInfo: trimmed(clientInfo),
        language,
        ...(chatRef ? { chatRef } : {}),
      });
      return { ok: true, appointment };
    } catch (error) {
      return { ok: false, message: refusal(error, texts.bookingFailed) };
    } finally {
      setBusy(false);
    }
  }

  return { pay, bookFree, busy };
}
