import { PlaceholderPage } from '../../components/placeholder-page';

export function ClientDetailPage() {
  return <PlaceholderPage title="Client Details" />;
}
