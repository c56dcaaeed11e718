import { lazy, Suspense, useState } from 'react';
import type { AuthenticationDialogProps } from './authentication-modal';

const AuthenticationModal = lazy(() =>
  import('./authentication-modal').then((m) => ({ default: m.AuthenticationModal })),
);

/**
 * The local provider's stand-in for a bank's 3-D Secure page. Its modal (with focus trap and
 * scroll lock) loads the first time a card asks for it, not with the payment page.
 */
export function AuthenticationDialog(props: AuthenticationDialogProps) {
  const [needed, setNeeded] = useState(props.opened);
  if (props.opened && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AuthenticationModal {...props} />
    </Suspense>
  );
}
