import { useParams } from 'react-router';
import { useChatEvents } from './api';
import { ChatConversation } from './components/chat-conversation';
import { ChatLayout } from './components/chat-layout';

export function ChatPage() {
  const { id = '' } = useParams();
  useChatEvents();

  return (
    <ChatLayout activeChatId={id}>
      <ChatConversation key={id} chatId={id} />
    </ChatLayout>
  );
}
