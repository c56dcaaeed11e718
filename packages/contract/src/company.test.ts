import { describe, expect, it } from 'vitest';
import { COMPANY_MESSAGES, companySchema, isValidTimeZone, updateCompanySchema } from './company.ts';

describe('company', () => {
  it('knows IANA time zones', () => {
    expect(isValidTimeZone('Europe/Madrid')).toBe(true);
    expect(isValidTimeZone('Atlantic/Canary')).toBe(true);
    expect(isValidTimeZone('Europe/Gotham')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('turns blank optional fields into null and checks URLs', () => {
    const parsed = updateCompanySchema.parse({
      name: 'A',
      information: 'B',
      website: '',
      logo: 'https://example.com/logo.png',
      timeZone: 'UTC',
    });
    expect(parsed).toEqual({
      name: 'A',
      information: 'B',
      website: null,
      logo: 'https://example.com/logo.png',
      industry: null,
      systemPrompt: null,
      timeZone: 'UTC',
    });
    expect(
      updateCompanySchema.safeParse({
        name: 'A',
        information: 'B',
        website: 'javascript:alert(1)',
        timeZone: 'UTC',
      }).success,
    ).toBe(false);
  });

  it('speaks Spanish or English; an older client may leave the language out', () => {
    const base = { name: 'A', information: 'B', timeZone: 'UTC' };
    expect(updateCompanySchema.parse({ ...base, language: 'en' }).language).toBe('en');
    expect(updateCompanySchema.parse(base).language).toBeUndefined();
    const other = updateCompanySchema.safeParse({ ...base, language: 'fr' });
    expect(other.error?.issues[0]?.message).toBe(COMPANY_MESSAGES.languageInvalid);
    expect(companySchema.shape.language.options).toEqual(['es', 'en']);
  });
});
