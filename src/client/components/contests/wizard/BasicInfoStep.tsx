// Step 1, Basic Information: title, category, short description, cover image.
import { Stack, Text } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { CATEGORY_LABELS, CONTEST_LIMITS } from '../../../../shared/contests';
import { keyedToasts } from '../../../lib/toaster';
import { FileDropzone } from '../../common/FileDropzone';
import { FormField } from '../../common/FormField';
import { SelectField } from '../../common/SelectField';
import { TextareaField } from '../../common/TextareaField';
import type { WizardValues } from './formValues';
import { TemplateOfferPanel } from './TemplateOfferPanel';
import { useTemplateOffer } from './useTemplateOffer';
import type { WizardVariant } from './variants';

const coverToasts = keyedToasts('coverUpload');

export function BasicInfoStep({ variant }: { variant: WizardVariant }) {
  const { values, setFieldValue, touched, errors } = useFormikContext<WizardValues>();
  const template = useTemplateOffer();
  return (
    <Stack gap="5">
      <FormField name="title" label="Contest Title" placeholder="e.g. Spring Trading Cup" />
      <SelectField
        name="category"
        label="Category"
        options={variant.categories.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
        onValueChange={template.offerFor}
      />
      <TemplateOfferPanel offer={template} />
      <TextareaField
        name="shortDescription"
        label="Short Description"
        helperText="Shown on contest cards, 10 to 300 characters."
        maxLength={CONTEST_LIMITS.shortDescriptionMax}
        rows={3}
      />
      <Stack gap="1">
        <FileDropzone
          label="Cover Image"
          purpose="cover"
          value={values.coverImage || null}
          onChange={(url) => {
            void setFieldValue('coverImage', url ?? '');
            if (url) coverToasts.success('Image uploaded');
          }}
          onError={() =>
            coverToasts.error('Upload failed', 'Failed to upload image. Please try again.')
          }
          helperText={variant.coverHint}
        />
        {touched.coverImage && errors.coverImage ? (
          <Text color="red.fg" fontSize="sm">
            {errors.coverImage}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}
