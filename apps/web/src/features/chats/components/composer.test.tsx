import type { CannedReply } from '@chatdesk/contract/canned-replies';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { cannedReplyKeys } from '../../canned-replies/api';
import { Composer } from './composer';

const reply = (name: string, text: string): CannedReply => ({
  id: name,
  name,
  text,
  createdAt: '2026-11-26T00:00:00.000Z',
  updatedAt: '2026-11-26T00:00:00.000Z',
});

// jsdom has no font loading; the autosizing message box listens to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });

afterEach(() => vi.restoreAllMocks());

describe('the message box after a canned reply is picked', () => {
  it('keeps what is typed before the next frame in place (a busy machine)', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(
      <Composer chatId="chat-1" locked={false} onSend={() => {}} contactName="Pau Serra" />,
    );
    queryClient.setQueryData(cannedReplyKeys.list, [reply('hours', 'Hi {name}, we open at 9.')]);
    queryClient.setQueryData(cannedReplyKeys.variables('chat-1'), {
      values: {
        first_name: 'Pau',
        name: 'Pau Serra',
        professional: null,
        next_appointment: null,
        booking_link: null,
      },
    });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.click(box);
    await user.keyboard('/hours');
    // In the list (opening: its transition has no frames to run in this test).
    await screen.findByRole('option', { name: /\/hours/, hidden: true });
    // From the pick on, frames wait until the test lets them run: typing gets in between, as on a
    // loaded machine.
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    await user.keyboard('{Tab}');
    await waitFor(() => expect(box).toHaveValue('Hi Pau Serra, we open at 9.'));
    await user.keyboard(' See');
    for (const frame of frames.splice(0)) frame(performance.now());
    await user.keyboard(' you');
    expect(box).toHaveValue('Hi Pau Serra, we open at 9. See you');
  });
});
