// The one editor of the discussion (a new topic, a reply, an edit): a title for a new topic, the
// markdown body with Write | Preview tabs (the preview through the same <Markdown> the posts are
// read with) and its counter against 20,000 characters, @mentions suggested as one types, and the
// organiser's 'Announcement' box on a new topic. Checked by the shared schema and the shared body
// rule (too many mentions, quotes too deep: said as soon as it is broken, before the server
// refuses it); a refusal (a limit's 429 with its sentence, a 403's reason) is shown beside the
// body, where the writer is looking.
import { Box, Stack, Tabs, Text } from '@chakra-ui/react';
import { Form, Formik, useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { DISCUSSION_MESSAGES as M, MAX_POST_CHARS } from '../../../shared/discussion';
import { postBodyProblem } from '../../../shared/mentions';
import { ZPostBody, ZTopicTitle } from '../../../shared/schemas/discussion';
import type { ServerFieldRules } from '../../lib/errors';
import { useZodForm } from '../../lib/useZodForm';
import { CheckboxField } from '../common/CheckboxField';
import { FocusFirstError } from '../common/FocusFirstError';
import { InlineFormActions } from '../common/FormButtons';
import { FormField } from '../common/FormField';
import { Markdown } from '../common/Markdown';
import { TextareaField } from '../common/TextareaField';
import { MentionSuggestions } from './MentionSuggestions';
import { useMentionSuggestions } from './useMentionSuggestions';

export type EditorMode = 'topic' | 'reply' | 'edit';

export interface EditorValues {
  title: string;
  body: string;
  announcement: boolean;
}

const PROBLEM_MESSAGES = {
  too_many_mentions: M.tooManyMentions,
  quotes_too_deep: M.quotesTooDeep,
} as const;
const BODY_PROBLEMS = new Set<string>(Object.values(PROBLEM_MESSAGES));

/** The shared body schema and the rule the server refuses a body by, said beside the field. */
const Body = ZPostBody.superRefine((body, ctx) => {
  const problem = postBodyProblem(body);
  if (problem) ctx.addIssue({ code: 'custom', message: PROBLEM_MESSAGES[problem] });
});

const SCHEMAS = {
  topic: z.object({ title: ZTopicTitle, body: Body }),
  reply: z.object({ body: Body }),
  edit: z.object({ body: Body }),
};

const SERVER_FIELDS: ServerFieldRules = {
  byMessage: { [M.titleRequired]: 'title', [M.titleTooLong]: 'title' },
  fields: ['title', 'body'],
  // Every other refusal (too soon, barred, locked, closed) is about what is being posted.
  otherwise: 'body',
};

const BODY_LABEL = { topic: 'Message', reply: 'Your reply', edit: 'Edit post' } as const;
const LIMIT = `Markdown; at most ${MAX_POST_CHARS.toLocaleString('en-US')} characters.`;

function BodyTabs({
  mode,
  idPrefix,
  contestId,
}: {
  mode: EditorMode;
  idPrefix: string;
  contestId: number;
}) {
  const { values, errors, touched, setFieldTouched } = useFormikContext<EditorValues>();
  const [tab, setTab] = useState('write');
  const mentions = useMentionSuggestions({ contestId, name: 'body', idPrefix });
  // Too many mentions or quotes too deep is shown while typing, not first on leaving the field.
  const problem = errors.body !== undefined && BODY_PROBLEMS.has(errors.body);
  useEffect(() => {
    if (problem && !touched.body) void setFieldTouched('body', true, false);
  }, [problem, touched.body, setFieldTouched]);
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
        <Box position="relative">
          <TextareaField
            name="body"
            label={BODY_LABEL[mode]}
            helperText={LIMIT}
            required
            rows={mode === 'reply' ? 5 : 8}
            maxLength={MAX_POST_CHARS}
            {...mentions.textareaProps}
          />
          {mentions.list ? <MentionSuggestions {...mentions.list} /> : null}
        </Box>
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
  contestId,
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
  /** Whose members the @mention suggestions offer. */
  contestId: number;
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
          <BodyTabs mode={mode} idPrefix={idPrefix} contestId={contestId} />
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
