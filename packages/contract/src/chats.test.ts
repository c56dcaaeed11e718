import { describe, expect, it } from 'vitest';
import { renderTemplate, replyWindowOpen, sendTemplateSchema, templateParameterCount } from './chats.ts';

describe('WhatsApp templates', () => {
  it('counts placeholders by their highest number', () => {
    expect(templateParameterCount('Hola')).toBe(0);
    expect(templateParameterCount('Hola {{1}}, tu cita es el {{2}}. Gracias, {{1}}')).toBe(2);
    expect(templateParameterCount('Only {{ 3 }}')).toBe(3);
  });

  it('fills placeholders in order and leaves a missing one visible', () => {
    expect(renderTemplate('Hola {{1}}, tu cita es el {{2}}.', ['Ana', 'lunes'])).toBe(
      'Hola Ana, tu cita es el lunes.',
    );
    expect(renderTemplate('Hola {{1}}, {{2}}', ['Ana'])).toBe('Hola Ana, {{2}}');
  });

  it('refuses an empty placeholder value', () => {
    const result = sendTemplateSchema.safeParse({ name: 'follow_up', language: 'es', parameters: ['  '] });
    expect(result.success).toBe(false);
  });
});

describe('replyWindowOpen', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('is open until 24 hours after the customer last wrote on WhatsApp', () => {
    expect(replyWindowOpen({ channel: 'whatsapp', replyWindowEndsAt: '2026-11-22T12:00:01Z' }, now)).toBe(
      true,
    );
    expect(replyWindowOpen({ channel: 'whatsapp', replyWindowEndsAt: '2026-11-22T12:00:00Z' }, now)).toBe(
      false,
    );
    expect(replyWindowOpen({ channel: 'whatsapp', replyWindowEndsAt: null }, now)).toBe(false);
  });

  it('is always open in the simulator', () => {
    expect(replyWindowOpen({ channel: 'simulator', replyWindowEndsAt: null }, now)).toBe(true);
  });
});
