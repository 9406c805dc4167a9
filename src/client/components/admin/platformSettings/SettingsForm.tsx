// The frame of an admin settings form: a spinner until the settings came, then the form, which
// follows them when they change (enableReinitialize) and starts clean from what was saved.
import { Spinner, Stack } from '@chakra-ui/react';
import { Form, Formik, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useZodForm } from '../../../lib/useZodForm';

interface Props<Values extends FormikValues> {
  /** The settings, undefined while they load. */
  current: Values | undefined;
  loadingLabel: string;
  schema: z.ZodType<unknown>;
  /** The call that saves them and answers what was saved. */
  save: (values: Values) => Promise<Values>;
  maxW: string;
  children: ReactNode;
}

export function SettingsForm<Values extends FormikValues>({
  current,
  loadingLabel,
  ...props
}: Props<Values>) {
  if (!current) return <Spinner aria-label={loadingLabel} />;
  return <LoadedSettingsForm current={current} {...props} />;
}

function LoadedSettingsForm<Values extends FormikValues>({
  current,
  schema,
  save,
  maxW,
  children,
}: Omit<Props<Values>, 'loadingLabel' | 'current'> & { current: Values }) {
  const form = useZodForm({
    initialValues: current,
    schema,
    submit: save,
    onSuccess: (saved, { resetForm }) => resetForm({ values: saved }),
  });
  return (
    <Formik {...form} enableReinitialize>
      {() => (
        <Form noValidate>
          <Stack gap="6" maxW={maxW}>
            {children}
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
