import { PlaceholderPage } from '../../components/placeholder-page';

export function AppointmentsPage() {
  return <PlaceholderPage title="Appointments" />;
}
