import { PlaceholderPage } from '../../components/placeholder-page';

export function ChatPage() {
  return <PlaceholderPage title="Chat" />;
}
