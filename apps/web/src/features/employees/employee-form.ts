import {
  type Availability,
  type CreateEmployeeRequest,
  type Employee,
  mergeLocations,
  type TimeRange,
  type UpdateEmployeeRequest,
  WEEKDAYS,
  type Weekday,
} from '@chatdesk/contract/employees';

/** Every weekday is present, so the editor never has to ask whether a day exists. */
export type WeeklyRanges = Record<Weekday, TimeRange[]>;

export type EmployeeFormValues = {
  name: string;
  email: string;
  username: string;
  password: string;
  title: string;
  role: string;
  isActive: boolean;
  takesBookings: boolean;
  locations: string[];
  /** Location text typed but not yet turned into tags. */
  locationDraft: string;
  availability: WeeklyRanges;
};

export const NEW_RANGE: TimeRange = ['09:00', '19:00'];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export function toWeeklyRanges(availability: Availability | undefined): WeeklyRanges {
  const week = {} as WeeklyRanges;
  for (const day of WEEKDAYS) week[day] = (availability?.[day] ?? []).map(([start, end]) => [start, end]);
  return week;
}

export function emptyEmployeeValues(): EmployeeFormValues {
  return {
    name: '',
    email: '',
    username: '',
    password: '',
    title: '',
    role: '',
    isActive: true,
    takesBookings: true,
    locations: [],
    locationDraft: '',
    availability: toWeeklyRanges({}),
  };
}

export function toFormValues(employee: Employee): EmployeeFormValues {
  return {
    name: employee.name,
    email: employee.email,
    username: employee.username,
    password: '',
    title: employee.title ?? '',
    role: employee.role ?? '',
    isActive: employee.isActive,
    takesBookings: employee.takesBookings,
    locations: [...employee.locations],
    locationDraft: '',
    availability: toWeeklyRanges(employee.availability),
  };
}

/** A range whose end is not after its start gives no slots; it may be saved but is flagged. */
export function isRangeInvalid([start, end]: TimeRange): boolean {
  return end <= start;
}

/** Turns typed location text into tags; the text is cleared once it has been taken in. */
export function commitLocationDraft(
  locations: string[],
  draft: string,
): { locations: string[]; draft: string } {
  if (!draft.trim().replaceAll(',', '').trim()) return { locations, draft: '' };
  return { locations: mergeLocations(locations, draft), draft: '' };
}

/** Leaving the field only takes the text in when it is clearly a list. */
export function shouldCommitOnBlur(draft: string): boolean {
  return draft.includes(',');
}

export function toRequest(values: EmployeeFormValues): CreateEmployeeRequest & UpdateEmployeeRequest {
  const availability: Availability = {};
  for (const day of WEEKDAYS) {
    if (values.availability[day].length > 0) availability[day] = values.availability[day];
  }
  return {
    name: values.name,
    email: values.email,
    username: values.username,
    password: values.password,
    title: values.title,
    role: values.role,
    isActive: values.isActive,
    takesBookings: values.takesBookings,
    // Text still in the box when saving is what the user meant to add.
    locations: mergeLocations(values.locations, values.locationDraft),
    availability,
  };
}
