import { PublicPlaceholderPage } from '../../components/public-placeholder-page';

export function ChatSimulatorPage() {
  return <PublicPlaceholderPage title="Chat Simulator" />;
}
