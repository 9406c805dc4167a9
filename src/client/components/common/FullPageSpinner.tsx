import { Center, Spinner } from '@chakra-ui/react';

export function FullPageSpinner() {
  return (
    <Center minH="100vh" role="status" aria-label="Loading">
      <Spinner size="xl" colorPalette="purple" color="colorPalette.solid" />
    </Center>
  );
}
