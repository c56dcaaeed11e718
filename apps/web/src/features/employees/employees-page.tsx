import { PlaceholderPage } from '../../components/placeholder-page';

export function EmployeesPage() {
  return <PlaceholderPage title="Employees" />;
}
