import { PlaceholderPage } from '../../components/placeholder-page';

export function SubscriptionNewPage() {
  return <PlaceholderPage title="Create Subscription" />;
}
