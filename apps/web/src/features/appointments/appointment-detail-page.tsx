import { PlaceholderPage } from '../../components/placeholder-page';

export function AppointmentDetailPage() {
  return <PlaceholderPage title="Appointment Details" />;
}
