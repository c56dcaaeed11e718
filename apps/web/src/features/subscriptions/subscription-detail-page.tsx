import { PlaceholderPage } from '../../components/placeholder-page';

export function SubscriptionDetailPage() {
  return <PlaceholderPage title="Subscription Details" />;
}
