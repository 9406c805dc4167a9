import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { toaster } from '../../lib/toaster';

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster
        toaster={toaster}
        insetInline={{ mdDown: '4' }}
        // Where the phone's bottom navigation is shown, toasts stand above it, not on it.
        css={{
          mdDown: {
            'body:has([data-bottom-nav]) &': { '--toast-offset-bottom': 'calc(1rem + 4rem)' },
          },
        }}
      >
        {(toast) => (
          <Toast.Root
            width={{ md: 'sm' }}
            // Darker than the theme's solid colours, so white text passes WCAG AA (4.5:1).
            css={{
              '&[data-type=error]': { bg: 'red.700' },
              '&[data-type=success]': { bg: 'green.700' },
            }}
          >
            {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && (
                <Toast.Description opacity={1}>{toast.description}</Toast.Description>
              )}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger aria-label="Close notification" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
