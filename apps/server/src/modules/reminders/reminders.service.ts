import { MAX_POLICY_HOURS } from '@chatdesk/contract/company';
import type { AppointmentReminder } from '@chatdesk/contract/manage-booking';
import type { Db } from '../../db/client.ts';
import { internationalPhone } from '../../lib/phone.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import { manageBookingUrl } from '../schedule/booking-email.ts';
import {
  missedEmail,
  missedTemplate,
  type ReminderFacts,
  reminderEmail,
  reminderTemplate,
} from './reminder-messages.ts';
import { dueReminders, type PlannedReminder, plannedReminders } from './reminder-times.ts';
import {
  createRemindersRepository,
  type RemindersRepository,
  type UpcomingAppointment,
} from './reminders.repository.ts';

type Deps = {
  repository: RemindersRepository;
  company: CompanyService;
  chats: Pick<ChatsService, 'sendSystemTemplate'>;
  mail: Pick<MailService, 'enqueue'>;
  notify: Notify;
  publicUrl: string;
  clock: () => Date;
  log?: { warn: (object: unknown, message: string) => void };
};

/** A claim older than this whose send never finished belongs to a process that died. */
const INTERRUPTED_AFTER_MS = 5 * 60_000;
// A whole-day offset counted on the wall clock can be an hour longer across a clock change.
const LOOKAHEAD_SLACK_MS = 2 * 3_600_000;

/**
 * Reminders before appointments. What is planned is worked out from the appointment and the
 * settings, never stored, so moving, cancelling or changing the settings re-plans by itself;
 * each pass sends what has fallen due, claiming it first so it goes out once.
 */
