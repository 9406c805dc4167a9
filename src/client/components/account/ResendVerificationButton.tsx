// 'Send the link again': Account Settings' e-mail card, and wherever a refusal asks for a
// verified e-mail (the contest page's join panel, the payment page).
import { Button, type ButtonProps } from '@chakra-ui/react';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { trpc } from '../../lib/trpc';

const toasts = keyedToasts('verify-email');

export function ResendVerificationButton(props: Omit<ButtonProps, 'onClick' | 'loading'>) {
  const resend = trpc.email.resend.useMutation({
    onSuccess: (result) => toasts.success('Verification e-mail sent', result.message),
    onError: (error) =>
      toasts.error('Error', errorMessage(error, 'Failed to send the verification e-mail')),
  });
  return (
    <Button
      variant="outline"
      {...props}
      onClick={() => resend.mutate()}
      loading={resend.isPending}
      disabled={resend.isSuccess}
    >
      {resend.isSuccess ? 'Verification e-mail sent' : 'Send verification e-mail again'}
    </Button>
  );
}
