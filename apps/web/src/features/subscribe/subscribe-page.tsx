import { PublicPlaceholderPage } from '../../components/public-placeholder-page';

export function SubscribePage() {
  return <PublicPlaceholderPage title="Subscribe" />;
}
