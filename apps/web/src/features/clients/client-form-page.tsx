import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export function ClientFormPage() {
  const { id } = useParams();
  return <PlaceholderPage title={id ? 'Edit Client' : 'New Client'} />;
}
