import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export function EmployeeFormPage() {
  const { id } = useParams();
  return <PlaceholderPage title={id ? 'Edit Employee' : 'New Employee'} />;
}
