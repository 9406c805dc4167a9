// The one editor of the discussion (a new topic, a reply, an edit): a title for a new topic, the
// markdown body with Write | Preview tabs (the preview through the same <Markdown> the posts are
// read with) and its counter against 20,000 characters, and the organiser's 'Announcement' box on
// a new topic. Checked by the shared schema; a refusal (a limit's 429 with its sentence, a 403's
// reason) is shown beside the body, where the writer is looking.
import { Stack, Tabs, Text } from '@chakra-ui/react';
import { Form, Formik, useFormikContext } from 'formik';
import { useState } from 'react';
import { z } from 'zod';
import { DISCUSSION_MESSAGES as M, MAX_POST_CHARS } from '../../../shared/discussion';
import { ZPostBody, ZTopicTitle } from '../../../shared/schemas/discussion';
import type { ServerFieldRules } from '../../lib/errors';
import { useZodForm } from '../../lib/useZodForm';
import { CheckboxField } from '../common/CheckboxField';
import { FocusFirstError } from '../common/FocusFirstError';
import { InlineFormActions } from '../common/FormButtons';
import { FormField } from '../common/FormField';
import { Markdown } from '../common/Markdown';
import { TextareaField } from '../common/TextareaField';

export type EditorMode = 'topic' | 'reply' | 'edit';

export interface EditorValues {
  title: string;
  body: string;
  announcement: boolean;
}

const SCHEMAS = {
  topic: z.object({ title: ZTopicTitle, body: ZPostBody }),
  reply: z.object({ body: ZPostBody }),
  edit: z.object({ body: ZPostBody }),
};

const SERVER_FIELDS: ServerFieldRules = {
  byMessage: { [M.titleRequired]: 'title', [M.titleTooLong]: 'title' },
  fields: ['title', 'body'],
  // Every other refusal (too soon, barred, locked, closed) is about what is being posted.
  otherwise: 'body',
};

const BODY_LABEL = { topic: 'Message', reply: 'Your reply', edit: 'Edit post' } as const;
const LIMIT = `Markdown; at most ${MAX_POST_CHARS.toLocaleString('en-US')} characters.`;

function BodyTabs({ mode, idPrefix }: { mode: EditorMode; idPrefix: string }) {
  const { values } = useFormikContext<EditorValues>();
  const [tab, setTab] = useState('write');
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(e) => setTab(e.value)}
      variant="enclosed"
      size="sm"
      // The preview is drawn once asked for; the textarea, once drawn, stays (Formik's field).
      lazyMount
      ids={{ root: `${idPrefix}-tabs` }}
    >
      <Tabs.List>
        <Tabs.Trigger value="write">Write</Tabs.Trigger>
        <Tabs.Trigger value="preview">Preview</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="write">
        <TextareaField
          name="body"
          label={BODY_LABEL[mode]}
          helperText={LIMIT}
          required
          rows={mode === 'reply' ? 5 : 8}
          maxLength={MAX_POST_CHARS}
        />
      </Tabs.Content>
      <Tabs.Content value="preview" minH="24">
        {values.body.trim() ? (
          <Markdown>{values.body}</Markdown>
        ) : (
          <Text color="fg.muted">Nothing to preview yet.</Text>
        )}
      </Tabs.Content>
    </Tabs.Root>
  );
}

export function PostEditor<Result>({
  mode,
  initial,
  canAnnounce = false,
  submitLabel,
  submit,
  onDone,
  onCancel,
  idPrefix,
  label,
}: {
  /** The form's name for assistive technology ('New topic', 'Reply', 'Edit your post'). */
  label: string;
  mode: EditorMode;
  initial?: Partial<EditorValues>;
  /** The organiser, on a new topic: the 'Announcement' box. */
  canAnnounce?: boolean;
  submitLabel: string;
  submit: (values: EditorValues) => Promise<Result>;
  onDone?: (result: Result) => void;
  onCancel?: () => void;
  /** Unique on the page: an editor per post may be open at once. */
  idPrefix: string;
}) {
  const form = useZodForm<EditorValues, Result>({
    initialValues: { title: '', body: '', announcement: false, ...initial },
    schema: SCHEMAS[mode],
    serverFields: SERVER_FIELDS,
    validateOnBlur: false,
    submit,
    onSuccess: (result, helpers) => {
      helpers.resetForm({ values: { title: '', body: '', announcement: false } });
      onDone?.(result);
    },
  });
  return (
    <Formik {...form}>
      <Form noValidate aria-label={label}>
        <FocusFirstError />
        <Stack gap="4">
          {mode === 'topic' ? (
            <FormField name="title" label="Title" required maxLength={200} />
          ) : null}
          <BodyTabs mode={mode} idPrefix={idPrefix} />
          {mode === 'topic' && canAnnounce ? (
            <CheckboxField
              name="announcement"
              label="Announcement"
              description="Pinned at the top of the discussion and sent to every participant."
            />
          ) : null}
          <InlineFormActions submitLabel={submitLabel} onCancel={onCancel} />
        </Stack>
      </Form>
    </Formik>
  );
}
