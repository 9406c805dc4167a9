// A Formik-bound markdown text with a Write / Preview switch: the preview renders it exactly as
// the contest page will.
import { Box, Stack, Tabs, Text } from '@chakra-ui/react';
import { useField } from 'formik';
import { useState, type ReactNode } from 'react';
import { Markdown } from './Markdown';
import { TextareaField } from './TextareaField';

interface Props {
  name: string;
  label: string;
  helperText?: ReactNode;
  rows?: number;
}

export function MarkdownField({ name, label, helperText, rows = 12 }: Props) {
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [field, meta] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Tabs.Root
      value={mode}
      onValueChange={(e) => setMode(e.value === 'preview' ? 'preview' : 'write')}
      variant="enclosed"
      size="sm"
    >
      <Tabs.List aria-label={`${label}: write or preview`}>
        <Tabs.Trigger value="write">Write</Tabs.Trigger>
        <Tabs.Trigger value="preview">Preview</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="write">
        <TextareaField
          name={name}
          label={label}
          helperText={helperText}
          rows={rows}
          fontFamily="mono"
          fontSize="sm"
        />
      </Tabs.Content>
      <Tabs.Content value="preview">
        <Stack gap="2">
          <Text fontWeight="medium" fontSize="sm">
            {label} (preview)
          </Text>
          <Box borderWidth="1px" rounded="md" p="4" minH="32">
            {field.value?.trim() ? (
              <Markdown>{field.value}</Markdown>
            ) : (
              <Text color="fg.muted">Nothing to preview yet.</Text>
            )}
          </Box>
          {invalid ? (
            <Text color="red.fg" fontSize="sm">
              {meta.error}
            </Text>
          ) : null}
        </Stack>
      </Tabs.Content>
    </Tabs.Root>
  );
}
