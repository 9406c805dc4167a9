// 'Send the link again': Account Settings' e-mail card, and wherever a refusal asks for a
// verified e-mail (the contest page's join panel, the payment page).
import { Button, type ButtonProps } from '@chakra-ui/react';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';

const toasts = keyedToasts('verify-email');

export function ResendVerificationButton(props: Omit<ButtonProps, 'onClick' | 'loading'>) {
  const resend = trpc.email.resend.useMutation(
    toastOutcome(toasts, {
      success: (result: { message: string }) => ['Verification e-mail sent', result.message],
      failure: 'Failed to send the verification e-mail',
    }),
  );
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
