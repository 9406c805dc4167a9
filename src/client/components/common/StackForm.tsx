// The frame most Formik forms share: a form whose fields stand in one column, with
// FocusFirstError (a failed submit focuses the first field in error).
import { Stack, type StackProps } from '@chakra-ui/react';
import { Form, Formik, type FormikConfig, type FormikProps, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import { FocusFirstError } from './FocusFirstError';

export function StackForm<Values extends FormikValues>({
  form,
  children,
  ...stackProps
}: Omit<StackProps, 'children'> & {
  /** What useZodForm answers (or any Formik config). */
  form: FormikConfig<Values>;
  /** The fields and buttons, or a function of the form's state for those that read it. */
  children: ReactNode | ((formik: FormikProps<Values>) => ReactNode);
}) {
  return (
    <Formik {...form}>
      {(formik) => (
        <Form noValidate>
          <FocusFirstError />
          <Stack {...stackProps}>
            {typeof children === 'function' ? children(formik) : children}
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
