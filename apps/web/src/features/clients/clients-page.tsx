import { PlaceholderPage } from '../../components/placeholder-page';

export function ClientsPage() {
  return <PlaceholderPage title="Clients" />;
}
