import { z } from 'zod';
import { optionalText, optionalUrl } from './common.ts';

/** The languages the assistant speaks; the business's one answers customers who write in any other. */
export const BUSINESS_LANGUAGES = ['es', 'en'] as const;
export type BusinessLanguage = (typeof BUSINESS_LANGUAGES)[number];
export const DEFAULT_BUSINESS_LANGUAGE: BusinessLanguage = 'es';

export const companySchema = z.object({
  name: z.string(),
  information: z.string(),
  systemPrompt: z.string().nullable(),
  logo: z.string().nullable(),
  website: z.string().nullable(),
  industry: z.string().nullable(),
  timeZone: z.string(),
  language: z.enum(BUSINESS_LANGUAGES),
});
export type Company = z.infer<typeof companySchema>;

export const COMPANY_MESSAGES = {
  nameRequired: 'Company name is required',
  informationRequired: 'Company information is required',
  websiteInvalid: 'Website must be a valid URL',
  logoInvalid: 'Logo must be a valid URL',
  timeZoneInvalid: 'Choose a valid time zone',
  languageInvalid: 'Choose Spanish or English',
} as const;

export function isValidTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

export const updateCompanySchema = z.object({
  name: z
    .string({ message: COMPANY_MESSAGES.nameRequired })
    .trim()
    .min(1, COMPANY_MESSAGES.nameRequired)
    .max(200),
  information: z
    .string({ message: COMPANY_MESSAGES.informationRequired })
    .trim()
    .min(1, COMPANY_MESSAGES.informationRequired)
    .max(20_000),
  systemPrompt: optionalText(50_000),
  logo: optionalUrl(COMPANY_MESSAGES.logoInvalid),
  website: optionalUrl(COMPANY_MESSAGES.websiteInvalid),
  industry: optionalText(200),
  timeZone: z
    .string({ message: COMPANY_MESSAGES.timeZoneInvalid })
    .refine(isValidTimeZone, COMPANY_MESSAGES.timeZoneInvalid),
  /** Optional so older clients keep working: left out, the saved language stays. */
  language: z.enum(BUSINESS_LANGUAGES, { message: COMPANY_MESSAGES.languageInvalid }).optional(),
});
export type UpdateCompanyRequest = z.input<typeof updateCompanySchema>;

/** The most hours ahead a policy or a reminder may reach: one week. */
export const MAX_POLICY_HOURS = 168;
export const MAX_REMINDERS = 3;

export const BOOKING_SETTINGS_MESSAGES = {
  hoursInvalid: `Use a whole number of hours from 0 to ${MAX_POLICY_HOURS}`,
  reminderHoursInvalid: `Each reminder is 1 to ${MAX_POLICY_HOURS} hours before`,
  remindersTooMany: `At most ${MAX_REMINDERS} reminders`,
  remindersRepeated: 'Each reminder needs a different time',
} as const;

/**
 * How appointments look after themselves: the cancellation policy (cancelling at least
 * `freeCancellationHours` before refunds the fee, and moving is allowed until then), reminders
 * sent that many hours before, and the rebooking message after a no-show.
 */
export const bookingSettingsSchema = z.object({
  freeCancellationHours: z.number().int(),
  remindersEnabled: z.boolean(),
  reminderHours: z.array(z.number().int()),
  noShowFollowUp: z.boolean(),
});
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

/** What Company Settings saves; reminder hours are kept largest first. */
export const updateBookingSettingsSchema = z.object({
  freeCancellationHours: z
    .number({ message: BOOKING_SETTINGS_MESSAGES.hoursInvalid })
    .int(BOOKING_SETTINGS_MESSAGES.hoursInvalid)
    .min(0, BOOKING_SETTINGS_MESSAGES.hoursInvalid)
    .max(MAX_POLICY_HOURS, BOOKING_SETTINGS_MESSAGES.hoursInvalid),
  remindersEnabled: z.boolean(),
  reminderHours: z
    .array(
      z
        .number({ message: BOOKING_SETTINGS_MESSAGES.reminderHoursInvalid })
        .int(BOOKING_SETTINGS_MESSAGES.reminderHoursInvalid)
        .min(1, BOOKING_SETTINGS_MESSAGES.reminderHoursInvalid)
        .max(MAX_POLICY_HOURS, BOOKING_SETTINGS_MESSAGES.reminderHoursInvalid),
    )
    .max(MAX_REMINDERS, BOOKING_SETTINGS_MESSAGES.remindersTooMany)
    .refine((hours) => new Set(hours).size === hours.length, BOOKING_SETTINGS_MESSAGES.remindersRepeated)
    .transform((hours) => [...hours].sort((a, b) => b - a)),
  noShowFollowUp: z.boolean(),
});
export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  freeCancellationHours: 24,
  remindersEnabled: true,
  reminderHours: [24, 2],
  noShowFollowUp: false,
};
