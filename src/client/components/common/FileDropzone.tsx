// The one upload widget (SPEC 5 'File upload widget'): drag and drop or picker, checks before
// sending, preview, remove button. The file shows under the name it had on the person's device,
// not the server's random one.
import {
  Box,
  Button,
  Field,
  HStack,
  IconButton,
  Image,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import { FileText, Upload, X } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent } from 'react';
import { UPLOAD_RULES, type UploadPurpose } from '../../../shared/schemas/uploads';
import { checkFile, fetchUploadName, uploadFile } from '../../lib/uploadFile';
import { useFieldDescription } from './fieldDescription';

/** The url's own last part, when no better name is known. */
function storedName(url: string): string {
  return url.split('/').pop() ?? url;
}

/** The name to show for an uploaded file: known from the upload, or asked of the server. */
function useShownName(url: string | null, known: Record<string, string>): string | null {
  const lookup = useQuery({
    queryKey: ['uploadName', url],
    queryFn: () => fetchUploadName(url!),
    enabled: Boolean(url) && !(url! in known),
    staleTime: Infinity,
  });
  if (!url) return null;
  return known[url] ?? lookup.data ?? storedName(url);
}

interface Props {
  label: string;
  purpose: UploadPurpose;
  value: string | null;
  onChange: (fileUrl: string | null) => void;
  /** Called when an upload fails, with the message shown. */
  onError?: (message: string) => void;
  helperText?: string;
}

export function FileDropzone({ label, purpose, value, onChange, onError, helperText }: Props) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  // The names of files sent from this widget, by url.
  const [names, setNames] = useState<Record<string, string>>({});
  const shownName = useShownName(value, names);
  const rule = UPLOAD_RULES[purpose];
  const { ids, describedBy } = useFieldDescription({
    invalid: Boolean(error),
    helper: Boolean(helperText),
  });

  async function handle(file: File | undefined) {
    if (!file) return;
    const problem = checkFile(file, purpose);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await uploadFile(file, purpose);
      const name = result.originalName ?? file.name;
      setNames((known) => ({ ...known, [result.fileUrl]: name }));
      onChange(result.fileUrl);
    } catch (e) {
      const message = (e as Error).message;
      setError(message);
      onError?.(message);
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void handle(event.dataTransfer.files[0]);
  }

  const isPdf = value?.endsWith('.pdf');
  return (
    <Field.Root invalid={Boolean(error)} ids={ids}>
      <Field.Label htmlFor={inputId}>{label}</Field.Label>
      {value ? (
        <HStack borderWidth="1px" rounded="md" p="2" gap="3" w="full">
          {isPdf ? (
            <FileText aria-hidden />
          ) : (
            <Image src={value} alt="Uploaded file preview" maxH="24" rounded="sm" />
          )}
          <Text flex="1" fontSize="sm" truncate title={shownName ?? undefined}>
            {shownName}
          </Text>
          <IconButton
            aria-label="Remove file"
            size="sm"
            variant="ghost"
            onClick={() => onChange(null)}
          >
            <X />
          </IconButton>
        </HStack>
      ) : (
        <Box
          w="full"
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={dragging ? 'purple.solid' : 'border'}
          rounded="md"
          p="6"
          textAlign="center"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <Stack align="center" gap="2">
            <Upload aria-hidden />
            <Text fontSize="sm">Drag and drop a file here, or</Text>
            <Button
              size="sm"
              variant="outline"
              loading={busy}
              aria-describedby={describedBy}
              onClick={() => inputRef.current?.click()}
            >
              Choose file
            </Button>
            <Text fontSize="xs" color="fg.muted">
              Max {rule.maxMB}MB
            </Text>
          </Stack>
        </Box>
      )}
      <Input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={rule.accept}
        display="none"
        onChange={(e) => void handle(e.target.files?.[0])}
      />
      {helperText && !error ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {error ? <Field.ErrorText color="red.fg">{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
