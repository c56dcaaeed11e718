import { COMPANY_MESSAGES } from '@chatdesk/contract/company';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';

let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

const valid = {
  name: 'Entrena Studio',
  information: 'Trainers in Madrid and Barcelona.',
  systemPrompt: 'Be kind.',
  logo: 'https://entrena.example/logo.png',
  website: 'https://entrena.example',
  industry: 'Fitness',
  timeZone: 'Europe/Madrid',
  language: 'en',
};

describe('company settings', () => {
  it('starts blank in the default time zone', async () => {
    const response = await t.app.inject({ url: '/api/company', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: '',
      information: '',
      timeZone: 'Europe/Madrid',
      language: 'es',
    });
  });

  it('saves every field and reads them back', async () => {
    const saved = await t.app.inject({ method: 'PUT', url: '/api/company', headers, payload: valid });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(valid);
    expect((await t.app.inject({ url: '/api/company', headers })).json()).toEqual(valid);
  });

  it('a save from an older client, without the language, keeps the saved one', async () => {
    const { language: _, ...withoutLanguage } = valid;
    await t.app.inject({
      method: 'PUT',
      url: '/api/company',
      headers,
      payload: { ...valid, language: 'en' },
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/company',
      headers,
      payload: { ...withoutLanguage, name: 'Entrena' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Entrena', language: 'en' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/company',
      headers,
      payload: { ...valid, language: 'es' },
    });
    expect((await t.app.inject({ url: '/api/company', headers })).json().language).toBe('es');
  });

  it('keeps blank optional fields as not set', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/company',
      headers,
      payload: {
        ...valid,
        logo: '',
        website: '  ',
        industry: '',
        systemPrompt: '',
        timeZone: 'America/New_York',
      },
    });
    expect(response.json()).toMatchObject({ logo: null, website: null, industry: null, systemPrompt: null });
    expect(response.json().timeZone).toBe('America/New_York');
  });

  it.each([
    [{ name: '' }, `name: ${COMPANY_MESSAGES.nameRequired}`],
    [{ information: '   ' }, `information: ${COMPANY_MESSAGES.informationRequired}`],
    [{ website: 'not a url' }, `website: ${COMPANY_MESSAGES.websiteInvalid}`],
    [{ logo: 'ftp://x.example/logo.png' }, `logo: ${COMPANY_MESSAGES.logoInvalid}`],
    [{ timeZone: 'Mars/Olympus' }, `timeZone: ${COMPANY_MESSAGES.timeZoneInvalid}`],
    [{ language: 'ca' }, `language: ${COMPANY_MESSAGES.languageInvalid}`],
    [{ name: 42 }, `name: ${COMPANY_MESSAGES.nameRequired}`],
  ])('refuses %j with a message naming the field', async (change, message) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/company',
      headers,
      payload: { ...valid, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});
