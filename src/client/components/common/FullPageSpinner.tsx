// What shows while the session or a screen's code loads. The whole-page one stands in for a page
// and is its <main>, so even the loading state has its content in a landmark (axe 'region').
import { Center, Spinner } from '@chakra-ui/react';
import { MainLandmark } from '../layout/MainLandmark';

export function FullPageSpinner() {
  return (
    <MainLandmark>
      <Center minH="100vh" role="status" aria-label="Loading">
        <Spinner size="xl" colorPalette="purple" color="colorPalette.solid" />
      </Center>
    </MainLandmark>
  );
}

/** Inside the app's layout, while a screen's code loads: the sidebar and the main stay. */
export function PageSpinner() {
  return (
    <Center py="16" role="status" aria-label="Loading page">
      <Spinner size="xl" colorPalette="purple" color="colorPalette.solid" />
    </Center>
  );
}
