// 'Import from WordPress': the admin gives a site's address; the server imports it as a job and
// this panel follows it (its progress is asked for twice a second while it runs), then shows
// how many posts were added, updated, unchanged and refused, and why any were refused.
import { Alert, Box, Button, Card, DataList, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import {
  ZStartImportRequestSchema,
  type TImportJob,
  type TImportProgress,
} from '../../../../shared/schemas/education';
import { errorMessage, type ServerFieldRules } from '../../../lib/errors';
import { useMarkStale } from '../../../lib/invalidation';
import { keyedToasts } from '../../../lib/toaster';
import { trpc } from '../../../lib/trpc';
import { useZodForm } from '../../../lib/useZodForm';
import { FormField } from '../../common/FormField';
import { ProgressBar } from '../../common/ProgressBar';
import { StackForm } from '../../common/StackForm';

const toasts = keyedToasts('educationImport');

/** Every refusal of a start is about the address (private, unreachable, busy). */
const ON_SITE_URL: ServerFieldRules = { byMessage: {}, otherwise: 'siteUrl' };

function Counts({ progress }: { progress: TImportProgress }) {
  const rows = [
    ['Added', progress.added],
    ['Updated', progress.updated],
    ['Unchanged', progress.unchanged],
    ['Refused', progress.refused],
  ] as const;
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

function JobView({ job }: { job: TImportJob }) {
  const { progress } = job;
  const percent = progress.totalPages
    ? Math.round((progress.page / progress.totalPages) * 100)
    : null;
  return (
    <Stack gap="3" role="status" aria-live="polite">
      {job.status === 'running' ? (
        <ProgressBar
          value={percent}
          aria-label="Import progress"
          label={<>Importing from {job.siteUrl}</>}
          status={
            progress.totalPages
              ? `Page ${progress.page} of ${progress.totalPages}`
              : 'Contacting the site…'
          }
        />
      ) : job.status === 'done' ? (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>Import finished</Alert.Title>
        </Alert.Root>
      ) : (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Import stopped</Alert.Title>
            <Alert.Description>
              {job.message} What was imported before it stopped was kept.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Counts progress={progress} />
      {progress.refusals.length ? (
        <Box>
          <Text fontSize="sm" fontWeight="medium">
            Refused posts
          </Text>
          <List.Root fontSize="sm" ps="5">
            {progress.refusals.map((r, i) => (
              <List.Item key={`${r.wpId ?? 'x'}-${i}`}>
                {r.title ?? `Post ${r.wpId ?? '(no id)'}`}: {r.reason}
              </List.Item>
            ))}
          </List.Root>
        </Box>
      ) : null}
    </Stack>
  );
}

export function ImportPanel() {
  const markStale = useMarkStale();
  const [jobId, setJobId] = useState<string | null>(null);
  const start = trpc.education.importStart.useMutation({
    onError: (error) =>
      toasts.error('Import failed', errorMessage(error, 'Failed to start import')),
  });
  // Live data: asked for again every half second while the job runs, then no more.
  const status = trpc.education.importStatus.useQuery(
    { jobId: jobId ?? '' },
    {
      enabled: Boolean(jobId),
      staleTime: 0,
      refetchInterval: (query) =>
        query.state.data?.status === 'running' && !query.state.error ? 500 : false,
    },
  );
  const form = useZodForm({
    initialValues: { siteUrl: '' },
    schema: ZStartImportRequestSchema,
    serverFields: ON_SITE_URL,
    submit: (values) => start.mutateAsync(values),
    onSuccess: (started) => setJobId(started.jobId),
  });
  const job = status.data ?? start.data;
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!job || job.status === 'running' || announced.current === job.jobId) return;
    announced.current = job.jobId;
    markStale('education.importStart');
    const p = job.progress;
    if (job.status === 'done') {
      toasts.success(
        'Import finished',
        `${p.added} added, ${p.updated} updated, ${p.unchanged} unchanged, ${p.refused} refused`,
      );
    } else {
      toasts.error('Import stopped', job.message ?? 'The import stopped');
    }
  }, [job, markStale]);

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          Import from WordPress
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Reads the site&apos;s posts through its REST API. Posts already imported are updated in
          place; their HTML is cleaned of anything unsafe.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <StackForm
            form={form}
            gap="3"
            direction={{ base: 'column', md: 'row' }}
            align={{ md: 'flex-end' }}
          >
            {({ isSubmitting }) => (
              <>
                <Box flex="1">
                  <FormField
                    name="siteUrl"
                    label="WordPress site address"
                    type="url"
                    placeholder="https://blog.example.org"
                    autoComplete="url"
                  />
                </Box>
                <Button
                  type="submit"
                  colorPalette="purple"
                  alignSelf={{ base: 'flex-start', md: 'flex-end' }}
                  loading={isSubmitting}
                  disabled={job?.status === 'running'}
                >
                  Import
                </Button>
              </>
            )}
          </StackForm>
          {status.error ? (
            // The job is gone (the server restarted): what it imported stays, its counts do not.
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>
                {errorMessage(status.error, 'The import’s progress is no longer available')}
              </Alert.Title>
            </Alert.Root>
          ) : job ? (
            <JobView job={job} />
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
