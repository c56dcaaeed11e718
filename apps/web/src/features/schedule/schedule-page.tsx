import { PublicPlaceholderPage } from '../../components/public-placeholder-page';

export function SchedulePage() {
  return <PublicPlaceholderPage title="Book an Appointment" />;
}
