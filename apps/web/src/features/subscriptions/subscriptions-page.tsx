import { PlaceholderPage } from '../../components/placeholder-page';

export function SubscriptionsPage() {
  return <PlaceholderPage title="Subscriptions" />;
}
