import type { NotificationType } from '@chatdesk/contract/notifications';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';

export const NOTIFICATION_TYPE_STYLE = {
  info: { label: 'Info', color: 'blue', Icon: IconInfoCircle },
  success: { label: 'Success', color: 'teal', Icon: IconCircleCheck },
  warning: { label: 'Warning', color: 'orange', Icon: IconAlertTriangle },
  error: { label: 'Error', color: 'red', Icon: IconAlertCircle },
} as const satisfies Record<NotificationType, { label: string; color: string; Icon: unknown }>;
