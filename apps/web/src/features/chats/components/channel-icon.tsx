import type { ChatChannel } from '@chatdesk/contract/chats';
import { IconBrandWhatsapp, IconFlask, IconWorld } from '@tabler/icons-react';
import { CHANNEL_LABELS } from '../chat-format';

const ICONS = { whatsapp: IconBrandWhatsapp, web: IconWorld, simulator: IconFlask } as const;

/** Where the chat's customer writes from, as an icon with its name for screen readers and on hover. */
export function ChannelIcon({ channel, size = 14 }: { channel: ChatChannel; size?: number }) {
  const Icon = ICONS[channel];
  const label = CHANNEL_LABELS[channel];
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="channel-icon"
      style={{ display: 'inline-flex', flexShrink: 0, color: 'var(--mantine-color-dimmed)' }}
    >
      <Icon size={size} stroke={1.8} aria-hidden />
    </span>
  );
}
