import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  PACK_CHECK_MINUTES,
  PACK_CODE_MINUTES,
  PACK_CODE_TRIES,
  PACK_MESSAGES,
  type PackBalance,
  type PackBookingResponse,
  type PackCheck,
  type packBookingSchema,
} from '@chatdesk/contract/packs';
import type { z } from 'zod';
import { AppError, conflict, invalid, unauthorized } from '../../lib/app-error.ts';
import { emailedCode } from '../../lib/emailed-code.ts';
import { networkKey } from '../../lib/ip-address.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { RateLimitsService } from '../rate-limits/rate-limits.service.ts';
import type { ScheduleService } from '../schedule/schedule.service.ts';
import type { PackCodesRepository } from './pack-codes.repository.ts';
import type { PackEmailLanguage } from './pack-email.ts';
import type { ClientPackRow } from './pack-writes.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Codes one network (/24, /64) and one address may be sent an hour, as the web chat's. */
export const PACK_CODE_LIMITS = { networkPerHour: 20, addressPerHour: 5 } as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const toBalance = (row: ClientPackRow): PackBalance => ({
  name: row.name,
  serviceId: row.serviceId,
  serviceName: row.serviceName,
  sessionsLeft: row.sessionsLeft,
  sessionsTotal: row.sessionsTotal,
  expiresAt: row.expiresAt.toISOString(),
});

function codeEmail(code: string, business: string, language: PackEmailLanguage) {
  return language === 'es'
    ? {
        subject: 'Tu código para usar tu bono',
        text: `Tu código para reservar con tu bono en ${business || 'nuestro centro'} es ${code}.\n\nEs válido ${PACK_CODE_MINUTES} minutos. Si no lo has pedido, ignora este email.`,
      }
    : {
        subject: 'Your code to use your pack',
        text: `Your code to book with your pack at ${business || 'our business'} is ${code}.\n\nIt is valid for ${PACK_CODE_MINUTES} minutes. If you did not ask for it, ignore this email.`,
      };
}

/**
 * Using a pack on the booking page. A typed email identifies no one: a code is emailed to it (the
 * web chat's mechanism: a six-digit code stored hashed, bound to the request and the address,
 * ten minutes, five tries, limited per network and per address), and only the right code gives
 * the browser a token that books, for half an hour, with a session of that address's client's
 * pack. The booking is the staff path's, for the customer: the page's rules, the pack session used
 * by the same conditional statement, and the manage link to cancel it under the same policy.
 */
export function createPackCodesService(deps: {
  repository: PackCodesRepository;
  rateLimits: Pick<RateLimitsService, 'hitEach'>;
  mail: Pick<MailService, 'enqueue'>;
  company: Pick<CompanyService, 'get'>;
  schedule: Pick<ScheduleService, 'bookByStaff'>;
  clock: () => Date;
}) {
  const { repository, clock } = deps;

  async function limit(email: string, ip: string) {
    const counts = await deps.rateLimits.hitEach([
      { route: 'pack codes network', client: networkKey(ip), windowMs: HOUR },
      { route: 'pack codes address', client: email, windowMs: HOUR },
    ]);
    const max = [PACK_CODE_LIMITS.networkPerHour, PACK_CODE_LIMITS.addressPerHour];
    const spent = counts.filter((count, i) => count.count > max[i]!);
    if (spent.length > 0) {
      const wait = Math.max(...spent.map((count) => count.ttlMs));
      throw new AppError('TOO_MANY_REQUESTS', PACK_MESSAGES.tooManyCodes, {
        'retry-after': String(Math.max(1, Math.ceil(wait / 1000))),
      });
    }
  }

  return {
    /** Sends a code to the address, whoever's it is: the answer says nothing of whether it has packs. */
    async requestCode(email: string, language: PackEmailLanguage, ip: string) {
      await limit(email, ip);
      const id = randomUUID();
      const code = emailedCode.create();
      await repository.save({
        id,
        email,
        codeHash: emailedCode.hash(id, email, code),
        expiresAt: new Date(clock().getTime() + PACK_CODE_MINUTES * MINUTE),
        triesLeft: PACK_CODE_TRIES,
      });
      const { name } = await deps.company.get();
      await deps.mail.enqueue({ to: email, ...codeEmail(code, name, language) });
      return { verificationId: id, message: PACK_MESSAGES.codeSent };
    },

    /** The right code proves the address: a token to book with, and the address's usable packs. */
    async confirmCode(id: string, email: string, code: string): Promise<PackCheck> {
      const now = clock();
      const stored = await repository.spendTry(id, email, now);
      if (!stored) throw invalid(PACK_MESSAGES.codeExpired);
      if (!emailedCode.matches(stored, emailedCode.hash(id, email, code)))
        throw invalid(PACK_MESSAGES.codeWrong);
      const token = randomBytes(24).toString('base64url');
      const expiresAt = new Date(now.getTime() + PACK_CHECK_MINUTES * MINUTE);
      if (!(await repository.verify(id, stored, { tokenHash: sha256(token), at: now, expiresAt })))
        throw invalid(PACK_MESSAGES.codeExpired);
      const clientId = await repository.clientIdByEmail(email);
      const packs = clientId ? await repository.usablePacks(clientId, now) : [];
      return { token, email, expiresAt: expiresAt.toISOString(), packs: packs.map(toBalance) };
    },

    /** Books with one session of the checked address's pack for the service; 409 when none has one. */
    async book(input: z.output<typeof packBookingSchema>): Promise<PackBookingResponse> {
      const email = await repository.emailOfToken(sha256(input.token), clock());
      if (!email) throw unauthorized(PACK_MESSAGES.checkExpired);
      const clientId = await repository.clientIdByEmail(email);
      if (!clientId) throw conflict(PACK_MESSAGES.noPackHere);
      let appointmentId: string;
      try {
        appointmentId = await deps.schedule.bookByStaff(
          {
            clientId,
            employeeId: input.employeeId,
            serviceId: input.serviceId,
            date: input.date,
            timeSlot: input.timeSlot,
            payment: 'pack',
          },
          { employeeId: null },
          { pageLanguage: input.language },
        );
      } catch (error) {
        // The staff path's words name "this client": the customer is told of their own packs.
        if (error instanceof AppError && error.message === PACK_MESSAGES.noSessionLeft)
          throw conflict(PACK_MESSAGES.noPackHere);
        throw error;
      }
      const booked = await repository.booked(appointmentId);
      const { timeZone } = await deps.company.get();
      const { appointment, pack } = booked!;
      return {
        appointment: {
          id: appointment.id,
          date: appointment.localDate,
          startTime: appointment.startTime,
          endTime: appointment.endTime,
          timeZone,
          employeeName: appointment.employeeName,
          serviceName: appointment.serviceName,
        },
        pack: toBalance(pack),
      };
    },

    /** Run by the daily pack job: codes and checks long spent are deleted. */
    forgetSpent: () => repository.forgetSpent(clock()),
  };
}

export type PackCodesService = ReturnType<typeof createPackCodesService>;
