import type { WebChatSettings } from '@chatdesk/contract/web-chat';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { WebChatSettingsCard } from './web-chat-settings';

const SETTINGS: WebChatSettings = {
  enabled: true,
  publicKey: 'key-123',
  allowedOrigins: ['https://www.example.com'],
  greeting: 'Hola',
  color: '#228be6',
  position: 'right',
  privacyNote: '',
  publicUrl: null,
};

// jsdom has no font loading; the form's growing text boxes listen to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });

function serve(settings: WebChatSettings) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(settings), { status: 200 })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WebChatSettingsCard', () => {
  it("puts the server's public address (PUBLIC_URL) in the snippet, not the dashboard's", async () => {
    serve({ ...SETTINGS, publicUrl: 'https://chat.example.com' });
    renderWithProviders(<WebChatSettingsCard />);
    expect(await screen.findByRole('textbox', { name: 'Code for your website' })).toHaveValue(
      '<script src="https://chat.example.com/web-chat.js" data-key="key-123" async></script>',
    );
  });

  it("uses the dashboard's own address when the server has no public one", async () => {
    serve(SETTINGS);
    renderWithProviders(<WebChatSettingsCard />);
    expect(await screen.findByRole('textbox', { name: 'Code for your website' })).toHaveValue(
      `<script src="${window.location.origin}/web-chat.js" data-key="key-123" async></script>`,
    );
  });
});
