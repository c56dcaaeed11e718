import {
  type BookingSettings,
  type Company,
  DEFAULT_BOOKING_SETTINGS,
  DEFAULT_BUSINESS_LANGUAGE,
  type updateCompanySchema,
} from '@chatdesk/contract/company';
import { DEFAULT_TIME_ZONE } from '@chatdesk/contract/constants';
import type { z } from 'zod';
import type { CompanyRepository } from './company.repository.ts';

type Row = NonNullable<Awaited<ReturnType<CompanyRepository['find']>>>;

const toCompany = (row: Row): Company => ({
  name: row.name,
  information: row.information,
  systemPrompt: row.systemPrompt,
  logo: row.logo,
  website: row.website,
  industry: row.industry,
  timeZone: row.timeZone,
  language: row.language,
});

const toBookingSettings = (row: Row): BookingSettings => ({
  freeCancellationHours: row.freeCancellationHours,
  remindersEnabled: row.remindersEnabled,
  reminderHours: row.reminderHours,
  noShowFollowUp: row.noShowFollowUp,
});

/** Before anyone has saved the settings, the company is blank but usable. */
const EMPTY_COMPANY: Company = {
  name: '',
  information: '',
  systemPrompt: null,
  logo: null,
  website: null,
  industry: null,
  timeZone: DEFAULT_TIME_ZONE,
  language: DEFAULT_BUSINESS_LANGUAGE,
};

export function createCompanyService({
  repository,
  onChange = () => {},
}: {
  repository: CompanyRepository;
  /** The company changed: what the assistant knows of it must be read again (composition/services.ts). */
  onChange?: () => void;
}) {
  return {
    async get(): Promise<Company> {
      const row = await repository.find();
      return row ? toCompany(row) : EMPTY_COMPANY;
    },
    async update(input: z.output<typeof updateCompanySchema>): Promise<Company> {
      const row = await repository.upsert(input);
      onChange();
      return toCompany(row);
    },
    /** The time zone and the free-cancellation window: what a public schedule needs, read narrowly. */
    async scheduling(): Promise<{ timeZone: string; freeCancellationHours: number }> {
      return (
        (await repository.findScheduling()) ?? {
          timeZone: DEFAULT_TIME_ZONE,
          freeCancellationHours: DEFAULT_BOOKING_SETTINGS.freeCancellationHours,
        }
      );
    },
    /** The cancellation policy, reminders and no-show follow-up; the defaults until saved. */
    async bookingSettings(): Promise<BookingSettings> {
      const row = await repository.find();
      return row ? toBookingSettings(row) : DEFAULT_BOOKING_SETTINGS;
    },
    async updateBookingSettings(input: BookingSettings): Promise<BookingSettings> {
      const row = await repository.upsertBookingSettings(input);
      onChange();
      return toBookingSettings(row);
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
