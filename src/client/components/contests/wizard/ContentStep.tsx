// Step 5, Content & Extras: the detailed description (markdown), external link, PDF guide and
// the leaderboard and comments switches (with comments on, the 'open discussion' one).
import { Stack, Text } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { keyedToasts } from '../../../lib/toaster';
import { FileDropzone } from '../../common/FileDropzone';
import { FormField } from '../../common/FormField';
import { MarkdownField } from '../../common/MarkdownField';
import { SwitchField } from '../../common/SwitchField';
import type { WizardValues } from './formValues';

const guideToasts = keyedToasts('guideUpload');

export function ContentStep() {
  const { values, setFieldValue, touched, errors } = useFormikContext<WizardValues>();
  return (
    <Stack gap="5">
      <MarkdownField
        name="description"
        label="Detailed Description"
        helperText="At least 50 characters. Markdown is supported: ## headings, **bold**, lists, links."
      />
      <FormField
        name="externalLink"
        label="External Link"
        type="url"
        placeholder="https://"
        helperText="Optional. A page with more about the contest."
      />
      <Stack gap="1">
        <FileDropzone
          label="PDF Guide"
          purpose="guide"
          value={values.pdfGuide || null}
          onChange={(url) => {
            void setFieldValue('pdfGuide', url ?? '');
            if (url) guideToasts.success('PDF uploaded');
          }}
          onError={() =>
            guideToasts.error('Upload failed', 'Failed to upload PDF. Please try again.')
          }
          helperText="Optional. A PDF up to 10MB."
        />
        {touched.pdfGuide && errors.pdfGuide ? (
          <Text color="red.fg" fontSize="sm">
            {errors.pdfGuide}
          </Text>
        ) : null}
      </Stack>
      <SwitchField
        name="enableLeaderboard"
        label="Enable Leaderboard"
        description="Show a ranked leaderboard of the participants."
      />
      <SwitchField
        name="enableComments"
        label="Enable Comments"
        description="Let participants discuss the contest."
      />
      {values.enableComments ? (
        <SwitchField
          name="openDiscussion"
          label="Open discussion to every signed-in member"
          description="Off: only participants, the organiser and staff can post."
        />
      ) : null}
    </Stack>
  );
}
