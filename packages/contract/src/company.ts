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
