// The admin's editor for an Education Center item: the fields of the shared schema, the featured
// image through the upload service, and the body in markdown with a preview (imported items keep
// their HTML, which the server allow-lists again on save).
import { Box, Center, SimpleGrid, Spinner, Tabs, Text } from '@chakra-ui/react';
import { useField } from 'formik';
import { lazy, Suspense } from 'react';
import { z } from 'zod';
import {
  EDUCATION_KINDS,
  EDUCATION_KIND_LABELS,
  EDUCATION_LIMITS,
  ZEducationFormSchema,
  type EducationKind,
  type EducationSource,
  type TEducationForm,
  type TEducationItem,
} from '../../../../shared/schemas/education';
import type { ServerFieldRules } from '../../../lib/errors';
import { toastError } from '../../../lib/toaster';
import { useZodForm } from '../../../lib/useZodForm';
import { FileDropzone } from '../../common/FileDropzone';
import { InlineFormActions } from '../../common/FormButtons';
import { FormField } from '../../common/FormField';
import { StackForm } from '../../common/StackForm';
import { SelectField } from '../../common/SelectField';

const SafeContent = lazy(() => import('../../education/SafeContent'));

const KIND_OPTIONS = EDUCATION_KINDS.map((k) => ({ value: k, label: EDUCATION_KIND_LABELS[k] }));

export interface EducationFormValues {
  title: string;
  kind: EducationKind;
  category: string;
  excerpt: string;
  /** Comma-separated in the form; a list on the wire. */
  tags: string;
  slug: string;
  featuredImage: string | null;
  content: string;
}

// The shared schema, with the tags as the text the admin types (Formik hands an empty field to
// the schema as undefined).
const ZFormValues = ZEducationFormSchema.extend({
  tags: z
    .string()
    .max(
      EDUCATION_LIMITS.tags * (EDUCATION_LIMITS.tag + 2),
      `At most ${EDUCATION_LIMITS.tags} tags`,
    )
    .optional(),
});

export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

export function initialValuesOf(item?: TEducationItem): EducationFormValues {
  return {
    title: item?.title ?? '',
    kind: item?.kind ?? 'article',
    category: item?.category ?? '',
    excerpt: item?.excerpt ?? '',
    tags: item?.tags.join(', ') ?? '',
    slug: item?.slug ?? '',
    featuredImage: item?.featuredImage ?? null,
    content: item?.content ?? '',
  };
}

export function toRequest(values: EducationFormValues): TEducationForm {
  return { ...values, tags: splitTags(values.tags) };
}

function FeaturedImageField() {
  const [field, , helpers] = useField<string | null>('featuredImage');
  return (
    <FileDropzone
      label="Featured Image"
      purpose="cover"
      value={field.value}
      onChange={(url) => void helpers.setValue(url)}
      onError={() => toastError('Upload failed', 'Failed to upload image. Please try again.')}
      helperText="PNG, JPG or WebP, up to 3MB; 1200x630 works well."
    />
  );
}

function ContentEditor({ source }: { source: EducationSource }) {
  const [field] = useField<string>('content');
  const html = source === 'wordpress';
  return (
    <Tabs.Root defaultValue="write" variant="enclosed" size="sm">
      <Tabs.List>
        <Tabs.Trigger value="write">Write</Tabs.Trigger>
        <Tabs.Trigger value="preview">Preview</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="write">
        <FormField
          name="content"
          label={html ? 'Content (HTML)' : 'Content (Markdown)'}
          multiline={16}
          fontFamily="mono"
          helperText={
            html
              ? 'Imported from WordPress: only safe HTML (text, links, images, tables) is kept.'
              : 'Markdown: ## headings, **bold**, *italic*, [links](https://…), lists and tables.'
          }
        />
      </Tabs.Content>
      <Tabs.Content value="preview">
        <Box borderWidth="1px" rounded="md" p="4" minH="40">
          {field.value.trim() ? (
            <Suspense
              fallback={
                <Center py="8" role="status" aria-label="Loading preview">
                  <Spinner />
                </Center>
              }
            >
              <SafeContent content={field.value} source={source} />
            </Suspense>
          ) : (
            <Text color="fg.muted">Nothing to preview yet.</Text>
          )}
        </Box>
      </Tabs.Content>
    </Tabs.Root>
  );
}

interface Props {
  item?: TEducationItem;
  submitLabel: string;
  onSubmit: (request: TEducationForm) => Promise<unknown>;
  onCancel: () => void;
}

const SERVER_FIELDS: ServerFieldRules = {
  byMessage: { 'This slug is already used by another item': 'slug' },
  fields: ['title', 'kind', 'category', 'excerpt', 'content', 'slug', 'featuredImage'],
};

export function EducationForm({ item, submitLabel, onSubmit, onCancel }: Props) {
  const form = useZodForm<EducationFormValues, unknown>({
    initialValues: initialValuesOf(item),
    schema: ZFormValues,
    serverFields: SERVER_FIELDS,
    submit: (values) => onSubmit(toRequest(values)),
  });
  return (
    <StackForm form={form} gap="5">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField name="title" label="Title" required autoComplete="off" />
        <SelectField name="kind" label="Kind" options={KIND_OPTIONS} />
        <FormField name="category" label="Category" autoComplete="off" />
        <FormField
          name="tags"
          label="Tags"
          autoComplete="off"
          helperText="Separated by commas, e.g. forex, risk management"
        />
        <FormField
          name="slug"
          label="Slug"
          autoComplete="off"
          helperText="The address: /education/your-slug. Empty: made from the title."
        />
      </SimpleGrid>
      <FormField
        name="excerpt"
        label="Excerpt"
        multiline={2}
        helperText="One or two sentences shown on the card."
      />
      <FeaturedImageField />
      <ContentEditor source={item?.source ?? 'local'} />
      <InlineFormActions submitLabel={submitLabel} cancelVariant="outline" onCancel={onCancel} />
    </StackForm>
  );
}
