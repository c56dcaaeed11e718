import { PlaceholderPage } from '../../components/placeholder-page';

export function ChatsPage() {
  return <PlaceholderPage title="Chats" />;
}
