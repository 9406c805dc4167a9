// New and edit screens of an Education Center item (/admin/education/new, /admin/education/{id}/edit).
import { Center, Spinner, Stack } from '@chakra-ui/react';
import { useLocation, useParams } from 'wouter';
import type { TEducationForm } from '../../../shared/schemas/education';
import { EducationForm } from '../../components/admin/education/EducationForm';
import { PageHeader } from '../../components/layout/PageHeader';
import { errorMessage } from '../../lib/errors';
import { keyedToasts } from '../../lib/toaster';
import { toastOutcome } from '../../lib/toastOutcome';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { BackLink } from '../../components/common/LinkButton';

const toasts = keyedToasts('educationSave');

function useSaved(message: string) {
  const [, navigate] = useLocation();
  return toastOutcome(toasts, {
    success: message,
    failure: 'Failed to save content',
    then: () => navigate('/admin/education'),
  });
}

export function NewEducationPage() {
  useDocumentTitle('New Content');
  const [, navigate] = useLocation();
  const create = trpc.education.create.useMutation(useSaved('Content created'));
  return (
    <Stack gap="2" maxW="4xl">
      <BackLink href="/admin/education" alignSelf="flex-start">
        Back to Education
      </BackLink>
      <PageHeader title="New Content" subtitle="A tutorial, article or resource, in markdown" />
      <EducationForm
        submitLabel="Create Content"
        onSubmit={(request: TEducationForm) => create.mutateAsync(request)}
        onCancel={() => navigate('/admin/education')}
      />
    </Stack>
  );
}

export function EditEducationPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const query = trpc.education.get.useQuery({ idOrSlug: id }, { staleTime: 0 });
  const update = trpc.education.update.useMutation(useSaved('Content updated'));
  useDocumentTitle(query.data ? `Edit ${query.data.title}` : 'Edit Content');
  if (query.isLoading) {
    return (
      <Center py="16" role="status" aria-label="Loading">
        <Spinner size="lg" />
      </Center>
    );
  }
  const item = query.data;
  if (!item) {
    return (
      <Stack gap="2">
        <BackLink href="/admin/education" alignSelf="flex-start">
          Back to Education
        </BackLink>
        <PageHeader
          title="Content Not Found"
          subtitle={errorMessage(query.error, 'This item does not exist or has been removed.')}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="2" maxW="4xl">
      <BackLink href="/admin/education" alignSelf="flex-start">
        Back to Education
      </BackLink>
      <PageHeader title="Edit Content" subtitle={item.title} />
      <EducationForm
        item={item}
        submitLabel="Save Changes"
        onSubmit={(request: TEducationForm) => update.mutateAsync({ ...request, id: item.id })}
        onCancel={() => navigate('/admin/education')}
      />
    </Stack>
  );
}
