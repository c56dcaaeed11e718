import type { Employee } from '@chatdesk/contract/employees';
import { Box, Button, Card, CloseButton, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { SearchQueryProvider } from '../../components/highlight-match';
import { LoadMore } from '../../components/load-more';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { fromList } from '../../lib/back-to';
import { useDebouncedSearchParam } from '../../lib/debounced-search-param';
import { refusalText } from '../../lib/mutation-feedback';
import { paths } from '../../lib/paths';
import { useDeleteEmployee, useEmployees } from './api';
import { DeleteEmployeeModal } from './components/delete-employee-modal';
import { EmployeeTable } from './components/employee-table';

export function EmployeesPage() {
  const { value: search, setValue: changeSearch, applied: appliedSearch } = useDebouncedSearchParam('search');
  const employees = useEmployees(appliedSearch);
  const remove = useDeleteEmployee();
  const [toDelete, setToDelete] = useState<Employee | null>(null);
  const location = useLocation();

  const closeDelete = () => {
    if (remove.isPending) return;
    remove.reset();
    setToDelete(null);
  };

  // A failed delete is logged (spec §8) and said in the dialog, which stays open to retry or cancel.
  const confirmDelete = (employee: Employee) =>
    remove.mutate(employee.id, { onSuccess: () => setToDelete(null) });

  return (
    <Box maw={1200}>
      <PageHeader
        title="Employees"
        description="Your team, their booking calendars and weekly availability."
        actions={
          <Button
            component={Link}
            to={paths.employeeNew}
            state={fromList(location)}
            leftSection={<IconPlus size={18} />}
          >
            Add Employee
          </Button>
        }
      />

      <Stack gap="lg">
        <TextInput
          aria-label="Search employees"
          placeholder="Search by name, email, username or role..."
          leftSection={<IconSearch size={16} />}
          rightSection={
            search ? (
              <CloseButton size="sm" aria-label="Clear search" onClick={() => changeSearch('')} />
            ) : null
          }
          value={search}
          onChange={(event) => changeSearch(event.currentTarget.value)}
          maw={420}
        />

        <QueryState query={employees} loadingLabel="Loading employees" errorTitle="Failed to load employees">
          {(data) => (
            <Card
              p={0}
              style={{ opacity: employees.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            >
              {data.length === 0 ? (
                <EmptyState
                  icon={<IconUsers size={28} />}
                  title={
                    appliedSearch.trim() ? 'No employees found matching your search' : 'No employees found'
                  }
                />
              ) : (
                <>
                  <SearchQueryProvider query={appliedSearch}>
                    <EmployeeTable employees={data} onDelete={setToDelete} />
                  </SearchQueryProvider>
                  <LoadMore
                    hasNextPage={employees.hasNextPage}
                    isFetchingNextPage={employees.isFetchingNextPage}
                    fetchNextPage={employees.fetchNextPage}
                  />
                </>
              )}
            </Card>
          )}
        </QueryState>
      </Stack>

      <DeleteEmployeeModal
        employee={toDelete}
        busy={remove.isPending}
        error={remove.isError ? refusalText(remove.error, 'Failed to delete employee') : null}
        onConfirm={confirmDelete}
        onClose={closeDelete}
      />
    </Box>
  );
}
