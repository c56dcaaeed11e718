import { describe, expect, it } from 'vitest';
import {
  isReplyToContact,
  normaliseOrigin,
  sendWebChatMessageSchema,
  updateWebChatSettingsSchema,
  WEB_CHAT_MESSAGES,
  webChatSnippet,
} from './web-chat.ts';

describe('allowed origins', () => {
  it('are normalised to what browsers send', () => {
    expect(normaliseOrigin('https://WWW.Example.com:443/')).toBe('https://www.example.com');
    expect(normaliseOrigin(' http://localhost:8080 ')).toBe('http://localhost:8080');
  });

  it('refuse paths, queries, credentials and other schemes', () => {
    for (const value of [
      'https://example.com/shop',
      'https://example.com?x=1',
      'https://example.com#top',
      'https://ana:pw@example.com',
      'ftp://example.com',
      'javascript:alert(1)',
      'example.com',
      '',
    ])
      expect(normaliseOrigin(value), value).toBeNull();
  });

  it('are saved once each, with the colour in lower case', () => {
    const parsed = updateWebChatSettingsSchema.parse({
      enabled: true,
      allowedOrigins: ['https://a.example', 'https://A.example/'],
      greeting: ' Hello ',
      color: '#AABBCC',
      position: 'left',
      privacyNote: '',
    });
    expect(parsed).toMatchObject({
      allowedOrigins: ['https://a.example'],
      greeting: 'Hello',
      color: '#aabbcc',
    });
  });
});

describe('a visitor message', () => {
  it('is trimmed and bounded at 4,096 characters', () => {
    expect(sendWebChatMessageSchema.parse({ text: `  ${'a'.repeat(4096)}  ` }).text).toHaveLength(4096);
    const tooLong = sendWebChatMessageSchema.safeParse({ text: 'a'.repeat(4097) });
    expect(tooLong.error?.issues[0]?.message).toBe(WEB_CHAT_MESSAGES.textTooLong);
    const blank = sendWebChatMessageSchema.safeParse({ text: '   ' });
    expect(blank.error?.issues[0]?.message).toBe(WEB_CHAT_MESSAGES.textRequired);
  });
});

describe('a reply-to contact', () => {
  it('is an email address or a phone number', () => {
    expect(isReplyToContact('ana@example.com')).toBe(true);
    expect(isReplyToContact('+34 600 000 000')).toBe(true);
    expect(isReplyToContact('call me')).toBe(false);
    expect(isReplyToContact('123')).toBe(false);
  });
});

it('the snippet loads the script from the public address with the key', () => {
  expect(webChatSnippet('https://desk.example/', 'k1')).toBe(
    '<script src="https://desk.example/web-chat.js" data-key="k1" async></script>',
  );
});