export function createRemindersService(deps: Deps) {
  const { repository, company, clock } = deps;

  async function business() {
    const [settings, profile] = await Promise.all([company.bookingSettings(), company.get()]);
    return { settings, profile };
  }

  async function send(
    appointment: UpcomingAppointment,
    reminder: Pick<PlannedReminder, 'channel'>,
    claimId: string,
    facts: Omit<
      ReminderFacts,
      'clientName' | 'clientLanguage' | 'employeeName' | 'serviceName' | 'startsAt' | 'manageUrl'
    >,
  ) {
    const now = clock();
    const all: ReminderFacts = {
      ...facts,
      clientName: appointment.clientName,
      clientLanguage: appointment.clientLanguage,
      employeeName: appointment.employeeName,
      serviceName: appointment.serviceName,
      startsAt: appointment.startsAt,
      manageUrl: manageBookingUrl(deps.publicUrl, appointment.manageToken),
    };
    try {
      if (reminder.channel === 'email') {
        await deps.mail.enqueue(reminderEmail({ ...all, to: appointment.clientEmail ?? '' }));
        await repository.settle(claimId, { status: 'sent', at: now });
        return;
      }
      const phone = internationalPhone(appointment.clientPhone ?? '');
      if (!phone) {
        // No country code: WhatsApp cannot be reached for sure, and a wrong guess writes to a stranger.
        await repository.settle(claimId, {
          status: 'skipped',
          at: now,
          error: 'The phone number has no country code (+34 …) or is not valid',
        });
        return;
      }
      const messageId = await deps.chats.sendSystemTemplate(
        { name: appointment.clientName, ...phone },
        reminderTemplate(all),
      );
      await repository.settle(claimId, { status: 'sent', at: now, messageId });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      deps.log?.warn({ err: error, appointmentId: appointment.id }, 'a reminder could not be sent');
      await repository.settle(claimId, { status: 'failed', at: now, error: reason });
      await deps.notify({
        type: 'error',
        title: 'Reminder not sent',
        message: `The ${reminder.channel === 'email' ? 'email' : 'WhatsApp'} reminder to ${appointment.clientName} for ${appointment.localDate} at ${appointment.startTime} could not be sent: ${reason}`,
        link: `/appointments/${appointment.id}`,
      });
    }
  }

  return {
    /** In the caller's transaction (a client's erasure): their appointments' reminders keep no error text. */
    forgetErrorsIn(tx: Db, appointmentIds: string[]) {
      return createRemindersRepository(tx).forgetErrors(appointmentIds);
    },

    /**
     * After staff mark a no-show, when Company Settings ask for it: a friendly message with the
     * employee's booking page, by WhatsApp and by email, once per appointment. Failures go to staff.
     */
    async followUpNoShow(appointmentId: string) {
      const { settings, profile } = await business();
      if (!settings.noShowFollowUp || (await repository.followedUp(appointmentId))) return;
      const appointment = await repository.findAppointment(appointmentId);
      const username = await repository.bookingUsername(appointmentId);
      if (appointment?.status !== 'no-show' || !username) return;
      const facts: ReminderFacts = {
        clientName: appointment.clientName,
        clientLanguage: appointment.clientLanguage,
        employeeName: appointment.employeeName,
        serviceName: appointment.serviceName,
        companyName: profile.name,
        startsAt: appointment.startsAt,
        timeZone: profile.timeZone,
        language: profile.language,
        manageUrl: `${deps.publicUrl}/schedule/${encodeURIComponent(username)}`,
      };
      const sent: string[] = [];
      const problems: string[] = [];
      const phone = internationalPhone(appointment.clientPhone ?? '');
      if (phone) {
        try {
          await deps.chats.sendSystemTemplate(
            { name: appointment.clientName, ...phone },
            missedTemplate(facts),
          );
          sent.push('whatsapp');
        } catch (error) {
          problems.push(`WhatsApp: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (appointment.clientEmail?.trim()) {
        await deps.mail.enqueue(missedEmail({ ...facts, to: appointment.clientEmail }));
        sent.push('email');
      }
      if (sent.length > 0) await repository.recordFollowUp(appointmentId, clock(), sent.join(','));
      if (problems.length > 0 || sent.length === 0) {
        await deps.notify({
          type: 'warning',
          title: 'No-show follow-up not sent',
          message: `The rebooking message to ${appointment.clientName} could not go out: ${
            problems.join('; ') || 'there is no email address or phone number with its country code'
          }.`,
          link: `/appointments/${appointmentId}`,
        });
      }
    },

    /** One pass: every reminder due now, once. The schedules run it every minute. */
    async sendDue() {
      const now = clock();
      const { settings, profile } = await business();
      const facts = { companyName: profile.name, timeZone: profile.timeZone, language: profile.language };
      if (settings.remindersEnabled) {
        const until = new Date(now.getTime() + MAX_POLICY_HOURS * 3_600_000 + LOOKAHEAD_SLACK_MS);
        for (const appointment of await repository.upcoming(now, until)) {
          const planned = plannedReminders(appointment, settings, profile.timeZone);
          for (const reminder of dueReminders(planned, appointment.startsAt, now)) {
            const claimId = await repository.claim(
              {
                appointmentId: appointment.id,
                hoursBefore: reminder.hoursBefore,
                channel: reminder.channel,
                startsAt: appointment.startsAt,
                dueAt: reminder.dueAt,
              },
              now,
            );
            if (claimId) await send(appointment, reminder, claimId, facts);
          }
        }
      }
      const interruptedBefore = new Date(now.getTime() - INTERRUPTED_AFTER_MS);
      for (const claim of await repository.interrupted(interruptedBefore, now)) {
        // Found by every instance that runs this pass: only the one that takes it over sends it.
        if (!(await repository.reclaim(claim.id, interruptedBefore, now))) continue;
        const appointment = await repository.findAppointment(claim.appointmentId);
        if (appointment) await send(appointment, claim, claim.id, facts);
      }
    },

    /** An appointment's reminders for staff: those tried (for any of its start times) and those still planned. */
    async forAppointment(appointmentId: string): Promise<AppointmentReminder[]> {
      const appointment = await repository.findAppointment(appointmentId);
      if (!appointment) return [];
      const now = clock();
      const { settings, profile } = await business();
      const tried = await repository.tried(appointmentId);
      const items: AppointmentReminder[] = tried.map((row) => {
        // A WhatsApp reminder is as sent as its message: a failed delivery is a failed reminder.
        const failedOnWhatsApp = row.messageStatus === 'failed';
        return {
          hoursBefore: row.hoursBefore,
          channel: row.channel,
          dueAt: row.dueAt.toISOString(),
          status: failedOnWhatsApp ? 'failed' : row.status,
          sentAt: row.sentAt?.toISOString() ?? null,
          error: failedOnWhatsApp ? (row.messageError ?? 'WhatsApp did not deliver it') : row.error,
        };
      });
      const current = tried.filter((row) => row.startsAt.getTime() === appointment.startsAt.getTime());
      for (const reminder of plannedReminders(appointment, settings, profile.timeZone)) {
        const done = current.some(
          (row) => row.hoursBefore === reminder.hoursBefore && row.channel === reminder.channel,
        );
        if (done || reminder.dueAt <= now) continue;
        items.push({
          hoursBefore: reminder.hoursBefore,
          channel: reminder.channel,
          dueAt: reminder.dueAt.toISOString(),
          status: 'planned',
          sentAt: null,
          error: null,
        });
      }
      return items.sort((a, b) => a.dueAt.localeCompare(b.dueAt));
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
