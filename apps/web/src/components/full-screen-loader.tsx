import { Center, Loader } from '@mantine/core';

export function FullScreenLoader() {
  return (
    <Center h="100vh" w="100%" role="status" aria-label="Loading">
      <Loader size="lg" />
    </Center>
  );
}
