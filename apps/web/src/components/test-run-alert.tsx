import type { TestRun } from '@chatdesk/contract/teaching';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconListCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { describeRun, ENGINE_LABELS } from '../lib/teaching-format';

type TestRunAlertProps = {
  run: TestRun;
  /** Name each failing test and why, where the run's cases are not listed beside it. */
  listFailures?: boolean;
};

/** The test set's run in a line: all pass in green, any failure in red, no tests yet said so. */
export function TestRunAlert({ run, listFailures = false }: TestRunAlertProps) {
  const engine = `Run on ${ENGINE_LABELS[run.engine]}.`;
  if (run.total === 0) {
    return (
      <Alert color="gray" icon={<IconListCheck size={18} />} title="No test set yet" role="status">
        Add the conversations the assistant must always get right in{' '}
        <Anchor component={Link} to={paths.settingsSection('test-set')} inherit underline="always">
          Settings → Test Set
        </Anchor>
        , and every lesson will be checked against them.
      </Alert>
    );
  }
  const failures = run.results.filter((result) => !result.passed);
  if (failures.length === 0) {
    return (
      <Alert color="teal" icon={<IconCircleCheck size={18} />} title={describeRun(run)} role="status">
        Every test still gets the answer it expects. {engine}
      </Alert>
    );
  }
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={describeRun(run)} role="alert">
      {listFailures ? (
        <>
          <Text size="sm" mb={4}>
            {failures.length === 1 ? 'This test fails:' : 'These tests fail:'}
          </Text>
          <List size="sm" spacing={4} mb={4}>
            {failures.map((result) => (
              <List.Item key={result.testId} style={{ overflowWrap: 'anywhere' }}>
                <Text span inherit fw={600}>
                  {result.name}
                </Text>
                {result.failure ? `: ${result.failure}` : null}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
      <Text size="sm">{listFailures ? engine : `The failing tests are marked Fail below. ${engine}`}</Text>
    </Alert>
  );
}
